package apidoc

import (
	"encoding/json"
	"net/http"
	"testing"

	"mallconsole/bff/internal/platform/authz"
)

type ref struct {
	ID int64 `json:"id"`
}

type row struct {
	Name  string   `json:"name"`
	Dept  *ref     `json:"dept"`
	Tags  []string `json:"tags"`
	Extra string   `json:"extra,omitempty"`
}

type idPath struct {
	ID int64 `path:"id"`
}

// TestConventions: the document states how the Go types encode (required unless omitempty,
// pointers nullable, slices never null), carries DELETE bodies and path parameters, describes
// every route under any prefix, tagged by its first segment, and leaves out only the methods
// OpenAPI has no operation for.
func TestConventions(t *testing.T) {
	raw, err := Build("t", "1", []authz.Route{
		{Method: http.MethodGet, Path: "/api/rows/:id", Rule: authz.SignedIn(),
			API: authz.Doc{Summary: "one row", Params: idPath{}, Resp: row{}}},
		{Method: http.MethodDelete, Path: "/api/rows", Rule: authz.Perm("row:del"),
			API: authz.Doc{Summary: "delete rows", Body: []int64{}, Status: http.StatusOK}},
		{Method: http.MethodGet, Path: "/healthz", Rule: authz.Public(), API: authz.Doc{Summary: "alive", Status: http.StatusOK}},
		{Method: http.MethodPost, Path: "/background/common/tj/login", Rule: authz.Public(), API: authz.Doc{Summary: "sign in"}},
		{Method: "PROPFIND", Path: "/background/*", Rule: authz.Channel()},
	})
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]struct {
			Tags        []string                    `json:"tags"`
			Parameters  []struct{ Name, In string } `json:"parameters"`
			RequestBody *json.RawMessage            `json:"requestBody"`
			Responses   map[string]any              `json:"responses"`
			Access      string                      `json:"x-access"`
		} `json:"paths"`
		Components struct {
			Schemas map[string]struct {
				Required   []string                  `json:"required"`
				Properties map[string]map[string]any `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Paths) != 4 {
		t.Fatalf("paths %v: want every route but PROPFIND's", doc.Paths)
	}
	for path, want := range map[string]string{"/api/rows": "rows", "/healthz": "healthz", "/background/common/tj/login": "background"} {
		for _, op := range doc.Paths[path] {
			if len(op.Tags) != 1 || op.Tags[0] != want {
				t.Errorf("%s: tags %v, want %s", path, op.Tags, want)
			}
		}
	}
	get := doc.Paths["/api/rows/{id}"]["get"]
	if len(get.Parameters) != 1 || get.Parameters[0].Name != "id" || get.Parameters[0].In != "path" {
		t.Errorf("path parameter: %+v", get.Parameters)
	}
	if get.Access != "signed-in" {
		t.Errorf("x-access %q", get.Access)
	}
	del := doc.Paths["/api/rows"]["delete"]
	if del.RequestBody == nil || del.Responses["200"] == nil || del.Access != "perm(row:del)" {
		t.Errorf("delete: body %v, responses %v, access %q", del.RequestBody, del.Responses, del.Access)
	}
	if _, ok := doc.Paths["/__delete_body"]; ok {
		t.Error("the scratch path stayed in the document")
	}
	s, ok := doc.Components.Schemas["ApidocRow"]
	if !ok {
		t.Fatalf("schemas: %v", doc.Components.Schemas)
	}
	if want := []string{"name", "dept", "tags"}; len(s.Required) != 3 || s.Required[0] != want[0] || s.Required[1] != want[1] || s.Required[2] != want[2] {
		t.Errorf("required %v, want %v", s.Required, want)
	}
	if _, ok := s.Properties["dept"]["anyOf"]; !ok {
		t.Errorf("a pointer must be nullable: %v", s.Properties["dept"])
	}
	if typ, _ := s.Properties["tags"]["type"].(string); typ != "array" {
		t.Errorf("a slice is an array, never null: %v", s.Properties["tags"])
	}
}
