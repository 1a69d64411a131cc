package job_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/job"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/schema"
)

// clock is the fake clock every runner of a test shares.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// effect is what the test jobs write, once per run, inside a fenced transaction.
type effect struct {
	ID    int64  `gorm:"primaryKey;autoIncrement"`
	Job   string `gorm:"size:64"`
	Token int64
	At    time.Time
}

func (effect) TableName() string { return "job_test_effects" }

// pools returns two connection pools on one fresh migrated database, as two instances have.
func pools(t *testing.T, backend string) (*gorm.DB, *gorm.DB) {
	t.Helper()
	g, dsn := dbtest.OpenDSN(t, backend)
	if _, err := db.Migrate(context.Background(), g, schema.Migrations()); err != nil {
		t.Fatal(err)
	}
	if err := g.AutoMigrate(&effect{}); err != nil {
		t.Fatal(err)
	}
	g2, err := db.Open(context.Background(), backend, dsn, dbtest.Logger(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close(g2) })
	return g, g2
}

// eachBackend runs body per backend with two pools on the same database.
func eachBackend(t *testing.T, body func(t *testing.T, a, b *gorm.DB)) {
	for _, backend := range dbtest.Backends() {
		t.Run(backend, func(t *testing.T) {
			t.Parallel()
			a, b := pools(t, backend)
			body(t, a, b)
		})
	}
}

// write is a job's unit of work: one effect row in a transaction the run's fence guards.
func write(ctx context.Context, g *gorm.DB, r *job.Run, at time.Time) error {
	return g.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&effect{Job: r.Job, Token: r.Token, At: at}).Error; err != nil {
			return err
		}
		return r.Fence(tx)
	})
}

// writer is a job that writes one effect per run through g.
func writer(g *gorm.DB, name, schedule string) job.Job {
	return job.Job{Name: name, Title: name, Schedule: schedule, Batch: 10, Run: func(ctx context.Context, r *job.Run) (int, error) {
		return 1, write(ctx, g, r, r.Start)
	}}
}

func effects(t *testing.T, g *gorm.DB, name string) []effect {
	t.Helper()
	var es []effect
	if err := g.Where("job = ?", name).Order("id").Find(&es).Error; err != nil {
		t.Fatal(err)
	}
	return es
}

func runsOf(t *testing.T, g *gorm.DB, name string) []job.RunRow {
	t.Helper()
	var rs []job.RunRow
	if err := g.Where("name = ?", name).Order("id").Find(&rs).Error; err != nil {
		t.Fatal(err)
	}
	return rs
}

func lease(t *testing.T, g *gorm.DB, name string) job.Lease {
	t.Helper()
	var l job.Lease
	if err := g.Where("name = ?", name).Take(&l).Error; err != nil {
		t.Fatal(err)
	}
	return l
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func wantErr(t *testing.T, what string, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Fatalf("%s: err = %v, want %v", what, err, want)
	}
}

// each is dbtest.Each with the test jobs' effect table.
func each(t *testing.T, body func(t *testing.T, g *gorm.DB)) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		if err := g.AutoMigrate(&effect{}); err != nil {
			t.Fatal(err)
		}
		body(t, g)
	})
}
