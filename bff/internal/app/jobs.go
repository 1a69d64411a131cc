package app

import (
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"gorm.io/gorm"

	"mallconsole/bff/internal/job"
)

// newRunner is the jobs' runner (docs/operations.md "Jobs"); the features' jobs are added to it
// with a.Jobs.Add, and cmd/bff starts it.
func newRunner(g *gorm.DB, now func() time.Time, log *slog.Logger, reg *prometheus.Registry) *job.Runner {
	return job.NewRunner(g, job.Options{Now: now, Log: log, Metrics: reg})
}
