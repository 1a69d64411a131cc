package app_test

import (
	"net/http"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// TestJSONEndpointsRefuseOtherTypes: a page of another site can post text/plain (or a form)
// without a CORS preflight; every JSON endpoint refuses a body not sent as application/json
// (415), before it changes anything.
func TestJSONEndpointsRefuseOtherTypes(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := s.Login(t, "admin", apptest.AdminPassword)
		var depts int64
		s.DB.Table("depts").Count(&depts)
		for _, c := range []struct{ method, path, body string }{
			{http.MethodPost, "/api/dept", `{"name":"跨站","pid":0,"deptSort":1}`},
			{http.MethodDelete, "/api/dept", `[1]`},
			{http.MethodPost, "/api/menus", `{"type":0,"title":"跨站","path":"/x"}`},
			{http.MethodDelete, "/api/auth/online", `["x"]`},
			{http.MethodPost, "/api/init", `{}`},
		} {
			for _, ctype := range []string{"text/plain", "application/x-www-form-urlencoded", ""} {
				r := s.Do(t, apptest.Request{Method: c.method, Path: c.path, Token: admin, Raw: []byte(c.body), RawType: ctype})
				if c.path == "/api/init" { // initialised by the demo data: that answer comes first
					want(t, r, http.StatusConflict, "系统已初始化")
					continue
				}
				want(t, r, http.StatusUnsupportedMediaType, "Content-Type: 请求体必须是application/json")
			}
		}
		var after int64
		s.DB.Table("depts").Count(&after)
		if after != depts {
			t.Fatalf("departments %d → %d", depts, after)
		}
	})
}
