package workflow_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/workflow"
)

// TestLeaveForm: the seeded leave form publishes cleanly; ≤ 3 days go to the team lead, more to
// the lead then both heads one level up (会签), HR gets a copy; annual leave is limited by the
// balance and comes back on reject and withdraw.
func TestLeaveForm(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		o := newOrg(t, g)
		sc, flow := workflow.LeaveForm(o.ref("admin"), workflow.Ref{ID: o.hrRole, Name: "人事"})
		check, err := o.s.SaveForm(ctx, workflow.FormInput{Name: "请假副本", Schema: sc, Flow: flow})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := o.s.Publish(ctx, check); err != nil {
			t.Fatalf("the seeded leave flow does not pass the publish checks: %v", err)
		}
		store := workflow.NewStore(g)
		form, err := store.EnsureBuiltin(ctx, workflow.LeaveFormCode, "请假", "date", "人事", sc, flow, now)
		if err != nil {
			t.Fatal(err)
		}
		if err := store.EnsureEntitlement(ctx, o.users["ann"], 5); err != nil {
			t.Fatal(err)
		}
		leave := func(typ, from, to string) map[string]any {
			return map[string]any{"type": typ, "leave": []any{from, to}, "reason": "家中有事"}
		}
		left := func() float64 {
			b, err := o.s.Balance(ctx, o.users["ann"])
			if err != nil || b.RemainingDays == nil {
				t.Fatalf("balance %v %v", b, err)
			}
			return *b.RemainingDays
		}
		waits := func(id int64, want ...string) {
			t.Helper()
			if got := o.pendingNames(o.view(t, "ann", id)); !slices.Equal(got, want) {
				t.Fatalf("instance %d waits for %v, want %v", id, got, want)
			}
		}
		approve := func(who string, id int64) {
			t.Helper()
			if err := o.act(who, id, workflow.Action{Name: "approve"}); err != nil {
				t.Fatalf("%s approves: %v", who, err)
			}
		}

		short := o.start(t, form, "ann", leave("sick", "2026-06-02 09:00:00", "2026-06-04 09:00:00"))
		waits(short, "lead")
		approve("lead", short)
		if v := o.view(t, "hr", short); v.Status != workflow.IApproved {
			t.Fatalf("short leave: %s", v.Status)
		}

		long := o.start(t, form, "ann", leave(workflow.AnnualLeave, "2026-06-08 09:00:00", "2026-06-12 09:00:00"))
		waits(long, "lead")
		if left() != 1 {
			t.Fatalf("after 4 annual days: %v left", left())
		}
		_, _, err = o.s.Start(ctx, o.p["ann"], form, leave(workflow.AnnualLeave, "2026-07-01 09:00:00", "2026-07-03 09:00:00"), nil)
		var sb *workflow.ShortBalance
		if !errors.As(err, &sb) || sb.Left != 100 || sb.Asked != 200 {
			t.Fatalf("2 more days with 1 left: %v", err)
		}
		approve("lead", long)
		waits(long, "boss1", "boss2")
		approve("boss2", long)
		waits(long, "boss1")
		if err := o.act("boss1", long, workflow.Action{Name: "reject", Comment: "旺季"}); err != nil {
			t.Fatal(err)
		}
		if left() != 5 {
			t.Fatalf("after a rejected leave the days come back: %v left", left())
		}
		again := o.start(t, form, "ann", leave(workflow.AnnualLeave, "2026-06-08 09:00:00", "2026-06-10 09:00:00"))
		if left() != 3 {
			t.Fatalf("after 2 days: %v", left())
		}
		if err := o.act("ann", again, workflow.Action{Name: "withdraw"}); err != nil {
			t.Fatal(err)
		}
		if left() != 5 {
			t.Fatalf("after a withdrawn leave the days come back: %v left", left())
		}
		if _, _, err := o.s.Start(ctx, o.p["ann"], form, leave("holiday", "2026-06-08 09:00:00", "2026-06-10 09:00:00"), nil); !asInvalid(err, new(*workflow.Invalid)) {
			t.Fatalf("a leave type outside the dictionary: %v", err)
		}
	})
}
