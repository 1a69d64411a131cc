package httpx

import (
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/limits"
)

// Blurry reads a list's keyword search (query parameter "blurry"), trimmed, at most
// limits.BlurryMax characters. Stores match it with db.AnyLike, which escapes LIKE wildcards.
func Blurry(c echo.Context) (string, error) {
	b := strings.TrimSpace(c.QueryParam("blurry"))
	if len([]rune(b)) > limits.BlurryMax {
		return "", Invalid(FieldError{Field: "blurry", Code: FieldTooLong, Message: ReasonTooLong})
	}
	return b, nil
}
