package menu_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// BenchmarkBuildHandler measures GET /api/menus/build through the whole echo stack (middleware,
// token check, session lookup on SQLite, cached tree), without the network.
func BenchmarkBuildHandler(b *testing.B) {
	s := apptest.Start(b, "sqlite")
	tok := s.Login(b, "staff", apptest.DemoPassword)
	h := s.App.Echo
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req := httptest.NewRequest(http.MethodGet, "/api/menus/build", nil)
			req.Header.Set("Authorization", tok)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			if w.Code != http.StatusOK {
				b.Fatalf("status %d", w.Code)
			}
		}
	})
}
