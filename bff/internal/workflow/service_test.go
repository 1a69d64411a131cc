package workflow_test

import (
	"context"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/workflow"
)

// now is the service's clock: mid-year, so a leave in June counts against this year.
var now = time.Date(2026, 6, 1, 9, 0, 0, 0, time.Local)

// TestHistoryCountsAgainstBalance: applications of the first slice (leave_applications, no
// longer written) still count against the balance unless rejected, in the year they start; a
// user without an entitlement has an unknown balance.
func TestHistoryCountsAgainstBalance(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		o := newOrg(t, g)
		ann := o.users["ann"]
		if err := workflow.NewStore(g).EnsureEntitlement(ctx, ann, 5); err != nil {
			t.Fatal(err)
		}
		at := func(s string) time.Time { v, _ := time.ParseInLocation(time.DateTime, s, time.Local); return v }
		for _, l := range []workflow.Leave{
			{Type: workflow.AnnualLeave, StartTime: at("2026-06-08 00:00:00"), DayHundredths: 150, Status: workflow.StatusPending},
			{Type: workflow.AnnualLeave, StartTime: at("2026-06-09 00:00:00"), DayHundredths: 100, Status: workflow.StatusRejected},
			{Type: "sick", StartTime: at("2026-06-10 00:00:00"), DayHundredths: 300, Status: workflow.StatusPending},
			{Type: workflow.AnnualLeave, StartTime: at("2027-01-04 00:00:00"), DayHundredths: 200, Status: workflow.StatusPending},
		} {
			l.ApplicantID, l.CreatorID, l.EndTime, l.CreateTime = ann, ann, l.StartTime.Add(time.Hour), now
			if err := g.Create(&l).Error; err != nil {
				t.Fatal(err)
			}
		}
		b, err := o.s.Balance(ctx, ann)
		if err != nil || b.RemainingDays == nil || *b.RemainingDays != 3.5 {
			t.Fatalf("5 days − 1.5 pending annual (not the rejected, the sick or next year's) = %+v %v", b, err)
		}
		if b, err := o.s.Balance(ctx, o.users["bob"]); err != nil || b.RemainingDays != nil {
			t.Fatalf("bob has no allowance recorded: %+v %v", b, err)
		}
	})
}
