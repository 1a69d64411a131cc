package app_test

import (
	"fmt"
	"net/http"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// wfFormBody is a form whose approvers are the admin and lead (或签): the admin acts on the
// instances others start, lead on the admin's own (nobody approves their own request).
func (m *matrix) wfFormBody(t *testing.T) map[string]any {
	ref := func(name string) map[string]any {
		return map[string]any{"id": m.id(t, "users", "username", name), "name": name}
	}
	return map[string]any{"name": fmt.Sprintf("矩阵表单%d", m.next()), "icon": "form", "group": "矩阵",
		"schema": map[string]any{"fields": []any{map[string]any{"key": "note", "type": "text", "label": "备注"}}},
		"flow": map[string]any{"id": "start", "type": "start", "name": "发起人", "props": map[string]any{},
			"next": map[string]any{"id": "n1", "type": "approver", "name": "审批", "next": nil, "props": map[string]any{
				"mode": "or", "assignee": map[string]any{"kind": "users", "users": []any{ref("admin"), ref("lead")}},
				"empty": map[string]any{"action": "pass"}}}}}
}

// wfForm creates and publishes a form through the admin.
func (m *matrix) wfForm(t *testing.T) int64 {
	id := m.create(t, "/api/workflow/forms", m.wfFormBody(t))
	if r := m.s.Do(t, apptest.Request{Method: http.MethodPost, Path: fmt.Sprintf("/api/workflow/forms/%d/publish", id), Token: m.admin}); r.Status != 200 {
		t.Fatalf("publish: %d %s", r.Status, r.Body)
	}
	return id
}

// wfInstance starts an instance of a fresh form: the admin's own when mine (lead approves it),
// else staff's (the admin may approve it). then is an action its approver takes first (return,
// to have a returned instance).
func (m *matrix) wfInstance(t *testing.T, mine bool, then string, body any) int64 {
	starter, approver := m.s.Login(t, "staff", apptest.DemoPassword), m.admin
	if mine {
		starter, approver = m.admin, m.s.Login(t, "lead", apptest.DemoPassword)
	}
	id := m.createAs(t, starter, "/api/workflow/instances", map[string]any{"formId": m.wfForm(t), "data": map[string]any{"note": "矩阵"}})
	if then != "" {
		if r := m.s.Do(t, apptest.Request{Method: http.MethodPost, Path: fmt.Sprintf("/api/workflow/instances/%d/%s", id, then),
			Token: approver, JSON: body}); r.Status != 200 {
			t.Fatalf("%s: %d %s", then, r.Status, r.Body)
		}
	}
	return id
}

func (m *matrix) leaveForm(t *testing.T) int64 { return m.id(t, "wf_forms", "code", "leave") }

func leaveData() map[string]any {
	return map[string]any{"type": "personal", "leave": []string{"2026-12-01 09:00:00", "2026-12-01 18:00:00"}, "reason": "矩阵"}
}

// workflowSamples: the engine's routes. Instance routes act as the admin, the instance's approver.
func workflowSamples() map[string]sample {
	act := func(action string, mine bool, then string, thenBody, body any) sample {
		return func(t *testing.T, m *matrix) apptest.Request {
			id := m.wfInstance(t, mine, then, thenBody)
			return apptest.Request{Method: http.MethodPost, Path: fmt.Sprintf("/api/workflow/instances/%d/%s", id, action),
				Token: m.admin, JSON: body}
		}
	}
	return map[string]sample{
		"GET /api/workflow/forms": get("/api/workflow/forms?page=0&size=10&blurry=请&published=true"),
		"GET /api/workflow/forms/:id": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Path: fmt.Sprintf("/api/workflow/forms/%d", m.leaveForm(t))}
		},
		"POST /api/workflow/forms": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/workflow/forms", JSON: m.wfFormBody(t)}
		},
		"PUT /api/workflow/forms/:id": func(t *testing.T, m *matrix) apptest.Request {
			b := m.wfFormBody(t)
			id := m.create(t, "/api/workflow/forms", b)
			return apptest.Request{Method: http.MethodPut, Path: fmt.Sprintf("/api/workflow/forms/%d", id), JSON: b}
		},
		"POST /api/workflow/forms/:id/publish": func(t *testing.T, m *matrix) apptest.Request {
			id := m.create(t, "/api/workflow/forms", m.wfFormBody(t))
			return apptest.Request{Method: http.MethodPost, Path: fmt.Sprintf("/api/workflow/forms/%d/publish", id)}
		},
		"DELETE /api/workflow/forms": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodDelete, Path: "/api/workflow/forms", JSON: []int64{m.wfForm(t)}}
		},
		"POST /api/workflow/instances": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/workflow/instances",
				JSON: map[string]any{"formId": m.leaveForm(t), "data": leaveData()}}
		},
		"GET /api/workflow/instances/:id": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Path: fmt.Sprintf("/api/workflow/instances/%d", m.wfInstance(t, false, "", nil)), Token: m.admin}
		},
		"POST /api/workflow/instances/:id/approve":  act("approve", false, "", nil, map[string]any{"comment": "好"}),
		"POST /api/workflow/instances/:id/reject":   act("reject", false, "", nil, map[string]any{"comment": "不行"}),
		"POST /api/workflow/instances/:id/withdraw": act("withdraw", true, "", nil, map[string]any{}),
		"POST /api/workflow/instances/:id/return":   act("return", false, "", nil, map[string]any{"nodeId": "start", "comment": "补充"}),
		"POST /api/workflow/instances/:id/resubmit": act("resubmit", true, "return", map[string]any{"nodeId": "start"},
			map[string]any{"data": map[string]any{"note": "已补充"}}),
		"POST /api/workflow/instances/:id/resend": act("resend", true, "reject", map[string]any{"comment": "不行"},
			map[string]any{"data": map[string]any{"note": "再次申请"}}),
		"POST /api/workflow/tasks/approve": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/workflow/tasks/approve", Token: m.admin,
				JSON: map[string]any{"instanceIds": []int64{m.wfInstance(t, false, "", nil)}, "comment": "同意"}}
		},
		"POST /api/workflow/instances/:id/transfer": func(t *testing.T, m *matrix) apptest.Request {
			id := m.wfInstance(t, false, "", nil)
			return apptest.Request{Method: http.MethodPost, Path: fmt.Sprintf("/api/workflow/instances/%d/transfer", id),
				Token: m.admin, JSON: map[string]any{"userId": m.newUser(t)["id"]}}
		},
		"POST /api/workflow/batches": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/workflow/batches", JSON: map[string]any{
				"formId": m.leaveForm(t), "data": leaveData(), "applicants": []int64{m.id(t, "users", "username", "lead")}}}
		},
		"GET /api/workflow/batches/:id": func(t *testing.T, m *matrix) apptest.Request {
			id := m.wfForm(t)
			r := m.s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/workflow/batches", Token: m.admin, JSON: map[string]any{
				"formId": id, "data": map[string]any{}, "applicants": []int64{m.id(t, "users", "username", "lead")}}})
			var got struct {
				ID int64 `json:"id"`
			}
			r.JSON(t, &got)
			return apptest.Request{Path: fmt.Sprintf("/api/workflow/batches/%d", got.ID), Token: m.admin}
		},
		"GET /api/workflow/tasks":       get("/api/workflow/tasks?box=todo&page=0&size=10"),
		"GET /api/workflow/tasks/count": get("/api/workflow/tasks/count"),
	}
}
