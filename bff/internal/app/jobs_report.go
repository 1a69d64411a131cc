package app

import (
	"context"

	"mallconsole/bff/internal/job"
	"mallconsole/bff/internal/report"
	"mallconsole/bff/internal/statement"
)

// reportJobs keeps the sales reports' daily figures: every minute the days whose orders or
// refunds changed are recomputed, a month of days at most per run; and on the 1st at 02:00 it
// makes and freezes every agency's statement of the month before. The job runner (package job)
// is handed these with the other features' jobs.
func reportJobs(r *report.Service, st *statement.Service) []job.Job {
	return []job.Job{{
		Name:     "report.refresh",
		Title:    "刷新销售报表",
		Schedule: "@every 1m",
		Batch:    31,
		Run: func(ctx context.Context, run *job.Run) (int, error) {
			return r.Refresh(ctx, run.Fence, run.Batch)
		},
	}, {
		Name:     "statement.monthly",
		Title:    "生成渠道对账单",
		Schedule: "0 2 1 * *",
		// one run makes every agency's month, each in its own fenced transaction
		Batch: 1,
		Run: func(ctx context.Context, run *job.Run) (int, error) {
			return st.Monthly(ctx, run.Fence)
		},
	}}
}
