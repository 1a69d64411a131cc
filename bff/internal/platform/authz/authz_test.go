package authz

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/httpx"
)

func TestRequirePerm(t *testing.T) {
	e := echo.New()
	ok := func(echo.Context) error { return nil }
	run := func(p *Principal, perms ...string) error {
		c := e.NewContext(httptest.NewRequest(http.MethodGet, "/", nil), httptest.NewRecorder())
		if p != nil {
			Set(c, p)
		}
		return RequirePerm(perms...)(ok)(c)
	}
	status := func(err error) int {
		var he *httpx.Error
		if errors.As(err, &he) {
			return he.Status
		}
		return 0
	}
	staff := &Principal{Perms: []string{"online:list", "user:list"}}
	if err := run(staff, "online:list"); err != nil {
		t.Fatal(err)
	}
	if err := run(staff, "online:del", "user:list"); err != nil {
		t.Fatal("one of several permissions should do")
	}
	if s := status(run(staff, "online:del")); s != 403 {
		t.Fatalf("missing permission: %d", s)
	}
	if err := run(&Principal{IsAdmin: true}, "anything"); err != nil {
		t.Fatal("the superuser holds every permission")
	}
	if s := status(run(nil, "online:list")); s != 401 {
		t.Fatalf("no principal: %d", s)
	}
}
