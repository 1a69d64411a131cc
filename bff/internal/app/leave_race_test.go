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
		booked := 0
		for i, st := range statuses {
			switch st {
			case http.StatusCreated:
				booked++
			case http.StatusBadRequest:
			default:
				t.Errorf("request %d: %d", i, st)
			}
		}
		// each application is half a day (09:00 to 21:00): 20 fit into 10 days
		if booked != 20 {
			t.Fatalf("%d half days booked on a balance of 10 days", booked)
		}
		if b := balance(t, staff); b != 0.0 {
			t.Fatalf("balance after the rush: %v", b)
		}
	})
}
