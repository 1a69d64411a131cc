package app_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// TestTransfer: a transfer answers 200 with the instance as the caller may still see it (their
// node's hidden field still hidden, nothing left to do) and lists it among what they handled;
// channel operators, disabled and unknown accounts and the applicant are refused as targets with
// 400 on userId, leaving the task where it was.
func TestTransfer(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		staff, admin := leaveFixture(t, s)
		lead := client{t, s, s.Login(t, "lead", apptest.DemoPassword)}
		lisi := client{t, s, s.Login(t, "lisi", "leave-pass")}
		user := func(name string) int64 { return userID(t, s, name) }
		flow := map[string]any{"id": "start", "type": "start", "name": "发起人", "props": map[string]any{},
			"next": map[string]any{"id": "n1", "type": "approver", "name": "组长", "next": nil, "props": map[string]any{
				"mode": "or", "assignee": map[string]any{"kind": "users", "users": []any{map[string]any{"id": user("lead"), "name": "lead"}}},
				"empty": map[string]any{"action": "pass"}, "fieldPerms": map[string]any{"secret": "hidden"}}}}
		schema := map[string]any{"fields": []any{map[string]any{"key": "secret", "type": "text", "label": "备注"}}}
		form := createdID(t, admin.do(http.MethodPost, "/api/workflow/forms", map[string]any{"name": "转交", "schema": schema, "flow": flow}))
		want(t, admin.do(http.MethodPost, fmt.Sprintf("/api/workflow/forms/%d/publish", form), nil), http.StatusOK, "")
		id := createdID(t, staff.do(http.MethodPost, "/api/workflow/instances", map[string]any{"formId": form,
			"data": map[string]any{"secret": "只给申请人看"}}))
		path := fmt.Sprintf("/api/workflow/instances/%d", id)

		if err := s.DB.Table("users").Where("username = ?", "wangwu").Update("enabled", false).Error; err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			target int64
			msg    string
		}{
			{user("channel"), "userId: 用户不存在、已停用或不是员工"},
			{user("wangwu"), "userId: 用户不存在、已停用或不是员工"},
			{999999, "userId: 用户不存在、已停用或不是员工"},
			{user("staff"), "userId: 不能转交给申请人本人"},
		} {
			want(t, lead.do(http.MethodPost, path+"/transfer", map[string]any{"userId": c.target}), http.StatusBadRequest, c.msg)
		}
		wantAt(t, staff, id, "n1", "陈组长")

		var v struct {
			Status  string         `json:"status"`
			Data    map[string]any `json:"data"`
			Actions []string       `json:"actions"`
		}
		r := lead.do(http.MethodPost, path+"/transfer", map[string]any{"userId": user("lisi"), "comment": "请李四处理"})
		want(t, r, http.StatusOK, "")
		r.JSON(t, &v)
		if _, seen := v.Data["secret"]; v.Status != "running" || seen || len(v.Actions) != 0 {
			t.Fatalf("the transfer's answer: %s", r.Body)
		}
		wantAt(t, lead, id, "n1", "lisi")
		var done struct {
			Content []struct{ InstanceID int64 }
		}
		lead.do(http.MethodGet, "/api/workflow/tasks?box=done", nil).JSON(t, &done)
		if len(done.Content) != 1 || done.Content[0].InstanceID != id {
			t.Fatalf("lead's done box after the transfer: %+v", done)
		}
		want(t, lead.do(http.MethodPost, path+"/approve", map[string]any{}), http.StatusForbidden, "当前无权操作")
		want(t, lisi.do(http.MethodPost, path+"/approve", map[string]any{}), http.StatusOK, "")
		lead.do(http.MethodGet, path, nil).JSON(t, &v)
		if v.Status != "approved" || !slices.Equal(v.Actions, []string{}) {
			t.Fatalf("lead's view once approved: %+v", v)
		}
	})
}
