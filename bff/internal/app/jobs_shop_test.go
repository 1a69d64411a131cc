package app

import (
	"testing"

	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/stock"
	"mallconsole/bff/internal/tracking"
)

// TestShopJobsDeclared: the shop's jobs keep the names, schedules and batches the runner, the
// 定时任务 page and docs/operations.md know them by.
func TestShopJobsDeclared(t *testing.T) {
	want := map[string][2]any{
		"order.closeUnpaid":     {"@every 1m", 500},
		"order.complete":        {"@every 10m", 500},
		"order.aftersaleWindow": {"@every 1h", 1000},
		"stock.lowAlerts":       {"@every 1m", 500},
	}
	jobs := shopJobs(&order.Service{}, &stock.Alerts{})
	if len(jobs) != len(want) {
		t.Fatalf("%d jobs", len(jobs))
	}
	for _, j := range jobs {
		w, ok := want[j.Name]
		if !ok || j.Schedule != w[0] || j.Batch != w[1] || j.Title == "" || j.Run == nil {
			t.Errorf("job %+v", j)
		}
	}
}

// TestTrackingJobDeclared: tracking.subscribe keeps the name, schedule and batch docs/operations.md
// gives it.
func TestTrackingJobDeclared(t *testing.T) {
	jobs := trackingJobs(&tracking.Service{})
	if len(jobs) != 1 || jobs[0].Name != "tracking.subscribe" || jobs[0].Schedule != "@every 5m" || jobs[0].Batch != 100 || jobs[0].Run == nil {
		t.Fatalf("jobs %+v", jobs)
	}
}
