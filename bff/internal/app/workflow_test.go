package app_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// leaveFixture makes lisi and zhaoliu (运营部, visible to staff) and wangwu (客服部, outside staff's scope)
// and signs in staff and admin.
func leaveFixture(t *testing.T, s *apptest.Server) (staff, admin client) {
	admin = client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
	staffRole := []map[string]any{{"id": roleID(t, s, "普通员工")}}
	for _, u := range []struct{ name, dept string }{{"lisi", "运营部"}, {"zhaoliu", "运营部"}, {"wangwu", "客服部"}} {
		createdID(t, admin.do(http.MethodPost, "/api/users", map[string]any{"username": u.name, "nickName": u.name,
			"phone": "13800000088", "password": "leave-pass", "dept": map[string]any{"id": deptID(t, s, u.dept)}, "roles": staffRole}))
	}
	return client{t, s, s.Login(t, "staff", apptest.DemoPassword)}, admin
}

func roleID(t *testing.T, s *apptest.Server, name string) int64 {
	var id int64
	s.DB.Table("roles").Where("name = ?", name).Pluck("id", &id)
	if id == 0 {
		t.Fatalf("no role %s", name)
	}
	return id
}

// leave is a valid application body; change overrides its fields.
func leave(change map[string]any) map[string]any {
	body := map[string]any{"type": "personal", "startTime": "2026-12-01 09:00:00", "endTime": "2026-12-02 09:00:00",
		"reason": "家中有事", "approver": "lisi", "cc": []string{}}
	for k, v := range change {
		body[k] = v
	}
	return body
}

func balance(t *testing.T, c client) any {
	var b struct {
		RemainingDays any `json:"remainingDays"`
	}
	r := c.do(http.MethodGet, "/api/workflow/leave/balance", nil)
	want(t, r, http.StatusOK, "")
	r.JSON(t, &b)
	return b.RemainingDays
}

// leaveCount counts the instances of the leave form and the batches.
func leaveCount(t *testing.T, s *apptest.Server) (instances, batches int64) {
	s.DB.Table("wf_instances").Count(&instances)
	s.DB.Table("wf_batches").Count(&batches)
	return instances, batches
}

// TestLeaveValidation: POST /api/workflow/leave is a wrapper over the leave form: every rule
// answers 400 naming the field, and writes nothing.
func TestLeaveValidation(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		staff, _ := leaveFixture(t, s)
		for _, c := range []struct {
			change map[string]any
			msg    string
		}{
			{map[string]any{"type": ""}, "type: 请填写请假类型"},
			{map[string]any{"type": "holiday"}, "type: 请假类型不是有效的选项"},
			{map[string]any{"startTime": ""}, "leave: 请假时间格式须为YYYY-MM-DD HH:mm:ss"},
			{map[string]any{"endTime": "2026/12/02"}, "leave: 请假时间格式须为YYYY-MM-DD HH:mm:ss"},
			{map[string]any{"endTime": "2026-12-01 09:00:00"}, "leave: 请假时间结束时间须晚于开始时间，且时长大于0天"},
			{map[string]any{"endTime": "2026-12-01 09:07:00"}, "leave: 请假时间结束时间须晚于开始时间，且时长大于0天"}, // 0.0049 days
			{map[string]any{"reason": "  "}, "reason: 请填写请假事由"},
			{map[string]any{"reason": strings.Repeat("假", 501)}, "reason: 请假事由太长（最多500个字符）"},
			{map[string]any{"attachments": []int64{999}}, "attachments: 附件中有不存在或不是你上传的文件"},
			{map[string]any{"type": "annual", "endTime": "2026-12-12 09:00:00"}, "type: 年假余额不足：剩余10天，本次申请11天"},
		} {
			want(t, staff.do(http.MethodPost, "/api/workflow/leave", leave(c.change)), http.StatusBadRequest, c.msg)
		}
		want(t, staff.do(http.MethodPost, "/api/workflow/leave", "not an object"), http.StatusBadRequest, "")
		if n, _ := leaveCount(t, s); n != 0 {
			t.Fatalf("%d instances written by refused requests", n)
		}
		// leave is for staff: a channel operator's session is refused
		channel := client{t, s, s.ChannelLogin(t, "channel", apptest.DemoPassword)}
		want(t, channel.do(http.MethodGet, "/api/workflow/leave/balance", nil), http.StatusForbidden, "没有权限")
		want(t, channel.do(http.MethodPost, "/api/workflow/leave", leave(nil)), http.StatusForbidden, "没有权限")
		// 500 characters is the limit, not one less
		createdID(t, staff.do(http.MethodPost, "/api/workflow/leave", leave(map[string]any{"reason": strings.Repeat("假", 500)})))
	})
}

