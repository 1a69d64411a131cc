package app_test

import (
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
			"password": "leave-pass", "dept": map[string]any{"id": deptID(t, s, u.dept)}, "roles": staffRole}))
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

func leaveCount(t *testing.T, s *apptest.Server) (apps, batches int64) {
	s.DB.Table("leave_applications").Count(&apps)
	s.DB.Table("leave_batches").Count(&batches)
	return apps, batches
}

// TestLeaveValidation: every rule of a leave application answers 400 naming the field, and
// writes nothing.
func TestLeaveValidation(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		staff, _ := leaveFixture(t, s)
		for _, c := range []struct {
			change map[string]any
			msg    string
		}{
			{map[string]any{"type": ""}, "type: 不能为空"},
			{map[string]any{"type": "holiday"}, "type: 不是有效的请假类型"},
			{map[string]any{"startTime": ""}, "startTime: 不能为空"},
			{map[string]any{"endTime": "2026/12/02"}, "endTime: 时间格式必须是yyyy-MM-dd HH:mm:ss"},
			{map[string]any{"endTime": "2026-12-01 09:00:00"}, "endTime: 结束时间必须晚于开始时间"},
			{map[string]any{"endTime": "2026-11-30 09:00:00"}, "endTime: 结束时间必须晚于开始时间"},
			{map[string]any{"endTime": "2026-12-01 09:07:00"}, "endTime: 请假天数必须大于0"}, // 0.0049 days
			{map[string]any{"reason": "  "}, "reason: 不能为空"},
			{map[string]any{"reason": strings.Repeat("假", 501)}, "reason: 太长(最多500个字符)"},
			{map[string]any{"approver": ""}, "approver: 不能为空"},
			{map[string]any{"approver": "ghost"}, "approver: 审批人ghost不存在或不在可选范围内"},
			{map[string]any{"approver": "wangwu"}, "approver: 审批人wangwu不存在或不在可选范围内"},
			{map[string]any{"approver": "staff"}, "approver: 审批人不能是申请人本人"},
			{map[string]any{"cc": []string{"lisi", "ghost"}}, "cc: 抄送人ghost不存在或不在可选范围内"},
			{map[string]any{"attachments": []int64{999}}, "attachments: 附件不存在"},
			{map[string]any{"type": "annual", "endTime": "2026-12-12 09:00:00"}, "type: 年假余额不足：剩余10天，本次申请11天"},
		} {
			want(t, staff.do(http.MethodPost, "/api/workflow/leave", leave(c.change)), http.StatusBadRequest, c.msg)
		}
		want(t, staff.do(http.MethodPost, "/api/workflow/leave", "not an object"), http.StatusBadRequest, "")
		if apps, _ := leaveCount(t, s); apps != 0 {
			t.Fatalf("%d applications written by refused requests", apps)
		}
		// leave is for staff: a channel operator's session is refused
		channel := client{t, s, s.ChannelLogin(t, "channel", apptest.DemoPassword)}
		want(t, channel.do(http.MethodGet, "/api/workflow/leave/balance", nil), http.StatusForbidden, "没有权限")
		want(t, channel.do(http.MethodPost, "/api/workflow/leave", leave(nil)), http.StatusForbidden, "没有权限")
		// 500 characters is the limit, not one less
		createdID(t, staff.do(http.MethodPost, "/api/workflow/leave", leave(map[string]any{"reason": strings.Repeat("假", 500)})))
	})
}

