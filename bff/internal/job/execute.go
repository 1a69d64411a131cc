package job

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"gorm.io/gorm"
)

// execute does one run of e under the lease at token (taken at start): the run row, the job's
// Run, then the row's end and the release. The bookkeeping outlives ctx so that a run stopped
// by a shutdown is still recorded and its lease freed.
func (r *Runner) execute(ctx context.Context, e *entry, token int64, start time.Time, trigger, operator string) (RunRow, error) {
	bg, stop := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer stop()
	defer r.unreserve(e.Name)
	run := RunRow{Name: e.Name, Token: token, Holder: r.o.Holder, Trigger: trigger, Operator: operator,
		StartTime: start, Result: ResultRunning}
	if err := r.db.WithContext(bg).Create(&run).Error; err != nil {
		r.release(bg, e, token, start)
		return run, err
	}
	// Runs of this job still marked running are over: their instance died or was paused past
	// its lease (the token bump fences it).
	if err := r.db.WithContext(bg).Model(&RunRow{}).Where("name = ? AND result = ? AND id < ?", e.Name, ResultRunning, run.ID).
		Updates(map[string]any{"result": ResultAbandoned, "error": "租约已被接管"}).Error; err != nil {
		r.o.Log.Warn("job abandon", "job", e.Name, "err", err)
	}

	runCtx, cancel := context.WithCancel(ctx)
	r.mu.Lock()
	f := r.fly[e.Name]
	f.token, f.cancel = token, cancel
	r.mu.Unlock()
	rows, err := r.call(runCtx, e, &Run{Job: e.Name, Token: token, Start: start, Batch: e.Batch,
		fence: func(tx *gorm.DB) error { return r.fence(tx, e.Name, token) }})
	cancel()
	r.mu.Lock()
	lost := f.lost
	r.mu.Unlock()

	end := r.now()
	run.EndTime, run.DurationMs, run.Rows = &end, end.Sub(start).Milliseconds(), int64(rows)
	switch {
	case err == nil:
		run.Result = ResultOK
	case errors.Is(err, ErrFenced) || lost:
		run.Result = ResultAbandoned
	default:
		run.Result = ResultFailed
	}
	if err != nil {
		run.Error = trim(err.Error(), maxErr)
	}
	r.finish(bg, &run)
	r.release(bg, e, token, end)
	r.m.observe(e.Name, run)
	r.prune(bg, e.Name, end)
	switch run.Result {
	case ResultFailed:
		r.o.Log.Error("job failed", "job", e.Name, "err", err)
		if r.o.OnFail != nil {
			r.o.OnFail(bg, e.Job, err)
		}
	case ResultAbandoned:
		r.o.Log.Warn("job run abandoned", "job", e.Name, "token", token, "err", err)
	}
	return run, nil
}

// call runs the job; a panic is the run's error, not the process's end.
func (r *Runner) call(ctx context.Context, e *entry, run *Run) (rows int, err error) {
	defer func() {
		if p := recover(); p != nil {
			r.o.Log.Error("job panic", "job", e.Name, "panic", p, "stack", string(debug.Stack()))
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return e.Run(ctx, run)
}

// finish writes the run's end. A row already marked abandoned (another instance took the job
// over) keeps that result and gets the rest.
func (r *Runner) finish(ctx context.Context, run *RunRow) {
	vals := map[string]any{"end_time": run.EndTime, "duration_ms": run.DurationMs, "rows": run.Rows, "error": run.Error}
	withResult := map[string]any{"result": run.Result}
	for k, v := range vals {
		withResult[k] = v
	}
	res := r.db.WithContext(ctx).Model(&RunRow{}).Where("id = ? AND result = ?", run.ID, ResultRunning).Updates(withResult)
	if res.Error == nil && res.RowsAffected == 0 {
		run.Result = ResultAbandoned
		res = r.db.WithContext(ctx).Model(&RunRow{}).Where("id = ?", run.ID).Updates(vals)
	}
	if res.Error != nil {
		r.o.Log.Error("job run row", "job", run.Name, "err", res.Error)
	}
}

// release frees the lease and sets the next run, only while it is still at token: a run that
// lost its lease leaves the new holder's alone.
func (r *Runner) release(ctx context.Context, e *entry, token int64, end time.Time) {
	err := r.db.WithContext(ctx).Model(&Lease{}).Where("name = ? AND token = ?", e.Name, token).
		Updates(map[string]any{"holder": "", "expires_at": end, "next_run": e.sched.Next(end).UTC()}).Error
	if err != nil {
		r.o.Log.Error("job release", "job", e.Name, "err", err)
	}
}

// pruneBatch bounds the run rows one prune deletes.
const pruneBatch = 500

// prune deletes up to pruneBatch of the job's runs older than KeepRuns: usually one index read
// finds the oldest row young enough and nothing more is done.
func (r *Runner) prune(ctx context.Context, name string, now time.Time) {
	cut := now.Add(-r.o.KeepRuns)
	var oldest []RunRow
	if err := r.db.WithContext(ctx).Select("id", "start_time").Where("name = ?", name).Order("id").Limit(1).Find(&oldest).Error; err != nil ||
		len(oldest) == 0 || !oldest[0].StartTime.Before(cut) {
		return
	}
	var ids []int64
	err := r.db.WithContext(ctx).Model(&RunRow{}).Where("name = ? AND start_time < ?", name, cut).Order("id").
		Limit(pruneBatch).Pluck("id", &ids).Error
	if err == nil && len(ids) > 0 {
		err = r.db.WithContext(ctx).Where("id IN ?", ids).Delete(&RunRow{}).Error
	}
	if err != nil {
		r.o.Log.Warn("job prune", "job", name, "err", err)
	}
}

func trim(s string, n int) string {
	rs := []rune(s)
	if len(rs) <= n {
		return s
	}
	return string(rs[:n])
}

// meters are the runner's metrics (nil: none kept).
type meters struct {
	runs     *prometheus.CounterVec
	duration *prometheus.HistogramVec
	rows     *prometheus.CounterVec
}

func newMeters(reg prometheus.Registerer) (*meters, error) {
	m := &meters{
		runs: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "bff_job_runs_total",
			Help: "Job runs by job and result (ok, failed, abandoned)."}, []string{"job", "result"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "bff_job_run_duration_seconds",
			Help: "How long job runs took.", Buckets: []float64{.01, .05, .1, .5, 1, 5, 10, 30, 60, 300}}, []string{"job"}),
		rows: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "bff_job_rows_total",
			Help: "Rows job runs touched."}, []string{"job"}),
	}
	for _, c := range []prometheus.Collector{m.runs, m.duration, m.rows} {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	return m, nil
}

func (m *meters) observe(name string, run RunRow) {
	if m == nil {
		return
	}
	m.runs.WithLabelValues(name, run.Result).Inc()
	m.duration.WithLabelValues(name).Observe(float64(run.DurationMs) / 1000)
	m.rows.WithLabelValues(name).Add(float64(run.Rows))
}
