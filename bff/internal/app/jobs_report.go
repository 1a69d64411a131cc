package app

import (
	"context"

	"mallconsole/bff/internal/job"
	"mallconsole/bff/internal/report"
)

// reportJobs keeps the sales reports' daily figures: every minute the days whose orders or
// refunds changed are recomputed, a month of days at most per run. The job runner (package job)
// is handed these with the other features' jobs.
func reportJobs(r *report.Service) []job.Job {
	return []job.Job{{
		Name:     "report.refresh",
		Title:    "刷新销售报表",
		Schedule: "@every 1m",
		Batch:    31,
		Run: func(ctx context.Context, run *job.Run) (int, error) {
			return r.Refresh(ctx, run.Fence, run.Batch)
		},
	}}
}
