// Package job runs the jobs declared in code on their schedules, each run once across every
// instance: a lease row per job with an expiry and a fencing token (docs/operations.md "Jobs").
package job

import (
	"context"
	"time"

	"gorm.io/gorm"
)

// Job is one job as the code declares it.
type Job struct {
	Name     string // stable key: "order.closeUnpaid"
	Title    string // for people: "关闭超时未付订单"
	Schedule string // a cron expression (robfig/cron standard, 5 fields) or "@every 1m"
	// Batch bounds what one run does (rows); Run stops there and the next run goes on.
	Batch int
	// Run does one run: it returns the rows it touched. Every transaction that changes data must
	// call r.Fence(tx) inside it, so that a run another instance has taken over cannot commit.
	Run func(ctx context.Context, r *Run) (rows int, err error)
}

// Run is one run of a job on this instance.
type Run struct {
	Job   string
	Token int64     // the lease's fencing token this run holds
	Start time.Time // by the runner's clock
	Batch int       // the job's Batch
	fence func(tx *gorm.DB) error
}

// Fence checks, inside tx and under the lease row's lock, that this run still holds the lease
// (same token, not expired). ErrFenced otherwise: the caller returns it and tx rolls back.
func (r *Run) Fence(tx *gorm.DB) error { return r.fence(tx) }
