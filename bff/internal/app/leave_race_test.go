package app_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// TestLeaveBalanceUnderConcurrency: 60 one-day annual-leave applications sent at once against a
// balance of 10 days book exactly 10 (on MariaDB they used to book more: each request read
// the balance before the others had written).
func TestLeaveBalanceUnderConcurrency(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		staff, _ := leaveFixture(t, s)
		const n = 60
		statuses := make([]int, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				day := fmt.Sprintf("2026-%02d-%02d", 1+i/28, 1+i%28)
				r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/workflow/leave", Token: staff.tok,
					JSON: leave(map[string]any{"type": "annual", "startTime": day + " 09:00:00", "endTime": day + " 21:00:00"})})
				statuses[i] = r.Status
			}()
		}
		wg.Wait()
		booked := accepted(t, statuses, http.StatusCreated)
		// each application is half a day (09:00 to 21:00): 20 fit into 10 days
		if booked != 20 {
			t.Fatalf("%d half days booked on a balance of 10 days", booked)
		}
		if b := balance(t, staff); b != 0.0 {
			t.Fatalf("balance after the rush: %v", b)
		}
	})
}

// TestLeaveResubmitsUnderConcurrency: 15 returned one-day requests of another type resubmitted
// at once as annual leave against a balance of 10 days book exactly 10: a resubmit locks the
// entitlement row before it reads the balance, as a new request does.
func TestLeaveResubmitsUnderConcurrency(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		staff, _ := leaveFixture(t, s)
		lead := client{t, s, s.Login(t, "lead", apptest.DemoPassword)}
		const n = 15
		ids := make([]int64, n)
		day := func(i int) string { return fmt.Sprintf("2026-11-%02d 09:00:00", i+1) }
		for i := range n {
			ids[i] = createdID(t, staff.do(http.MethodPost, "/api/workflow/leave",
				leave(map[string]any{"startTime": day(i), "endTime": day(i + 1)})))
			want(t, lead.do(http.MethodPost, fmt.Sprintf("/api/workflow/instances/%d/return", ids[i]),
				map[string]any{"nodeId": "start"}), http.StatusOK, "")
		}
		statuses := make([]int, n)
		var wg sync.WaitGroup
		for i, id := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses[i] = staff.do(http.MethodPost, fmt.Sprintf("/api/workflow/instances/%d/resubmit", id),
					map[string]any{"data": annualData(day(i), day(i+1))}).Status
			}()
		}
		wg.Wait()
		booked := accepted(t, statuses, http.StatusOK)
		if b := balance(t, staff); booked != 10 || b != 0.0 {
			t.Fatalf("%d one-day resubmits accepted on a balance of 10 days, %v left", booked, b)
		}
	})
}

// accepted counts the answers that are ok; the others must be refusals (400).
func accepted(t *testing.T, statuses []int, ok int) int {
	t.Helper()
	n := 0
	for i, st := range statuses {
		switch st {
		case ok:
			n++
		case http.StatusBadRequest:
		default:
			t.Errorf("request %d: %d", i, st)
		}
	}
	return n
}
