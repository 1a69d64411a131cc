package apidoc

import (
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/swaggest/swgui"
	"github.com/swaggest/swgui/v5emb"
)

// UIPath is where seed-spec §7 browses the API; UIAssets holds Swagger UI's files (embedded in the
// binary: nothing loads from a CDN).
const (
	UIPath   = "/api/swagger-ui.html"
	UIAssets = "/api/swagger-ui/"
)

// tokenScript gives Swagger UI the console's session for its requests: the token cookie (or its
// localStorage copy) when the page is opened on the console's origin; inside the console's own
// 接口文档 page in a host portal, whose origin keeps the token, the parent hands it over with
// postMessage (only the parent window is listened to; frame-ancestors limits who that can be).
const tokenScript = `<script>
window.bffToken = new Promise(function (resolve) {
  var m = document.cookie.match(/(?:^|; )EL-ADMIN-TOEKN=([^;]*)/);
  var own = m ? decodeURIComponent(m[1]) : (function () { try { return localStorage.getItem('EL-ADMIN-TOEKN'); } catch (e) { return null; } })();
  if (own || window.parent === window) { resolve(own); return; }
  window.addEventListener('message', function (e) {
    if (e.source === window.parent && e.data && e.data.type === 'bff-token') resolve(e.data.token);
  });
  window.parent.postMessage({ type: 'bff-swagger-ready' }, '*');
  setTimeout(function () { resolve(null); }, 3000);
});
</script>`

// UI serves the Swagger UI page and its files, reading the document at docPath. Besides the
// console itself, only ancestors (the host portals) may frame the page.
func UI(title, docPath string, ancestors []string) echo.HandlerFunc {
	frame := "frame-ancestors " + strings.Join(append([]string{"'self'"}, ancestors...), " ")
	h := v5emb.NewHandlerWithConfig(swgui.Config{
		Title: title, SwaggerJSON: docPath, BasePath: UIAssets, HideCurl: false,
		AppendHead: tokenScript,
		SettingsUI: map[string]string{
			"requestInterceptor": `function (req) {
				return window.bffToken.then(function (t) { if (t) req.headers.Authorization = t; return req; });
			}`,
		},
	})
	return func(c echo.Context) error {
		r := c.Request()
		if r.URL.Path == UIPath {
			r2 := r.Clone(r.Context())
			r2.URL.Path = UIAssets
			r = r2
		} else if !strings.HasPrefix(r.URL.Path, UIAssets) || r.URL.Path == UIAssets {
			return echo.ErrNotFound
		}
		c.Response().Header().Set(echo.HeaderCacheControl, "no-cache")
		c.Response().Header().Set(echo.HeaderContentSecurityPolicy, frame)
		h.ServeHTTP(c.Response(), r)
		return nil
	}
}
