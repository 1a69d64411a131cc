package app

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"gorm.io/gorm"

	"mallconsole/bff/internal/job"
	"mallconsole/bff/internal/notify"
)

// newRunner is the jobs' runner (docs/operations.md "Jobs"); the features' jobs are added to it
// with a.Jobs.Add, and cmd/bff starts it. A failed run tells the administrators (任务失败).
func newRunner(g *gorm.DB, now func() time.Time, log *slog.Logger, reg *prometheus.Registry, notes *notify.Service) *job.Runner {
	return job.NewRunner(g, job.Options{Now: now, Log: log, Metrics: reg,
		OnFail: func(ctx context.Context, j job.Job, err error) {
			m := notify.Message{Type: notify.JobFailed, Title: "任务失败：" + j.Title, Body: trimTo(err.Error(), 200),
				Link: "/system/job"}
			if serr := notes.Send(context.WithoutCancel(ctx), notify.Audience{Admins: true}, m); serr != nil {
				log.Warn("telling the administrators a job failed", "job", j.Name, "err", serr)
			}
		}})
}

// notifyJobs keeps the message centre to its retention (docs/notifications.md).
func notifyJobs(notes *notify.Service, now func() time.Time) []job.Job {
	return []job.Job{{Name: "notify.sweep", Title: "清理过期站内信", Schedule: "@daily", Batch: 20,
		// deletes of rows past retention: done twice after a lost lease, they are harmless
		Run: func(ctx context.Context, r *job.Run) (int, error) {
			total := 0
			for range r.Batch {
				n, err := notes.Sweep(ctx, now().Add(-notes.KeepFor()))
				total += int(n)
				if err != nil || n < notify.SweepBatch {
					return total, err
				}
			}
			return total, nil
		}}}
}

// trimTo keeps s to n runes.
func trimTo(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return fmt.Sprint(string(r[:n]), "…")
}