// TestLeaveBalance: the entitlement minus this year's annual leave of instances that were not
// rejected or withdrawn.
func TestLeaveBalance(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		staff, admin := leaveFixture(t, s)
		if b := balance(t, staff); b != 10.0 {
			t.Fatalf("staff starts with %v days", b)
		}
		if b := balance(t, admin); b != nil {
			t.Fatalf("a user without entitlement has %v, want null (X)", b)
		}
		annual := func(start, end string) map[string]any {
			return leave(map[string]any{"type": "annual", "startTime": start, "endTime": end})
		}
		first := createdID(t, staff.do(http.MethodPost, "/api/workflow/leave", annual("2026-12-01 09:00:00", "2026-12-03 21:00:00")))
		if b := balance(t, staff); b != 7.5 {
			t.Fatalf("after 2.5 days: %v", b)
		}
		createdID(t, staff.do(http.MethodPost, "/api/workflow/leave", leave(nil))) // 事假 does not count
		createdID(t, staff.do(http.MethodPost, "/api/workflow/leave", annual("2027-01-04 09:00:00", "2027-01-06 09:00:00")))
		if b := balance(t, staff); b != 7.5 {
			t.Fatalf("事假 or next year's leave counted: %v", b)
		}
		want(t, staff.do(http.MethodPost, "/api/workflow/leave", annual("2026-12-10 09:00:00", "2026-12-18 09:00:00")),
			http.StatusBadRequest, "type: 年假余额不足：剩余7.5天，本次申请8天")
		createdID(t, staff.do(http.MethodPost, "/api/workflow/leave", annual("2026-12-10 09:00:00", "2026-12-17 21:00:00")))
		if b := balance(t, staff); b != 0.0 {
			t.Fatalf("all taken: %v", b)
		}
		// the lead (head of 运营部) rejects the first: its days come back
		lead := client{t, s, s.Login(t, "lead", apptest.DemoPassword)}
		want(t, lead.do(http.MethodPost, fmt.Sprintf("/api/workflow/instances/%d/reject", first), map[string]any{"comment": "年底忙"}), http.StatusOK, "")
		if b := balance(t, staff); b != 2.5 {
			t.Fatalf("after a rejection: %v", b)
		}
		var mine struct{ TotalElements int }
		staff.do(http.MethodGet, "/api/workflow/tasks?box=mine", nil).JSON(t, &mine)
		if mine.TotalElements != 4 {
			t.Fatalf("staff's own instances: %+v", mine)
		}
	})
}

// TestLeaveBatch: one instance per applicant in one transaction; one bad applicant writes
// nothing; only holders of leave:batch may start one.
func TestLeaveBatch(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		staff, admin := leaveFixture(t, s)
		batch := func(applicants []string, change map[string]any) map[string]any {
			body := leave(change)
			body["applicants"] = applicants
			return body
		}
		want(t, staff.do(http.MethodPost, "/api/workflow/leave/batch", batch([]string{"lisi"}, nil)), http.StatusForbidden, "你没有“流程申请（多人） - 批量发起”的权限")
		want(t, admin.do(http.MethodPost, "/api/workflow/leave/batch", batch(nil, nil)), http.StatusBadRequest, "applicants: 请选择1到100位申请人")
		want(t, admin.do(http.MethodPost, "/api/workflow/leave/batch", batch([]string{"lisi", "ghost"}, nil)),
			http.StatusBadRequest, "applicants: 申请人ghost不存在或不在可选范围内")
		// lisi has no entitlement (not limited), staff has 10 days: staff's part fails after
		// lisi's was inserted in the same transaction, so neither stays
		eleven := map[string]any{"type": "annual", "endTime": "2026-12-12 09:00:00"}
		want(t, admin.do(http.MethodPost, "/api/workflow/leave/batch", batch([]string{"lisi", "staff"}, eleven)),
			http.StatusBadRequest, "applicants: staff年假余额不足：剩余10天，本次申请11天")
		if n, batches := leaveCount(t, s); n != 0 || batches != 0 {
			t.Fatalf("a refused batch left %d instances and %d batches", n, batches)
		}

		r := admin.do(http.MethodPost, "/api/workflow/leave/batch", batch([]string{"lisi", "staff", "lisi"}, map[string]any{"type": "annual"}))
		var got struct {
			BatchID int64   `json:"batchId"`
			IDs     []int64 `json:"ids"`
		}
		r.JSON(t, &got)
		if r.Status != http.StatusCreated || got.BatchID == 0 || len(got.IDs) != 2 {
			t.Fatalf("batch: %d %s", r.Status, r.Body)
		}
		if b := balance(t, staff); b != 9.0 {
			t.Fatalf("staff's balance after the batch: %v", b)
		}
		var view struct {
			Instances []struct{ Status string }
		}
		r = admin.do(http.MethodGet, fmt.Sprintf("/api/workflow/batches/%d", got.BatchID), nil)
		r.JSON(t, &view)
		if len(view.Instances) != 2 || view.Instances[0].Status != "running" {
			t.Fatalf("the batch: %s", r.Body)
		}
		want(t, staff.do(http.MethodGet, fmt.Sprintf("/api/workflow/batches/%d", got.BatchID), nil), http.StatusForbidden, "当前无权操作")
	})
}

// TestDemoStaffLeaveReachesTheLead: on the demo data alone, staff's leave waits for lead (head
// of 运营部), whose badge counts it; more than 3 days then goes to the head of 总部 (admin).
func TestDemoStaffLeaveReachesTheLead(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		staff := client{t, s, s.Login(t, "staff", apptest.DemoPassword)}
		lead := client{t, s, s.Login(t, "lead", apptest.DemoPassword)}
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		id := createdID(t, staff.do(http.MethodPost, "/api/workflow/leave", leave(map[string]any{"endTime": "2026-12-06 09:00:00"})))
		var n struct{ Todo int }
		lead.do(http.MethodGet, "/api/workflow/tasks/count", nil).JSON(t, &n)
		if n.Todo != 1 {
			t.Fatalf("lead's todo = %d", n.Todo)
		}
		want(t, lead.do(http.MethodPost, fmt.Sprintf("/api/workflow/instances/%d/approve", id), map[string]any{}), http.StatusOK, "")
		var v struct {
			Status  string
			Pending []struct{ Users []struct{ Name string } }
		}
		admin.do(http.MethodGet, fmt.Sprintf("/api/workflow/instances/%d", id), nil).JSON(t, &v)
		if v.Status != "running" || len(v.Pending) != 1 || v.Pending[0].Users[0].Name != "管理员" {
			t.Fatalf("5 days after the lead: %+v", v)
		}
	})
}
