package job

import (
	"context"
	"time"

	"mallconsole/bff/internal/platform/db"
)

// Item is a job as the 定时任务 page lists it.
type Item struct {
	Name, Title, Schedule string
	Paused                bool
	LastRun               *RunRow // nil: never run
	NextRun               time.Time
}

// List returns the declared jobs in the order they were added, with their lease and last run.
func (r *Runner) List(ctx context.Context) ([]Item, error) {
	es := r.entries()
	items := make([]Item, 0, len(es))
	for _, e := range es {
		var l Lease
		if err := r.db.WithContext(ctx).Where("name = ?", e.Name).Take(&l).Error; err != nil {
			return nil, err
		}
		it := Item{Name: e.Name, Title: e.Title, Schedule: e.Schedule, Paused: l.Paused, NextRun: l.NextRun}
		var last []RunRow
		if err := r.db.WithContext(ctx).Where("name = ?", e.Name).Order("id DESC").Limit(1).Find(&last).Error; err != nil {
			return nil, err
		}
		if len(last) == 1 {
			it.LastRun = &last[0]
		}
		items = append(items, it)
	}
	return items, nil
}

// Runs returns one page (0-based) of the job's runs, newest first, and how many it has.
func (r *Runner) Runs(ctx context.Context, name string, page, size int) ([]RunRow, int64, error) {
	if _, err := r.job(name); err != nil {
		return nil, 0, err
	}
	return db.Paged[RunRow](r.db.WithContext(ctx).Model(&RunRow{}).Where("name = ?", name), "id DESC", page*size, size)
}

// RunNow runs the job here and now for operator, taking its lease as a scheduled run would
// (ErrBusy while another run holds it); a paused job may still be run by hand. The run's own
// failure is in the row, not the error. The run goes on if the caller goes away.
func (r *Runner) RunNow(ctx context.Context, name, operator string) (RunRow, error) {
	e, err := r.job(name)
	if err != nil {
		return RunRow{}, err
	}
	if !r.reserve(name) {
		return RunRow{}, ErrBusy
	}
	var l Lease
	if err := r.db.WithContext(ctx).Where("name = ?", name).Take(&l).Error; err != nil {
		r.unreserve(name)
		return RunRow{}, err
	}
	now := r.now()
	if l.Holder != "" && !l.ExpiresAt.Before(now) {
		r.unreserve(name)
		return RunRow{}, ErrBusy
	}
	ok, err := r.take(ctx, name, l.Token, now, false)
	if err != nil || !ok {
		r.unreserve(name)
		if err == nil {
			err = ErrBusy
		}
		return RunRow{}, err
	}
	r.wg.Add(1)
	defer r.wg.Done()
	return r.execute(context.WithoutCancel(ctx), e, l.Token+1, now, TriggerManual, operator)
}

// Pause stops the job's scheduled runs (a run in progress goes on).
func (r *Runner) Pause(ctx context.Context, name string) error {
	return r.setPaused(ctx, name, true)
}

// Resume schedules the job again from now: runs missed while paused are not caught up.
func (r *Runner) Resume(ctx context.Context, name string) error {
	return r.setPaused(ctx, name, false)
}

func (r *Runner) setPaused(ctx context.Context, name string, paused bool) error {
	e, err := r.job(name)
	if err != nil {
		return err
	}
	vals := map[string]any{"paused": paused}
	if !paused {
		vals["next_run"] = e.sched.Next(r.now()).UTC()
	}
	res := r.db.WithContext(ctx).Model(&Lease{}).Where("name = ?", name).Updates(vals)
	if res.Error == nil && res.RowsAffected == 0 {
		var n int64
		if err := r.db.WithContext(ctx).Model(&Lease{}).Where("name = ?", name).Count(&n).Error; err != nil {
			return err
		}
		if n == 0 {
			return ErrNoJob
		}
	}
	return res.Error
}
