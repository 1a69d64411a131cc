package app_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"mallconsole/bff/internal/app"
	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/apidoc"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/seed"
)

// TestAPIDocumentCoversEveryRoute: the served OpenAPI document has an operation, with a
// summary and a described answer, for every /api route registered on the router.
func TestAPIDocumentCoversEveryRoute(t *testing.T) {
	s := apptest.Start(t, "sqlite")
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
	n := 0
	for _, rt := range s.App.Routes.Routes() {
		if !strings.HasPrefix(rt.Path, apidoc.Prefix) {
			continue
		}
		n++
		op, ok := doc.Paths[apidoc.OpenAPIPath(rt.Path)][strings.ToLower(rt.Method)]
		switch {
		case !ok:
			t.Errorf("%s %s is not in the document", rt.Method, rt.Path)
		case op.Summary == "":
			t.Errorf("%s %s has no authz.Doc (no summary)", rt.Method, rt.Path)
		case len(op.Responses) == 0:
			t.Errorf("%s %s has no described answer", rt.Method, rt.Path)
		}
	}
	if n < 40 {
		t.Fatalf("only %d /api routes seen", n)
	}
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
