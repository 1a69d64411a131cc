package job

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/robfig/cron/v3"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Errors of the runner.
var (
	ErrFenced  = errors.New("job: the run lost its lease")
	ErrBusy    = errors.New("job: the job is running")
	ErrNoJob   = errors.New("job: no such job")
	ErrInvalid = errors.New("job: invalid declaration")
)

// Options configure a Runner; zero values take the defaults.
type Options struct {
	Holder   string           // this instance; default hostname:pid:random
	Now      func() time.Time // default time.Now
	Tick     time.Duration    // how often Start polls the leases; default 1s
	LeaseFor time.Duration    // a lease's life, renewed every LeaseFor/3 while the run goes on; default 2m
	KeepRuns time.Duration    // run rows older are deleted; default 30 days
	Log      *slog.Logger
	Metrics  *prometheus.Registry // nil: none
	// OnFail is told of each failed run (after its row is written); nil: nobody.
	OnFail func(ctx context.Context, j Job, err error)
}

// Runner runs the jobs added to it, each run once across every instance sharing the database.
type Runner struct {
	db  *gorm.DB
	o   Options
	m   *meters
	wg  sync.WaitGroup // every run this runner started
	mu  sync.Mutex
	add []*entry // in Add order
	by  map[string]*entry
	fly map[string]*flight // the runs of this instance now, by job
}

type entry struct {
	Job
	sched cron.Schedule
}

// flight is a run in progress on this instance.
type flight struct {
	token  int64
	cancel context.CancelFunc
	lost   bool // under Runner.mu: the heartbeat found the lease taken over
}

// maxErr bounds the error kept with a run (job_runs.error).
const maxErr = 1000

// NewRunner returns a runner on db; Start (or Tick) makes it run.
func NewRunner(db *gorm.DB, o Options) *Runner {
	if o.Holder == "" {
		host, _ := os.Hostname()
		b := make([]byte, 4)
		rand.Read(b)
		o.Holder = fmt.Sprintf("%s:%d:%s", host, os.Getpid(), hex.EncodeToString(b))
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Tick <= 0 {
		o.Tick = time.Second
	}
	if o.LeaseFor <= 0 {
		o.LeaseFor = 2 * time.Minute
	}
	if o.KeepRuns <= 0 {
		o.KeepRuns = 30 * 24 * time.Hour
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	r := &Runner{db: db, o: o, by: map[string]*entry{}, fly: map[string]*flight{}}
	if o.Metrics != nil {
		m, err := newMeters(o.Metrics)
		if err != nil {
			o.Log.Error("job metrics", "err", err)
		}
		r.m = m
	}
	return r
}

// Holder is this runner's instance id, as leases and runs record it.
func (r *Runner) Holder() string { return r.o.Holder }

// Parse reads a schedule as jobs declare it: five cron fields or a descriptor (@daily, @every 1m).
func Parse(schedule string) (cron.Schedule, error) {
	return cron.ParseStandard(schedule)
}

// Add declares jobs and makes sure each has its lease row (a new one is due at its schedule's
// next time from now). A name twice, a schedule that does not parse, a Batch < 1 or no Run is
// a programming error: ErrInvalid.
func (r *Runner) Add(jobs ...Job) error {
	now := r.now()
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, j := range jobs {
		if j.Name == "" || len(j.Name) > 64 || j.Run == nil || j.Batch < 1 {
			return fmt.Errorf("%w: %q needs a name (64 at most), Run and Batch > 0", ErrInvalid, j.Name)
		}
		if _, dup := r.by[j.Name]; dup {
			return fmt.Errorf("%w: %q added twice", ErrInvalid, j.Name)
		}
		s, err := Parse(j.Schedule)
		if err != nil {
			return fmt.Errorf("%w: %q schedule %q: %v", ErrInvalid, j.Name, j.Schedule, err)
		}
		l := Lease{Name: j.Name, ExpiresAt: now, NextRun: s.Next(now).UTC()}
		// Instances starting together both insert: the second one's row is ignored.
		if err := r.db.Clauses(clause.OnConflict{DoNothing: true}).Create(&l).Error; err != nil {
			return fmt.Errorf("job %s: %w", j.Name, err)
		}
		e := &entry{Job: j, sched: s}
		r.add = append(r.add, e)
		r.by[j.Name] = e
	}
	return nil
}

// now is the runner's clock as rows keep it: UTC, milliseconds.
func (r *Runner) now() time.Time { return r.o.Now().UTC().Truncate(time.Millisecond) }

func (r *Runner) entries() []*entry {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]*entry(nil), r.add...)
}

func (r *Runner) job(name string) (*entry, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if e := r.by[name]; e != nil {
		return e, nil
	}
	return nil, ErrNoJob
}

