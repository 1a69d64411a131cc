package job_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"gorm.io/gorm"

	"mallconsole/bff/internal/job"
)

// TestPanicIsAFailedRun: a panicking job is a failed run with the panic as its error, OnFail
// hears of it, the metrics count it, and the runner goes on with the other jobs and later runs.
func TestPanicIsAFailedRun(t *testing.T) {
	each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		clk := newClock()
		reg := prometheus.NewRegistry()
		var failed []string
		r := job.NewRunner(g, job.Options{Now: clk.Now, Metrics: reg, OnFail: func(_ context.Context, j job.Job, err error) {
			failed = append(failed, j.Name+": "+err.Error())
		}})
		boom := job.Job{Name: "boom", Schedule: "@every 1m", Batch: 1, Run: func(context.Context, *job.Run) (int, error) {
			panic("kaput")
		}}
		must(t, r.Add(boom, job.Job{Name: "fine", Schedule: "@every 1m", Batch: 1,
			Run: func(context.Context, *job.Run) (int, error) { return 3, nil }}))
		for range 2 {
			clk.Add(time.Minute)
			must(t, r.Tick(ctx))
		}
		rs := runsOf(t, g, "boom")
		if len(rs) != 2 || rs[0].Result != job.ResultFailed || rs[0].Error != "panic: kaput" || rs[1].Result != job.ResultFailed {
			t.Fatalf("boom runs = %+v", rs)
		}
		if fine := runsOf(t, g, "fine"); len(fine) != 2 || fine[1].Result != job.ResultOK || fine[1].Rows != 3 {
			t.Fatalf("fine runs = %+v", fine)
		}
		if len(failed) != 2 || failed[0] != "boom: panic: kaput" {
			t.Fatalf("OnFail heard %v", failed)
		}
		if l := lease(t, g, "boom"); l.Holder != "" || !l.NextRun.Equal(clk.Now().Add(time.Minute)) {
			t.Fatalf("boom's lease after the panic = %+v", l)
		}
		want := `
# HELP bff_job_runs_total Job runs by job and result (ok, failed, abandoned).
# TYPE bff_job_runs_total counter
bff_job_runs_total{job="boom",result="failed"} 2
bff_job_runs_total{job="fine",result="ok"} 2
# HELP bff_job_rows_total Rows job runs touched.
# TYPE bff_job_rows_total counter
bff_job_rows_total{job="boom"} 0
bff_job_rows_total{job="fine"} 6
`
		must(t, testutil.GatherAndCompare(reg, strings.NewReader(want), "bff_job_runs_total", "bff_job_rows_total"))
		if n := testutil.CollectAndCount(reg, "bff_job_run_duration_seconds"); n != 2 {
			t.Fatalf("%d duration series", n)
		}
	})
}

// TestPauseAndResume: a paused job is not scheduled (but runs by hand); resumed, it runs again
// from now on without catching up what it missed.
func TestPauseAndResume(t *testing.T) {
	each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		clk := newClock()
		r := job.NewRunner(g, job.Options{Now: clk.Now})
		must(t, r.Add(writer(g, "p", "@every 1m")))
		must(t, r.Pause(ctx, "p"))
		for range 10 {
			clk.Add(time.Minute)
			must(t, r.Tick(ctx))
		}
		if n := len(runsOf(t, g, "p")); n != 0 {
			t.Fatalf("%d runs while paused", n)
		}
		run, err := r.RunNow(ctx, "p", "admin")
		must(t, err)
		if run.Result != job.ResultOK || run.Trigger != job.TriggerManual || run.Operator != "admin" || run.Rows != 1 || run.EndTime == nil {
			t.Fatalf("manual run = %+v", run)
		}
		items, err := r.List(ctx)
		must(t, err)
		if len(items) != 1 || !items[0].Paused || items[0].LastRun == nil || items[0].LastRun.ID != run.ID {
			t.Fatalf("list = %+v", items)
		}
		must(t, r.Resume(ctx, "p"))
		if l := lease(t, g, "p"); l.Paused || !l.NextRun.Equal(clk.Now().Add(time.Minute)) {
			t.Fatalf("resumed lease = %+v", l)
		}
		must(t, r.Tick(ctx)) // not due yet: nothing missed is caught up
		for range 3 {
			clk.Add(time.Minute)
			must(t, r.Tick(ctx))
		}
		rs := runsOf(t, g, "p")
		if len(rs) != 4 || rs[3].Trigger != job.TriggerSchedule {
			t.Fatalf("runs after resume = %+v", rs)
		}
		wantErr(t, "pause an unknown job", r.Pause(ctx, "nope"), job.ErrNoJob)
		_, err = r.RunNow(ctx, "nope", "admin")
		wantErr(t, "run an unknown job", err, job.ErrNoJob)
		_, _, err = r.Runs(ctx, "nope", 0, 10)
		wantErr(t, "runs of an unknown job", err, job.ErrNoJob)
		page, n, err := r.Runs(ctx, "p", 1, 3)
		must(t, err)
		if n != 4 || len(page) != 1 || page[0].ID != rs[0].ID {
			t.Fatalf("second page of 3 = %+v of %d", page, n)
		}
	})
}

// TestAddChecksDeclarations: Add refuses a job it could never run; a second instance adding
// the same jobs keeps the lease row as it is.
func TestAddChecksDeclarations(t *testing.T) {
	each(t, func(t *testing.T, g *gorm.DB) {
		clk := newClock()
		r := job.NewRunner(g, job.Options{Now: clk.Now})
		ok := writer(g, "ok", "@daily")
		must(t, r.Add(ok))
		bad := map[string]job.Job{
			"twice":      ok,
			"schedule":   writer(g, "s", "every minute"),
			"six fields": writer(g, "s6", "0 0 1 * * *"),
			"no batch":   {Name: "nb", Schedule: "@daily", Run: ok.Run},
			"no run":     {Name: "nr", Schedule: "@daily", Batch: 1},
			"no name":    {Schedule: "@daily", Batch: 1, Run: ok.Run},
			"long name":  {Name: strings.Repeat("n", 65), Schedule: "@daily", Batch: 1, Run: ok.Run},
		}
		for what, j := range bad {
			wantErr(t, what, r.Add(j), job.ErrInvalid)
		}
		want := lease(t, g, "ok")
		if !want.NextRun.Equal(time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)) {
			t.Fatalf("@daily's first run = %v", want.NextRun)
		}
		clk.Add(5 * time.Hour)
		must(t, job.NewRunner(g, job.Options{Now: clk.Now}).Add(ok))
		if got := lease(t, g, "ok"); got != want {
			t.Fatalf("lease after a second Add = %+v, want %+v", got, want)
		}
	})
}

// TestOldRunsArePruned: each run deletes its job's rows older than KeepRuns.
func TestOldRunsArePruned(t *testing.T) {
	each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		clk := newClock()
		r := job.NewRunner(g, job.Options{Now: clk.Now, KeepRuns: 10 * time.Minute})
		must(t, r.Add(writer(g, "k", "@every 1m")))
		for range 30 {
			clk.Add(time.Minute)
			must(t, r.Tick(ctx))
		}
		rs := runsOf(t, g, "k")
		if len(rs) != 11 || rs[0].StartTime.Before(clk.Now().Add(-10*time.Minute)) {
			t.Fatalf("%d runs kept, the oldest at %v", len(rs), rs[0].StartTime)
		}
	})
}
