package export

import (
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/httpx"
)

// Source produces the rows of a query (values in q.Fields order). It gets the request so that it
// can apply the caller's data scope.
type Source func(c echo.Context, q Query, emit Emit) error

// Resource is the one declaration a list resource makes to be exportable.
type Resource struct {
	Title    string   // file name {Title}数据.xlsx
	Fields   []string // exportable fields
	Filters  []string // accepted filters (date ranges already split: startTime, endTime, …)
	Sortable []string
	Rows     Source
}

// maxBody bounds the request: headers, fields, up to maxIDs ids and filters.
const maxBody = 1 << 20

// Routes registers POST {prefix}/download (the rows named by ids) and {prefix}/downloadAll
// (every row that matches the filters), behind mw (authentication, permission).
func Routes(e *echo.Echo, prefix string, res Resource, mw ...echo.MiddlewareFunc) {
	e.POST(prefix+"/download", handler(res, false), mw...)
	e.POST(prefix+"/downloadAll", handler(res, true), mw...)
}

func handler(res Resource, all bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		body, err := io.ReadAll(io.LimitReader(c.Request().Body, maxBody+1))
		if err != nil {
			return httpx.BodyError(err, "读取失败")
		}
		if len(body) > maxBody {
			return &httpx.Error{Status: http.StatusRequestEntityTooLarge, Message: "请求体过大"}
		}
		q, err := parse(body, &res, all)
		if err != nil {
			return err
		}
		h := c.Response().Header()
		h.Set(echo.HeaderContentType, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
		h.Set(echo.HeaderContentDisposition, Disposition(res.Title+"数据.xlsx"))
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set(echo.HeaderCacheControl, "no-store")
		w := &lazyWriter{c: c}
		if err := Write(w, q.Headers, func(emit Emit) error { return res.Rows(c, q, emit) }); err != nil {
			if w.started {
				return nil // the status is sent; the client sees a truncated file
			}
			return err
		}
		return nil
	}
}

// lazyWriter sends the status line with the first byte, so that an error before it is still an
// error answer.
type lazyWriter struct {
	c       echo.Context
	started bool
}

func (w *lazyWriter) Write(p []byte) (int, error) {
	if !w.started {
		w.started = true
		w.c.Response().WriteHeader(http.StatusOK)
	}
	return w.c.Response().Write(p)
}

// Disposition is an attachment header with an ASCII fallback and the RFC 5987 UTF-8 name.
func Disposition(name string) string {
	ascii := strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' || r == '/' {
			return '_'
		}
		return r
	}, name)
	return `attachment; filename="` + ascii + `"; filename*=UTF-8''` + rfc5987(name)
}

// rfc5987 percent-encodes everything but attr-char (RFC 5987 §3.2.1).
func rfc5987(s string) string {
	var b strings.Builder
	for _, c := range []byte(s) {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$&+-.^_`|~", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}
