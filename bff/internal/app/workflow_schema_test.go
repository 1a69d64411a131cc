package app_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// TestRichtextDefaultIsSanitised: a rich-text field's default is stored and answered as the
// sanitiser leaves it, in the draft and in the published version, also for a draft that was
// stored raw before (older code).
func TestRichtextDefaultIsSanitised(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		var adminID int64
		s.DB.Table("users").Where("username = ?", "admin").Pluck("id", &adminID)
		const dirty = `<p>说明<img src=x onerror=alert(1)><script>alert(2)</script></p>`
		schema := map[string]any{"fields": []any{map[string]any{"key": "body", "type": "richtext", "label": "正文", "default": dirty}}}
		body := map[string]any{"name": "富文本", "schema": schema, "flow": publishFlow(adminID, "审批")}
		id := createdID(t, admin.do(http.MethodPost, "/api/workflow/forms", body))
		path := fmt.Sprintf("/api/workflow/forms/%d", id)
		clean := func(where, got string) {
			t.Helper()
			for _, bad := range []string{"onerror", "<script", "alert("} {
				if strings.Contains(got, bad) {
					t.Fatalf("%s keeps %s: %s", where, bad, got)
				}
			}
		}
		var stored string
		s.DB.Table("wf_forms").Where("id = ?", id).Pluck("draft_schema", &stored)
		clean("the stored draft", stored)
		if !strings.Contains(stored, "说明") {
			t.Fatalf("the text of the default is gone: %s", stored)
		}
		r := admin.do(http.MethodGet, path, nil)
		want(t, r, http.StatusOK, "")
		clean("the answered draft", string(r.Body))

		// a draft stored raw by older code is cleaned when published
		s.DB.Table("wf_forms").Where("id = ?", id).Update("draft_schema",
			`{"fields":[{"key":"body","type":"richtext","label":"正文","default":"`+strings.ReplaceAll(dirty, `"`, `\"`)+`"}]}`)
		want(t, admin.do(http.MethodPost, path+"/publish", nil), http.StatusOK, "")
		s.DB.Table("wf_form_versions").Where("form_id = ?", id).Pluck("schema", &stored)
		clean("the published version", stored)
		r = admin.do(http.MethodGet, path, nil)
		var v struct {
			Published struct {
				Schema struct {
					Fields []struct {
						Default string `json:"default"`
					} `json:"fields"`
				} `json:"schema"`
			} `json:"published"`
		}
		r.JSON(t, &v)
		if f := v.Published.Schema.Fields; len(f) != 1 || !strings.Contains(f[0].Default, "说明") {
			t.Fatalf("the published default: %s", r.Body)
		}
		clean("the answered version", v.Published.Schema.Fields[0].Default)
	})
}

// publishFlow is a flow whose one approver is the user id.
func publishFlow(approver int64, name string) map[string]any {
	return map[string]any{"id": "start", "type": "start", "name": "发起人", "props": map[string]any{},
		"next": map[string]any{"id": "n1", "type": "approver", "name": name, "next": nil, "props": map[string]any{
			"mode": "or", "assignee": map[string]any{"kind": "users", "users": []any{map[string]any{"id": approver, "name": "admin"}}},
			"empty": map[string]any{"action": "pass"}}}}
}
