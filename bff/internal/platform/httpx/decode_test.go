package httpx

import (
	"net/http"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
)

// TestBodiesMustBeUTF8AndOneValue: encoding/json turns bytes that are not UTF-8 into U+FFFD
// and stops after the first value; the readers refuse both instead of storing what nobody sent.
func TestBodiesMustBeUTF8AndOneValue(t *testing.T) {
	srv := server(t, func(e *echo.Echo) {
		e.POST("/json", func(c echo.Context) error {
			var v struct{ Name string }
			return JSON(c, &v)
		})
		e.POST("/form", func(c echo.Context) error {
			_, err := Form(c)
			return err
		})
		e.POST("/ids", func(c echo.Context) error {
			_, err := IDs(c)
			return err
		})
	})
	cases := []struct {
		path, ctype, body, message string
		status                     int
	}{
		{"/json", "application/json", `{"name":"a"}`, "", http.StatusOK},
		{"/json", "application/json", "{\"name\":\"\xff\xfe\"}", "body: 不是有效的UTF-8文本", http.StatusBadRequest},
		{"/json", "application/json", `{"name":"a"} {"name":"b"}`, "body: 不是有效的JSON", http.StatusBadRequest},
		{"/json", "application/json", "{\"name\":\"a\"}\n", "", http.StatusOK},
		{"/form", "application/json", "{\"name\":\"\xc0\xaf\"}", "body: 不是有效的UTF-8文本", http.StatusBadRequest},
		{"/form", "application/x-www-form-urlencoded", "name=%FF", "name: 不是有效的UTF-8文本", http.StatusBadRequest},
		{"/form", "application/x-www-form-urlencoded", "name=%E4%BD%A0", "", http.StatusOK},
		{"/ids", "application/json", "[1] [2]", "body: 必须是ID的JSON数组", http.StatusBadRequest},
	}
	for _, tc := range cases {
		res, err := http.Post(srv.URL+tc.path, tc.ctype, strings.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		if res.StatusCode != tc.status {
			t.Errorf("%s %q: %d, want %d", tc.path, tc.body, res.StatusCode, tc.status)
			res.Body.Close()
			continue
		}
		if tc.status == http.StatusOK {
			res.Body.Close()
			continue
		}
		if env := envelope(t, res); env.Message != tc.message {
			t.Errorf("%s %q: %q, want %q", tc.path, tc.body, env.Message, tc.message)
		}
	}
}
