package app_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// approvedBy creates and publishes a form of one amount field approved by any of the users (或签).
func approvedBy(t *testing.T, s *apptest.Server, admin client, name string, users ...string) int64 {
	t.Helper()
	var refs []any
	for _, u := range users {
		var id int64
		s.DB.Table("users").Where("username = ?", u).Pluck("id", &id)
		refs = append(refs, map[string]any{"id": id, "name": u})
	}
	form := createdID(t, admin.do(http.MethodPost, "/api/workflow/forms", map[string]any{"name": name, "group": "财务",
		"schema": map[string]any{"fields": []any{
			map[string]any{"key": "amount", "type": "amount", "label": "金额", "required": true},
			map[string]any{"key": "note", "type": "text", "label": "说明"}}},
		"flow": map[string]any{"id": "start", "type": "start", "name": "发起人", "props": map[string]any{},
			"next": map[string]any{"id": "n1", "type": "approver", "name": "审批", "next": nil, "props": map[string]any{
				"mode": "or", "assignee": map[string]any{"kind": "users", "users": refs}, "empty": map[string]any{"action": "pass"}}}}}))
	want(t, admin.do(http.MethodPost, fmt.Sprintf("/api/workflow/forms/%d/publish", form), nil), http.StatusOK, "")
	return form
}

type approvedRows struct {
	Results []struct {
		InstanceID int64  `json:"instanceId"`
		OK         bool   `json:"ok"`
		Message    string `json:"message"`
	} `json:"results"`
}

type sentView struct {
	Status     string         `json:"status"`
	Data       map[string]any `json:"data"`
	Actions    []string       `json:"actions"`
	Timeline   []any          `json:"timeline"`
	ResubmitOf *int64         `json:"resubmitOf"`
	ResentAs   *int64         `json:"resentAs"`
}

// TestWorkflowApproveMany: 批量同意 takes instances of one form only (mixed forms: 400, nothing
// approved) and answers per instance; a task handed on to someone else fails its row with the
// reason while the others are approved, each in its own step with the one comment.
func TestWorkflowApproveMany(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		staff, admin := leaveFixture(t, s)
		lead := client{t, s, s.Login(t, "lead", apptest.DemoPassword)}
		var lisiID int64
		s.DB.Table("users").Where("username = ?", "lisi").Pluck("id", &lisiID)
		pay, buy := approvedBy(t, s, admin, "报销", "lead"), approvedBy(t, s, admin, "采购", "lead")
		start := func(form int64, amount float64) int64 {
			return createdID(t, staff.do(http.MethodPost, "/api/workflow/instances", map[string]any{"formId": form, "data": map[string]any{"amount": amount}}))
		}
		a1, a2, a3, b1 := start(pay, 10), start(pay, 20), start(pay, 30), start(buy, 40)
		many := func(ids ...int64) apptest.Response {
			return lead.do(http.MethodPost, "/api/workflow/tasks/approve", map[string]any{"instanceIds": ids, "comment": "同意报销"})
		}
		want(t, many(a1, b1), http.StatusBadRequest, "instanceIds: 只能批量同意同一表单的申请")
		want(t, many(), http.StatusBadRequest, "instanceIds: 请选择待办")
		wantAt(t, staff, a1, "n1", "陈组长")

		// a3 handed on to lisi: no longer the lead's to approve
		want(t, lead.do(http.MethodPost, fmt.Sprintf("/api/workflow/instances/%d/transfer", a3), map[string]any{"userId": lisiID}), http.StatusOK, "")
		r := many(a1, a2, a3)
		var got approvedRows
		r.JSON(t, &got)
		if r.Status != http.StatusOK || len(got.Results) != 3 {
			t.Fatalf("batch approve: %d %s", r.Status, r.Body)
		}
		for _, row := range got.Results {
			wantOK := row.InstanceID != a3
			if row.OK != wantOK || (!wantOK && row.Message != "当前无权操作") {
				t.Fatalf("row %+v (a3 = %d): %s", row, a3, r.Body)
			}
		}
		for id, status := range map[int64]string{a1: "approved", a2: "approved", a3: "running", b1: "running"} {
			var v sentView
			staff.do(http.MethodGet, fmt.Sprintf("/api/workflow/instances/%d", id), nil).JSON(t, &v)
			if v.Status != status {
				t.Fatalf("instance %d: %s, want %s", id, v.Status, status)
			}
		}
		var comments []string
		s.DB.Table("wf_steps").Where("instance_id IN ? AND action = ?", []int64{a1, a2}, "approve").Pluck("comment", &comments)
		if !slices.Equal(comments, []string{"同意报销", "同意报销"}) {
			t.Fatalf("the comment of each approval: %q", comments)
		}
		// approved already: that row says so, nothing else happens
		r = many(a1)
		r.JSON(t, &got)
		if r.Status != http.StatusOK || got.Results[0].OK || got.Results[0].Message != "该任务已被处理，请刷新" {
			t.Fatalf("approving again: %d %s", r.Status, r.Body)
		}
	})
}

