package app

import (
	"context"
	"testing"

	"mallconsole/bff/internal/notify"
)

// TestSystemJobsDeclared: the system jobs carry the names the 定时任务 page and the metrics know
// them by, each once, with a title and a schedule; the reminder only with somewhere to send it.
func TestSystemJobsDeclared(t *testing.T) {
	send := func(context.Context, notify.Audience, notify.Message) error { return nil }
	want := map[string]string{"system.sessions": "@every 5m", "system.oplog": "@daily", "storefront.idempotency": "@every 1h",
		"aftersale.refunds": "@every 1m", "contract.expire": "@every 1h", "contract.expiring": "0 9 * * *"}
	got := map[string]string{}
	for _, j := range systemJobs(&App{}, nil, send) {
		if _, dup := got[j.Name]; dup || j.Title == "" || j.Run == nil {
			t.Fatalf("job %+v: duplicate, or without a title or Run", j)
		}
		got[j.Name] = j.Schedule
	}
	if len(got) != len(want) {
		t.Fatalf("jobs %v, want %v", got, want)
	}
	for name, sched := range want {
		if got[name] != sched {
			t.Fatalf("%s: schedule %q, want %q", name, got[name], sched)
		}
	}
	for _, j := range systemJobs(&App{}, nil, nil) {
		if j.Name == "contract.expiring" {
			t.Fatal("a reminder job with nowhere to send")
		}
	}
}