// TestLeaveBalance: the entitlement minus this year's annual leave that was not rejected.
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
			return leave(map[string]any{"type": "annual", "startTime": start, "endTime": end, "cc": []string{"lisi", "zhaoliu"}})
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
		// a rejected application gives its days back
		s.DB.Table("leave_applications").Where("id = ?", first).Update("status", "rejected")
		if b := balance(t, staff); b != 2.5 {
			t.Fatalf("after a rejection: %v", b)
		}

		var mine struct {
			Content []struct {
				Type, TypeLabel, StartTime, Status string
				Days                               float64
				Approver                           struct{ Username, NickName string }
				Applicant                          struct{ Username string }
				CC                                 []struct{ Username string }
			}
			TotalElements int
		}
		r := staff.do(http.MethodGet, "/api/workflow/leave?page=0&size=2", nil)
		want(t, r, http.StatusOK, "")
		r.JSON(t, &mine)
		if mine.TotalElements != 4 || len(mine.Content) != 2 {
			t.Fatalf("own list: %+v", mine)
		}
		top := mine.Content[0]
		if top.TypeLabel != "年假" || top.Days != 7.5 || top.StartTime != "2026-12-10 09:00:00" || top.Status != "pending" ||
			top.Approver.Username != "lisi" || top.Applicant.Username != "staff" || len(top.CC) != 2 || top.CC[1].Username != "zhaoliu" {
			t.Fatalf("newest row: %+v", top)
		}
		r = admin.do(http.MethodGet, "/api/workflow/leave", nil)
		r.JSON(t, &mine)
		if mine.TotalElements != 0 {
			t.Fatalf("admin sees staff's applications: %+v", mine)
		}
	})
}

// TestLeaveBatch: one application per applicant in one transaction; one bad applicant writes
// nothing; only holders of leave:batch may start one.
func TestLeaveBatch(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		staff, admin := leaveFixture(t, s)
		batch := func(applicants []string, change map[string]any) map[string]any {
			body := leave(change)
			body["approver"], body["applicants"] = "admin", applicants
			return body
		}
		want(t, staff.do(http.MethodPost, "/api/workflow/leave/batch", batch([]string{"lisi"}, nil)), http.StatusForbidden, "没有权限")
		want(t, admin.do(http.MethodPost, "/api/workflow/leave/batch", batch(nil, nil)), http.StatusBadRequest, "applicants: 不能为空")
		want(t, admin.do(http.MethodPost, "/api/workflow/leave/batch", batch([]string{"lisi", "ghost"}, nil)),
			http.StatusBadRequest, "applicants: 申请人ghost不存在或不在可选范围内")
		want(t, admin.do(http.MethodPost, "/api/workflow/leave/batch", batch([]string{"lisi", "admin"}, nil)),
			http.StatusBadRequest, "approver: 审批人不能是申请人本人")
		// lisi has no entitlement (not limited), staff has 10 days: staff's part fails after
		// lisi's was inserted in the same transaction, so neither stays
		eleven := map[string]any{"type": "annual", "endTime": "2026-12-12 09:00:00"}
		want(t, admin.do(http.MethodPost, "/api/workflow/leave/batch", batch([]string{"lisi", "staff"}, eleven)),
			http.StatusBadRequest, "applicants: staff年假余额不足：剩余10天，本次申请11天")
		if apps, batches := leaveCount(t, s); apps != 0 || batches != 0 {
			t.Fatalf("a refused batch left %d applications and %d batches", apps, batches)
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
		var mine struct{ TotalElements int }
		admin.do(http.MethodGet, "/api/workflow/leave", nil).JSON(t, &mine)
		if mine.TotalElements != 2 {
			t.Fatalf("the starter sees %d of the batch", mine.TotalElements)
		}
		staff.do(http.MethodGet, "/api/workflow/leave", nil).JSON(t, &mine)
		if mine.TotalElements != 1 {
			t.Fatalf("an applicant sees %d", mine.TotalElements)
		}
	})
}

// TestDemoStaffHasAnApprover: on the demo data alone, staff can name someone in their own scope
// (lead, 运营部) as approver, so the leave request works out of the box.
func TestDemoStaffHasAnApprover(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		staff := client{t, s, s.Login(t, "staff", apptest.DemoPassword)}
		createdID(t, staff.do(http.MethodPost, "/api/workflow/leave", leave(map[string]any{"approver": "lead"})))
	})
}
