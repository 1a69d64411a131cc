package auth_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/authz"
)

// BenchmarkAuthenticate measures the check every signed-in request pays: token signature,
// session lookup (SQLite, prepared statement) and the cached principal.
func BenchmarkAuthenticate(b *testing.B) {
	for _, variant := range []string{"sqlite", "redis"} {
		b.Run(variant, func(b *testing.B) {
			s := apptest.Start(b, variant)
			tok := s.Login(b, "staff", apptest.DemoPassword)
			e := s.App.Echo
			h := s.App.Auth.Authenticate(func(c echo.Context) error {
				if authz.From(c) == nil {
					b.Fatal("no principal")
				}
				return nil
			})
			b.ReportAllocs()
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					req := httptest.NewRequest(http.MethodGet, "/api/auth/info", nil)
					req.Header.Set("Authorization", tok)
					if err := h(e.NewContext(req, httptest.NewRecorder())); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}

// BenchmarkCaptcha measures GET /api/auth/code through the whole stack (routing, operation log
// middleware, drawing, storage) from one address with the limit off.
func BenchmarkCaptcha(b *testing.B) {
	for _, variant := range []string{"sqlite", "mysql"} {
		b.Run(variant, func(b *testing.B) {
			s := apptest.Start(b, variant)
			e := s.App.Echo
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				rec := httptest.NewRecorder()
				e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/auth/code", nil))
				if rec.Code != http.StatusOK {
					b.Fatal(rec.Code)
				}
			}
		})
	}
}
