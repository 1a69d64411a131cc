package authz

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/httpx"
)

func TestYieldLeavesRoutesOutUntilCleared(t *testing.T) {
	e := echo.New()
	pass := func(next echo.HandlerFunc) echo.HandlerFunc { return next }
	r := NewRouter(e, pass, nil)
	ok := func(c echo.Context) error { return c.NoContent(http.StatusNoContent) }
	r.Yield(func(path string) bool { return strings.HasPrefix(path, "/api/goods") })
	r.GET("/api/goods", Public(), ok).Doc(Doc{Summary: "chaining still works"})
	r.GET("/api/users", Public(), ok)
	r.Yield(nil)
	r.GET("/api/goods/*", Public(), ok)
	if r.Has(http.MethodGet, "/api/goods") || !r.Has(http.MethodGet, "/api/users") || !r.Has(http.MethodGet, "/api/goods/*") {
		t.Fatalf("rules = %v", r.Rules())
	}
	for path, want := range map[string]int{"/api/goods": http.StatusNotFound, "/api/users": http.StatusNoContent, "/api/goods/1": http.StatusNoContent} {
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != want {
			t.Errorf("%s: %d, want %d", path, rec.Code, want)
		}
	}
}

// TestRefusalNamesThePermissionInWords: a 403 says what may not be done by the menu's words,
// named when the request is refused (the names may be set after the routes), never by the code.
func TestRefusalNamesThePermissionInWords(t *testing.T) {
	e := echo.New()
	e.HTTPErrorHandler = func(err error, c echo.Context) {
		he, _ := err.(*httpx.Error)
		_ = c.String(he.Status, he.Message)
	}
	signedIn := func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			Set(c, &Principal{UserID: 2, Perms: []string{"user:list"}})
			return next(c)
		}
	}
	r := NewRouter(e, signedIn, nil)
	ok := func(c echo.Context) error { return c.NoContent(http.StatusNoContent) }
	r.POST("/api/workflow/leave/batch", Perm("leave:batch"), ok)
	r.POST("/api/other", Perm("other:thing"), ok)
	call := func(path string) (int, string) {
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, path, nil))
		return rec.Code, rec.Body.String()
	}
	if code, msg := call("/api/workflow/leave/batch"); code != 403 || msg != "没有权限" {
		t.Fatalf("before names: %d %q", code, msg)
	}
	r.NameRefusals(func(_ context.Context, perm string) string {
		if perm == "leave:batch" {
			return "流程申请（多人） - 批量发起"
		}
		return ""
	})
	if code, msg := call("/api/workflow/leave/batch"); code != 403 || msg != "你没有“流程申请（多人） - 批量发起”的权限" {
		t.Fatalf("named: %d %q", code, msg)
	}
	if code, msg := call("/api/other"); code != 403 || msg != "没有权限" || strings.Contains(msg, ":") {
		t.Fatalf("unnamed: %d %q", code, msg)
	}
}

// TestSignedRoutesSkipSessionAndAudit: a signed route runs its verifier alone: no session
// middleware (a browser's cookie or token means nothing there) and no operation log.
func TestSignedRoutesSkipSessionAndAudit(t *testing.T) {
	e := echo.New()
	var ran []string
	mark := func(name string) echo.MiddlewareFunc {
		return func(next echo.HandlerFunc) echo.HandlerFunc {
			return func(c echo.Context) error { ran = append(ran, name); return next(c) }
		}
	}
	r := NewRouter(e, mark("session"), mark("audit"))
	r.POST("/open/v1/things", Signed(mark("verify"), "HMAC"), func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/open/v1/things", nil))
	if rec.Code != http.StatusNoContent || strings.Join(ran, ",") != "verify" {
		t.Fatalf("%d, ran %v", rec.Code, ran)
	}
	rule := r.Rules()["POST /open/v1/things"]
	if rule.Access != AccessSigned || rule.String() != "signed" || rule.Verify == nil || r.Routes()[0].Rule.Scheme != "HMAC" {
		t.Fatalf("rule %+v", rule)
	}
}