// Start polls every Tick and renews the leases of its runs every LeaseFor/3 until ctx ends,
// then waits for the runs in progress (their ctx is ctx) to return.
func (r *Runner) Start(ctx context.Context) {
	tick := time.NewTicker(r.o.Tick)
	beat := time.NewTicker(r.o.LeaseFor / 3)
	defer tick.Stop()
	defer beat.Stop()
	for {
		select {
		case <-ctx.Done():
			r.wg.Wait()
			return
		case <-tick.C:
			if _, err := r.poll(ctx); err != nil && ctx.Err() == nil {
				r.o.Log.Error("job poll", "err", err)
			}
		case <-beat.C:
			r.Heartbeat(ctx)
		}
	}
}

// Tick is one poll: it takes the jobs due now whose lease is free and waits for their runs.
func (r *Runner) Tick(ctx context.Context) error {
	wg, err := r.poll(ctx)
	wg.Wait()
	return err
}

// poll takes every due job it can and starts its run; wg ends with those runs.
func (r *Runner) poll(ctx context.Context) (*sync.WaitGroup, error) {
	wg := &sync.WaitGroup{}
	es := r.entries()
	if len(es) == 0 {
		return wg, nil
	}
	names := make([]string, len(es))
	for i, e := range es {
		names[i] = e.Name
	}
	var leases []Lease
	if err := r.db.WithContext(ctx).Where("name IN ?", names).Find(&leases).Error; err != nil {
		return wg, err
	}
	now := r.now()
	for _, l := range leases {
		e, _ := r.job(l.Name)
		if e == nil || l.Paused || l.NextRun.After(now) || (l.Holder != "" && !l.ExpiresAt.Before(now)) || !r.reserve(l.Name) {
			continue
		}
		ok, err := r.take(ctx, l.Name, l.Token, now, true)
		if err != nil || !ok {
			r.unreserve(l.Name)
			if err != nil {
				return wg, err
			}
			continue
		}
		wg.Add(1)
		r.wg.Add(1)
		go func() {
			defer wg.Done()
			defer r.wg.Done()
			if _, err := r.execute(ctx, e, l.Token+1, now, TriggerSchedule, ""); err != nil {
				r.o.Log.Error("job run", "job", e.Name, "err", err)
			}
		}()
	}
	return wg, nil
}

// reserve marks name as run by this instance (false: it already is).
func (r *Runner) reserve(name string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, busy := r.fly[name]; busy {
		return false
	}
	r.fly[name] = &flight{}
	return true
}

func (r *Runner) unreserve(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.fly, name)
}

// take takes the lease seen with token seen, in one conditional UPDATE: only one instance's
// UPDATE finds the row still at that token and free (or expired), and it bumps the token, which
// fences whoever held it before. A scheduled take also wants the job due and not paused.
func (r *Runner) take(ctx context.Context, name string, seen int64, now time.Time, scheduled bool) (bool, error) {
	q := r.db.WithContext(ctx).Model(&Lease{}).
		Where("name = ? AND token = ? AND (holder = '' OR expires_at < ?)", name, seen, now)
	if scheduled {
		q = q.Where("paused = ? AND next_run <= ?", false, now)
	}
	res := q.Updates(map[string]any{"holder": r.o.Holder, "token": gorm.Expr("token + 1"), "expires_at": now.Add(r.o.LeaseFor)})
	return res.RowsAffected == 1, res.Error
}

// fence checks under the lease row's lock (FOR UPDATE on MySQL; SQLite's transactions take the
// write lock when they begin) that the lease is still at token and not expired.
func (r *Runner) fence(tx *gorm.DB, name string, token int64) error {
	var l Lease
	if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("name = ?", name).Take(&l).Error; err != nil {
		return err
	}
	if l.Token != token || !l.ExpiresAt.After(r.now()) {
		return ErrFenced
	}
	return nil
}

// Heartbeat renews the leases of this instance's runs; a run whose lease was taken over has its
// ctx cancelled (its next Fence would fail anyway). Start calls it every LeaseFor/3.
func (r *Runner) Heartbeat(ctx context.Context) {
	r.mu.Lock()
	fly := map[string]*flight{}
	for name, f := range r.fly {
		if f.cancel != nil {
			fly[name] = f
		}
	}
	r.mu.Unlock()
	now := r.now()
	for name, f := range fly {
		res := r.db.WithContext(ctx).Model(&Lease{}).Where("name = ? AND token = ?", name, f.token).
			Update("expires_at", now.Add(r.o.LeaseFor))
		if res.Error != nil {
			r.o.Log.Warn("job heartbeat", "job", name, "err", res.Error)
			continue // the next beat tries again; the fence protects meanwhile
		}
		if res.RowsAffected == 0 {
			// MySQL counts changed rows: the same expiry again changes nothing. Look.
			var l Lease
			if err := r.db.WithContext(ctx).Where("name = ?", name).Take(&l).Error; err != nil || l.Token == f.token {
				continue
			}
			r.mu.Lock()
			f.lost = true
			r.mu.Unlock()
			r.o.Log.Warn("job lease lost", "job", name, "token", f.token)
			f.cancel()
		}
	}
}
