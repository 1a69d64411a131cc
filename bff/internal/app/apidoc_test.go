package app_test

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/app"
	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/apidoc"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/seed"
)

// TestAPIDocumentCoversEveryRoute: every route echo serves, the staff API, the channel API
// under /background, the health checks and, in upstream mode, the proxied prefixes, has an
// operation in the served OpenAPI document, with a summary and a described answer. Only the
// routes named in undocumented are left out, each for its reason.
func TestAPIDocumentCoversEveryRoute(t *testing.T) {
	site := t.TempDir()
	if err := os.WriteFile(filepath.Join(site, "index.html"), []byte("<!doctype html><title>t</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	full := func(c *config.Config) {
		c.StaticDir = site                                  // the single-page app's fallback route
		c.PortalSecret = "only-for-the-document-0123456789" // POST /api/auth/loginAccount
	}
	for name, setups := range map[string][]apptest.Setup{
		"standalone": {full},
		// /background proxied replaces the channel API's catch-all; replace hands the goods
		// routes over; a perm: prefix adds its own routes.
		"upstream": {full, func(c *config.Config) {
			up, err := config.Load(nil, []string{"BFF_UPSTREAMS=/background=http://127.0.0.1:9/base," +
				"/api/legacy=http://127.0.0.1:9|perm:goods:del,/api/goods=http://127.0.0.1:9|replace",
				"BFF_UPSTREAM_SECRET=" + strings.Repeat("s", 32)}, io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			c.Upstreams, c.UpstreamSecret = up.Upstreams, up.UpstreamSecret
		}},
	} {
		t.Run(name, func(t *testing.T) {
			s := apptest.Start(t, "sqlite", setups...)
			if r := s.Do(t, apptest.Request{Path: app.APIDocPath}); r.Status != http.StatusUnauthorized {
				t.Fatalf("without a session: %d, want 401", r.Status)
			}
			var doc struct {
				OpenAPI string `json:"openapi"`
				Paths   map[string]map[string]struct {
					Summary   string                     `json:"summary"`
					Responses map[string]json.RawMessage `json:"responses"`
				} `json:"paths"`
			}
			r := s.Do(t, apptest.Request{Path: app.APIDocPath, Token: s.Login(t, "admin", apptest.AdminPassword)})
			if r.Status != http.StatusOK {
				t.Fatalf("document: %d %s", r.Status, r.Body)
			}
			r.JSON(t, &doc)
			if !strings.HasPrefix(doc.OpenAPI, "3.1") {
				t.Fatalf("openapi %q, want 3.1", doc.OpenAPI)
			}
			seen := map[string]bool{}
			for _, rt := range s.App.Echo.Routes() {
				key := authz.RouteKey(rt.Method, rt.Path)
				seen[rt.Path] = true
				if _, ok := undocumented[key]; ok {
					continue
				}
				op, ok := doc.Paths[apidoc.OpenAPIPath(rt.Path)][strings.ToLower(rt.Method)]
				switch {
				case !ok:
					t.Errorf("%s is not in the document", key)
				case op.Summary == "":
					t.Errorf("%s has no authz.Doc (no summary)", key)
				case len(op.Responses) == 0:
					t.Errorf("%s has no described answer", key)
				}
			}
			want := []string{"/api/auth/login", "/background/common/tj/login", "/background/xf/order/expressImport", "/healthz", "/*"}
			if name == "upstream" {
				want = append(want, "/api/legacy/*", "/background/*", "/api/goods/*")
			}
			for _, p := range want {
				if !seen[p] {
					t.Errorf("echo serves no %s: the walk misses routes", p)
				}
			}
			if len(seen) < 100 {
				t.Fatalf("only %d paths seen", len(seen))
			}
		})
	}
}

// undocumented are the routes echo serves that the document leaves out, each with its reason.
// (GET /metrics is not among echo's routes: it has its own listener, BFF_METRICS_ADDR.)
var undocumented = map[string]string{
	// The single-page app: index.html and its files for whatever no route matched (package web).
	// Pages, not an API, and only with BFF_STATIC_DIR.
	authz.RouteKey(echo.RouteNotFound, "/*"): "the single-page app's files",
	// The channel API's catch-all is documented under every method OpenAPI 3.1 has an
	// operation for; these three it has none for (apidoc.Documentable).
	authz.RouteKey(http.MethodConnect, "/background/*"): "no OpenAPI operation for CONNECT",
	authz.RouteKey(echo.PROPFIND, "/background/*"):      "no OpenAPI operation for PROPFIND",
	authz.RouteKey(echo.REPORT, "/background/*"):        "no OpenAPI operation for REPORT",
}

// TestAPIDocumentNeedsItsPermission: the document is for holders of api:doc (the superuser by
// the seed; staff without it get 403), or for anyone with BFF_API_DOCS=public. Swagger UI's page
// and files come from the BFF itself and ask for the document with the user's session.
func TestAPIDocumentNeedsItsPermission(t *testing.T) {
	t.Parallel()
	s := apptest.Start(t, "sqlite")
	if r := s.Do(t, apptest.Request{Path: app.APIDocPath, Token: s.Login(t, seed.StaffUser, apptest.DemoPassword)}); r.Status != http.StatusForbidden {
		t.Fatalf("staff without api:doc: %d, want 403", r.Status)
	}
	page := s.Do(t, apptest.Request{Path: apidoc.UIPath})
	body := string(page.Body)
	if page.Status != http.StatusOK || !strings.HasPrefix(page.Header.Get("Content-Type"), "text/html") ||
		!strings.Contains(body, `src="`+apidoc.UIAssets+`swagger-ui-bundle.js"`) || !strings.Contains(body, app.APIDocPath) ||
		!strings.Contains(body, "EL-ADMIN-TOEKN") || strings.Contains(body, "https://cdn") || strings.Contains(body, "unpkg") {
		t.Fatalf("Swagger UI page: %d %v\n%s", page.Status, page.Header, body)
	}
	for _, f := range []string{"swagger-ui-bundle.js", "swagger-ui.css"} {
		r := s.Do(t, apptest.Request{Path: apidoc.UIAssets + f})
		if r.Status != http.StatusOK || len(r.Body) < 10_000 {
			t.Fatalf("%s: %d, %d bytes", f, r.Status, len(r.Body))
		}
	}
	if r := s.Do(t, apptest.Request{Path: apidoc.UIAssets + "nothing.js"}); r.Status != http.StatusNotFound {
		t.Fatalf("a file Swagger UI does not have: %d", r.Status)
	}

	open := apptest.Start(t, "sqlite", func(c *config.Config) { c.APIDocsPublic = true })
	if r := open.Do(t, apptest.Request{Path: app.APIDocPath}); r.Status != http.StatusOK || !strings.Contains(string(r.Body), `"openapi"`) {
		t.Fatalf("BFF_API_DOCS=public, without a session: %d", r.Status)
	}
}
