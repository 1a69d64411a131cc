package authz

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
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
