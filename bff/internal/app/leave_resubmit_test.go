package app_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// instanceAt is where an instance waits: its nodes and the names of whom it waits for.
type instanceAt struct {
	Status         string   `json:"status"`
	CurrentNodeIDs []string `json:"currentNodeIds"`
	Pending        []struct {
		Users []struct{ Name string } `json:"users"`
	} `json:"pending"`
}

func (v instanceAt) waitsFor() []string {
	var out []string
	for _, p := range v.Pending {
		for _, u := range p.Users {
			out = append(out, u.Name)
		}
	}
	return out
}

// wantAt checks the node an instance waits at and whom it waits for (nicknames).
func wantAt(t *testing.T, c client, id int64, node string, who ...string) {
	t.Helper()
	var v instanceAt
	r := c.do(http.MethodGet, fmt.Sprintf("/api/workflow/instances/%d", id), nil)
	r.JSON(t, &v)
	if r.Status != http.StatusOK || !slices.Equal(v.CurrentNodeIDs, []string{node}) || !slices.Equal(v.waitsFor(), who) {
		t.Fatalf("instance %d: %d %s, want waiting at %s for %v", id, r.Status, r.Body, node, who)
	}
}

// annualData is the leave form's data for annual leave from start to end.
func annualData(start, end string) map[string]any {
	return map[string]any{"type": "annual", "leave": []string{start, end}, "reason": "家中有事"}
}

// TestLeaveResubmitRunsTheStartRules: a returned leave request resubmitted with other days is
// checked against the balance like a new one (28 days on a balance of 10: 400 naming the
// field), takes the route its new days choose (5 days: lead, then the head one level up), and
// moves its booking: the first submission's days are released, the new ones booked once.
func TestLeaveResubmitRunsTheStartRules(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		staff, admin := leaveFixture(t, s)
		lead := client{t, s, s.Login(t, "lead", apptest.DemoPassword)}
		id := createdID(t, staff.do(http.MethodPost, "/api/workflow/leave", leave(map[string]any{"type": "annual",
			"startTime": "2026-12-01 09:00:00", "endTime": "2026-12-03 09:00:00"})))
		path := fmt.Sprintf("/api/workflow/instances/%d", id)
		wantAt(t, staff, id, "lead_short", "陈组长")
		want(t, lead.do(http.MethodPost, path+"/return", map[string]any{"nodeId": "start", "comment": "请核对天数"}), http.StatusOK, "")
		if b := balance(t, staff); b != 8.0 {
			t.Fatalf("a returned request keeps its 2 days: %v left", b)
		}

		resubmit := func(data map[string]any) apptest.Response {
			return staff.do(http.MethodPost, path+"/resubmit", map[string]any{"data": data})
		}
		want(t, resubmit(annualData("2026-12-01 09:00:00", "2026-12-29 09:00:00")), http.StatusBadRequest,
			"type: 年假余额不足：剩余10天，本次申请28天")
		want(t, resubmit(map[string]any{"type": "annual", "leave": []string{"2026-12-01 09:00:00"}, "reason": "x"}),
			http.StatusBadRequest, "leave: 请假时间须为开始和结束时间")
		if b := balance(t, staff); b != 8.0 {
			t.Fatalf("a refused resubmit changed the booking: %v left", b)
		}
		wantAt(t, staff, id, "start", "张三")

		want(t, resubmit(annualData("2026-12-01 09:00:00", "2026-12-06 09:00:00")), http.StatusOK, "")
		if b := balance(t, staff); b != 5.0 {
			t.Fatalf("after resubmitting 5 days instead of 2: %v left, want 5", b)
		}
		wantAt(t, staff, id, "lead_long", "陈组长")
		want(t, lead.do(http.MethodPost, path+"/approve", map[string]any{}), http.StatusOK, "")
		wantAt(t, staff, id, "head", "管理员")

		// Unchanged data continues at the node that returned it, its days booked once.
		want(t, admin.do(http.MethodPost, path+"/return", map[string]any{"nodeId": "start", "comment": "附上交接"}), http.StatusOK, "")
		want(t, resubmit(annualData("2026-12-01 09:00:00", "2026-12-06 09:00:00")), http.StatusOK, "")
		wantAt(t, staff, id, "head", "管理员")
		if b := balance(t, staff); b != 5.0 {
			t.Fatalf("after resubmitting the same 5 days: %v left, want 5", b)
		}
	})
}
