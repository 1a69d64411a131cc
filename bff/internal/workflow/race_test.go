package workflow_test

import (
	"sync"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/workflow"
)

// TestRacingApprovers: two approvers of one 或签 node act at the same moment (and one approver
// twice at once): exactly one succeeds, the other is told the task was handled, and the instance
// moved once.
func TestRacingApprovers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		o := newOrg(t, g)
		form := o.publish(t, start(approver("n1", "or", users(o.ref("lead"), o.ref("bob")), pass),
			approver("n2", "or", users(o.ref("eve")), pass)))
		for round, pair := range [][2]string{{"lead", "bob"}, {"lead", "lead"}, {"bob", "lead"}} {
			id := o.start(t, form, "ann", nil)
			errs := make([]error, 2)
			var wg sync.WaitGroup
			ready := make(chan struct{})
			for i, who := range pair {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-ready
					errs[i] = o.act(who, id, workflow.Action{Name: "approve"})
				}()
			}
			close(ready)
			wg.Wait()
			wins := 0
			for _, err := range errs {
				switch {
				case err == nil:
					wins++
				case !errorsIs(err, workflow.ErrTaskGone):
					t.Fatalf("round %d: the loser got %v, want ErrTaskGone", round, err)
				}
			}
			v := o.view(t, "ann", id)
			approvals := 0
			for _, s := range v.Timeline {
				if s.Action == "approve" {
					approvals++
				}
			}
			if wins != 1 || approvals != 1 || len(o.pendingNames(v)) != 1 || o.pendingNames(v)[0] != "eve" {
				t.Fatalf("round %d: %d wins, %d approvals, waiting for %v", round, wins, approvals, o.pendingNames(v))
			}
		}
	})
}
