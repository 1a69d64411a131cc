package app_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// TestCCRecipientsSeeTheirFields: a cc node's field permissions hold for the people it copies — a
// field hidden there is absent from the instance they read, not only flagged — while another cc
// node's recipients read it; a cc node granting edit does not publish.
func TestCCRecipientsSeeTheirFields(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		staff, admin := leaveFixture(t, s)
		id := func(name string) int64 {
			var v int64
			s.DB.Table("users").Where("username = ?", name).Pluck("id", &v)
			return v
		}
		ref := func(name string) []any { return []any{map[string]any{"id": id(name), "name": name}} }
		cc := func(nodeID, who string, perms map[string]any, next map[string]any) map[string]any {
			return map[string]any{"id": nodeID, "type": "cc", "name": "抄送" + who, "next": next,
				"props": map[string]any{"users": ref(who), "fieldPerms": perms}}
		}
		approve := map[string]any{"id": "n1", "type": "approver", "name": "审批", "next": nil, "props": map[string]any{
			"mode": "or", "assignee": map[string]any{"kind": "users", "users": ref("admin")}, "empty": map[string]any{"action": "pass"}}}
		flow := func(perms map[string]any) map[string]any {
			return map[string]any{"id": "start", "type": "start", "name": "发起人", "props": map[string]any{},
				"next": cc("c1", "lisi", perms, cc("c2", "zhaoliu", nil, approve))}
		}
		schema := map[string]any{"fields": []any{
			map[string]any{"key": "amount", "type": "amount", "label": "金额"},
			map[string]any{"key": "secret", "type": "text", "label": "薪资"},
		}}
		form := func(perms map[string]any) int64 {
			return createdID(t, admin.do(http.MethodPost, "/api/workflow/forms", map[string]any{"name": "抄送", "schema": schema, "flow": flow(perms)}))
		}

		editing := form(map[string]any{"amount": "edit"})
		r := admin.do(http.MethodPost, fmt.Sprintf("/api/workflow/forms/%d/publish", editing), nil)
		var probs struct {
			Problems []struct{ NodeID, Message string }
		}
		r.JSON(t, &probs)
		if r.Status != http.StatusBadRequest || len(probs.Problems) != 1 || probs.Problems[0].NodeID != "c1" ||
			!strings.Contains(probs.Problems[0].Message, "金额") {
			t.Fatalf("publishing a cc node that grants edit: %d %s", r.Status, r.Body)
		}

		hiding := form(map[string]any{"secret": "hidden"})
		want(t, admin.do(http.MethodPost, fmt.Sprintf("/api/workflow/forms/%d/publish", hiding), nil), http.StatusOK, "")
		const secret = "月薪三万八"
		inst := createdID(t, staff.do(http.MethodPost, "/api/workflow/instances", map[string]any{"formId": hiding,
			"data": map[string]any{"amount": 12.5, "secret": secret}}))
		path := fmt.Sprintf("/api/workflow/instances/%d", inst)
		type view struct {
			Data       map[string]any    `json:"data"`
			FieldPerms map[string]string `json:"fieldPerms"`
		}

		lisi := client{t, s, s.Login(t, "lisi", "leave-pass")}
		r = lisi.do(http.MethodGet, path, nil)
		want(t, r, http.StatusOK, "")
		if strings.Contains(string(r.Body), secret) {
			t.Fatalf("the hidden field reaches its cc recipient: %s", r.Body)
		}
		var v view
		r.JSON(t, &v)
		if v.FieldPerms["secret"] != "hidden" || v.FieldPerms["amount"] != "read" || v.Data["amount"] != 12.5 {
			t.Fatalf("lisi's view: %+v", v)
		}

		zhaoliu := client{t, s, s.Login(t, "zhaoliu", "leave-pass")}
		var w view
		zhaoliu.do(http.MethodGet, path, nil).JSON(t, &w)
		if w.Data["secret"] != secret || w.FieldPerms["secret"] != "read" {
			t.Fatalf("the other cc node's recipient: %+v", w)
		}
	})
}
