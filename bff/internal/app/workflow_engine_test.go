package app_test

import (
	"fmt"
	"net/http"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// TestWorkflowContract: the engine's answers as docs/workflow.md gives them — 400 naming the
// field (schema path, data key, comment), 400 with problems per node, 403 当前无权操作, 409
// 该任务已被处理，请刷新, hidden fields left out of data.
func TestWorkflowContract(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		staff, admin := leaveFixture(t, s)
		lead := client{t, s, s.Login(t, "lead", apptest.DemoPassword)}
		var leadID int64
		s.DB.Table("users").Where("username = ?", "lead").Pluck("id", &leadID)
		schema := map[string]any{"fields": []any{
			map[string]any{"key": "amount", "type": "amount", "label": "金额", "required": true},
			map[string]any{"key": "secret", "type": "text", "label": "备注"},
		}}
		flow := map[string]any{"id": "start", "type": "start", "name": "发起人", "props": map[string]any{},
			"next": map[string]any{"id": "n1", "type": "approver", "name": "组长", "next": nil, "props": map[string]any{
				"mode": "or", "assignee": map[string]any{"kind": "users", "users": []any{map[string]any{"id": leadID, "name": "lead"}}},
				"empty": map[string]any{"action": "pass"}, "fieldPerms": map[string]any{"secret": "hidden"}}}}
		bad := map[string]any{"name": "坏", "schema": map[string]any{"fields": []any{map[string]any{"key": "1a", "type": "text", "label": "x"}}}}
		want(t, admin.do(http.MethodPost, "/api/workflow/forms", bad), http.StatusBadRequest, "fields[0].key: 须以字母开头，由字母、数字、下划线组成，最长32个字符")
		want(t, staff.do(http.MethodPost, "/api/workflow/forms", map[string]any{"name": "x", "schema": schema}), http.StatusForbidden, "")

		broken := createdID(t, admin.do(http.MethodPost, "/api/workflow/forms", map[string]any{"name": "缺审批人", "schema": schema,
			"flow": map[string]any{"id": "start", "type": "start", "name": "发起人", "next": map[string]any{"id": "n1", "type": "approver",
				"name": "空", "props": map[string]any{"mode": "or"}}}}))
		r := admin.do(http.MethodPost, fmt.Sprintf("/api/workflow/forms/%d/publish", broken), nil)
		var probs struct {
			Problems []struct{ NodeID, Message string }
		}
		r.JSON(t, &probs)
		if r.Status != http.StatusBadRequest || len(probs.Problems) != 2 || probs.Problems[0].NodeID != "n1" {
			t.Fatalf("publish of a flow without assignee: %d %s", r.Status, r.Body)
		}

		form := createdID(t, admin.do(http.MethodPost, "/api/workflow/forms", map[string]any{"name": "报销", "group": "财务", "schema": schema, "flow": flow}))
		want(t, admin.do(http.MethodPost, fmt.Sprintf("/api/workflow/forms/%d/publish", form), nil), http.StatusOK, "")
		start := func(data map[string]any) apptest.Response {
			return staff.do(http.MethodPost, "/api/workflow/instances", map[string]any{"formId": form, "data": data})
		}
		want(t, start(map[string]any{}), http.StatusBadRequest, "amount: 请填写金额")
		want(t, start(map[string]any{"amount": 1.234}), http.StatusBadRequest, "amount: 金额小数位数过多")
		id := createdID(t, start(map[string]any{"amount": 12.5, "secret": "只给申请人看", "unknown": 1}))
		path := fmt.Sprintf("/api/workflow/instances/%d", id)

		var v struct {
			Status  string
			Data    map[string]any
			Actions []string
		}
		lead.do(http.MethodGet, path, nil).JSON(t, &v)
		if _, seen := v.Data["secret"]; seen || v.Data["amount"] != 12.5 || len(v.Actions) != 4 {
			t.Fatalf("the approver's view: %+v", v)
		}
		staff.do(http.MethodGet, path, nil).JSON(t, &v)
		if v.Data["secret"] != "只给申请人看" || v.Data["unknown"] != nil || len(v.Actions) != 1 || v.Actions[0] != "withdraw" {
			t.Fatalf("the applicant's view: %+v", v)
		}
		lisi := client{t, s, s.Login(t, "lisi", "leave-pass")}
		want(t, lisi.do(http.MethodGet, path, nil), http.StatusForbidden, "当前无权操作")
		want(t, lisi.do(http.MethodPost, path+"/approve", map[string]any{}), http.StatusForbidden, "当前无权操作")
		want(t, lead.do(http.MethodPost, path+"/reject", map[string]any{}), http.StatusBadRequest, "comment: 请填写拒绝理由")
		want(t, lead.do(http.MethodPost, path+"/approve", map[string]any{"data": map[string]any{"amount": 1}}), http.StatusBadRequest, "amount: 当前节点不能修改该字段")
		want(t, lead.do(http.MethodPost, path+"/approve", map[string]any{"comment": "同意"}), http.StatusOK, "")
		want(t, lead.do(http.MethodPost, path+"/approve", map[string]any{}), http.StatusConflict, "该任务已被处理，请刷新")
		want(t, staff.do(http.MethodPost, path+"/withdraw", map[string]any{}), http.StatusForbidden, "当前无权操作")
		want(t, staff.do(http.MethodGet, "/api/workflow/instances/999999", nil), http.StatusNotFound, "流程实例不存在")
		want(t, staff.do(http.MethodGet, "/api/workflow/tasks?box=nope", nil), http.StatusBadRequest, "box: 须为todo、done、cc或mine")
		var forms struct{ TotalElements int }
		staff.do(http.MethodGet, "/api/workflow/forms?page=0&size=50", nil).JSON(t, &forms)
		if forms.TotalElements != 2 { // 请假 and 报销; drafts are for designers
			t.Fatalf("published forms for staff: %d", forms.TotalElements)
		}
		want(t, admin.do(http.MethodDelete, "/api/workflow/forms", []int64{form}), http.StatusConflict, "表单已有流程实例，已停用而未删除")
	})
}
