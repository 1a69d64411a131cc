package app_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"mallconsole/bff/internal/app"
	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/apidoc"
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
