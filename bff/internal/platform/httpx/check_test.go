package httpx

import (
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
)

// A form with several bad fields is answered with every one of them, each with its code, and
// the message of the first (what clients showed before fields were listed).
func TestCheckListsEveryFailedField(t *testing.T) {
	srv := server(t, func(e *echo.Echo) {
		e.GET("/check", func(echo.Context) error {
			var c Check
			name, email, phone := " ", "nope", strings.Repeat("1", 40)
			c.Text("name", &name, 10, true)
			c.Email("email", &email)
			c.Phone("phone", &phone)
			c.Phone("phone", &phone) // a field fails once
			c.OneOf("gender", "x", "男", "女")
			c.Password("password", "123")
			return c.Err
		})
		e.GET("/ok", func(echo.Context) error {
			var c Check
			v := "fine"
			c.Text("name", &v, 10, true)
			if c.Err != nil {
				return c.Err
			}
			return nil
		})
		e.GET("/conflict", func(echo.Context) error { return Conflict("username", "用户名已存在") })
	})
	res, err := http.Get(srv.URL + "/check")
	if err != nil {
		t.Fatal(err)
	}
	env := envelope(t, res)
	want := []FieldError{
		{"name", FieldRequired, ReasonRequired},
		{"email", FieldFormat, "请输入正确的邮箱地址"},
		{"phone", FieldTooLong, "太长（最多32个字符）"},
		{"gender", FieldChoice, "必须是男、女之一"},
		{"password", FieldRange, "长度必须在6到72个字符之间"},
	}
	if env.Status != 400 || env.Code != CodeValidation || env.Message != "name: 不能为空" || !reflect.DeepEqual(env.Errors, want) {
		t.Fatalf("envelope %+v", env)
	}
	if res, err := http.Get(srv.URL + "/ok"); err != nil || res.StatusCode != 200 {
		t.Fatalf("passing checks answered %v %v", res, err)
	}
	res, err = http.Get(srv.URL + "/conflict")
	if err != nil {
		t.Fatal(err)
	}
	env = envelope(t, res)
	if env.Code != CodeConflict || env.Message != "username: 用户名已存在" ||
		!reflect.DeepEqual(env.Errors, []FieldError{{"username", FieldConflict, "用户名已存在"}}) {
		t.Fatalf("conflict %+v", env)
	}
}

func TestFieldsListEveryMissingField(t *testing.T) {
	f := Fields{Values: url.Values{"password": {strings.Repeat("x", 80)}}}
	f.Required("username", 64)
	f.Raw("password", 72)
	f.Required("code", 8)
	e, ok := f.Err.(*Error)
	if !ok || len(e.Fields) != 3 || e.Message != "username: 不能为空" || e.Fields[1].Code != FieldTooLong || e.Fields[2].Field != "code" {
		t.Fatalf("fields error %#v", f.Err)
	}
}

func TestBlurry(t *testing.T) {
	srv := server(t, func(e *echo.Echo) {
		e.GET("/s", func(c echo.Context) error {
			b, err := Blurry(c)
			if err != nil {
				return err
			}
			return c.String(http.StatusOK, "["+b+"]")
		})
	})
	res, err := http.Get(srv.URL + "/s?blurry=" + url.QueryEscape(" a_c% "))
	if err != nil {
		t.Fatal(err)
	}
	body := make([]byte, 64)
	n, _ := res.Body.Read(body)
	res.Body.Close()
	if string(body[:n]) != "[a_c%]" {
		t.Fatalf("blurry read as %s", body[:n])
	}
	res, err = http.Get(srv.URL + "/s?blurry=" + strings.Repeat("长", 65))
	if err != nil {
		t.Fatal(err)
	}
	if env := envelope(t, res); env.Message != "blurry: 太长" || env.Errors[0].Field != "blurry" {
		t.Fatalf("long blurry %+v", env)
	}
}