// TestWorkflowResend: the applicant's rejected request is sent again as a new instance naming
// the old one (resubmitOf), checked as a new application; the old one stays rejected with its
// data and timeline, says which request sent it again, and is sent again only once. Only the
// applicant, only a rejected request.
func TestWorkflowResend(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		staff, admin := leaveFixture(t, s)
		lead := client{t, s, s.Login(t, "lead", apptest.DemoPassword)}
		pay := approvedBy(t, s, admin, "报销", "lead")
		start := func(data map[string]any) int64 {
			return createdID(t, staff.do(http.MethodPost, "/api/workflow/instances", map[string]any{"formId": pay, "data": data}))
		}
		old := start(map[string]any{"amount": 12.5, "note": "出差"})
		running := start(map[string]any{"amount": 1})
		path := fmt.Sprintf("/api/workflow/instances/%d", old)
		resend := func(c client, id int64, data map[string]any) apptest.Response {
			return c.do(http.MethodPost, fmt.Sprintf("/api/workflow/instances/%d/resend", id), map[string]any{"data": data})
		}
		want(t, resend(staff, old, map[string]any{"amount": 13}), http.StatusConflict, "只有已拒绝的申请可以重新提交")
		want(t, lead.do(http.MethodPost, path+"/reject", map[string]any{"comment": "缺发票"}), http.StatusOK, "")
		var before sentView
		staff.do(http.MethodGet, path, nil).JSON(t, &before)
		if !slices.Contains(before.Actions, "resend") || before.ResentAs != nil {
			t.Fatalf("the applicant's rejected request: %+v", before)
		}
		var leadView sentView
		lead.do(http.MethodGet, path, nil).JSON(t, &leadView)
		if slices.Contains(leadView.Actions, "resend") {
			t.Fatalf("the approver is offered resend: %+v", leadView)
		}
		want(t, resend(lead, old, map[string]any{"amount": 13}), http.StatusForbidden, "只有申请人本人可以重新提交")
		want(t, resend(staff, running, map[string]any{"amount": 13}), http.StatusConflict, "只有已拒绝的申请可以重新提交")
		want(t, resend(staff, old, map[string]any{}), http.StatusBadRequest, "amount: 请填写金额")
		want(t, resend(staff, 999999, map[string]any{"amount": 13}), http.StatusNotFound, "流程实例不存在")

		next := createdID(t, resend(staff, old, map[string]any{"amount": 13, "note": "出差，附发票"}))
		var nv sentView
		staff.do(http.MethodGet, fmt.Sprintf("/api/workflow/instances/%d", next), nil).JSON(t, &nv)
		if nv.Status != "running" || nv.ResubmitOf == nil || *nv.ResubmitOf != old || nv.Data["amount"] != 13.0 || nv.Data["note"] != "出差，附发票" {
			t.Fatalf("the new request: %+v", nv)
		}
		wantAt(t, staff, next, "n1", "陈组长")
		var after sentView
		staff.do(http.MethodGet, path, nil).JSON(t, &after)
		if after.Status != "rejected" || after.Data["amount"] != 12.5 || after.Data["note"] != "出差" || len(after.Timeline) != len(before.Timeline) ||
			after.ResentAs == nil || *after.ResentAs != next || slices.Contains(after.Actions, "resend") {
			t.Fatalf("the old request after resending: %+v", after)
		}
		want(t, resend(staff, old, map[string]any{"amount": 14}), http.StatusConflict, "该申请已重新提交过")
	})
}
