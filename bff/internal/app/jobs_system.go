package app

import (
	"context"
	"time"

	"mallconsole/bff/internal/attach"
	"mallconsole/bff/internal/contract"
	"mallconsole/bff/internal/job"
)

// systemJobs are the housekeeping jobs of what the product already did lazily or on the
// janitor's ticker (sessions, the operation log, idempotency keys, stuck refunds) and the
// contracts' expiry. send delivers the expiry reminders (the message centre's Send; nil: none).
//
// The sweeps are not fenced: each deletes rows already expired (or, for refunds, asks the
// gateway, which keeps one refund per number), so a run that lost its lease doing it a second
// time changes nothing. They delete whatever has expired in one statement rather than Batch
// rows: the tables are swept every few minutes and never hold much. The contract jobs change
// rows others read and send messages: they fence every transaction.
func systemJobs(a *App, contracts *contract.Service, send contract.Send) []job.Job {
	sweep := func(f func(context.Context) error) func(context.Context, *job.Run) (int, error) {
		return func(ctx context.Context, _ *job.Run) (int, error) { return 0, f(ctx) }
	}
	jobs := []job.Job{
		// Auth.Sweep also sweeps the short-lived values (captchas, the storefront's nonces: the
		// same kv store; Redis expires its own).
		{Name: "system.sessions", Title: "清理过期会话与验证码", Schedule: "@every 5m", Batch: 1, Run: sweep(a.Auth.Sweep)},
		{Name: "system.oplog", Title: "清理操作日志", Schedule: "@daily", Batch: 1, Run: sweep(a.OpLog.Sweep)},
		{Name: "storefront.idempotency", Title: "清理开放接口幂等键", Schedule: "@every 1h", Batch: 1, Run: sweep(a.OpenKeys.Sweep)},
		{Name: "aftersale.refunds", Title: "查询卡住的退款", Schedule: "@every 1m", Batch: 500,
			Run: func(ctx context.Context, _ *job.Run) (int, error) { return a.Aftersales.SweepStuck(ctx, time.Minute) }},
		{Name: "contract.expire", Title: "合同到期", Schedule: "@every 1h", Batch: 500,
			Run: func(ctx context.Context, r *job.Run) (int, error) { return contracts.ExpireDue(ctx, r.Batch, r.Fence) }},
	}
	if send != nil {
		jobs = append(jobs, job.Job{Name: "contract.expiring", Title: "合同到期提醒", Schedule: "0 9 * * *", Batch: 500,
			Run: func(ctx context.Context, r *job.Run) (int, error) {
				return contracts.NotifyExpiring(ctx, r.Batch, r.Fence, contract.ExpiringDays*24*time.Hour, send)
			}})
	}
	return jobs
}

// uploadJobs removes the uploads no record ever took (docs/decisions.md "Orphaned uploads"):
// once a day, 500 a run, those older than attach.Grace. It marks them in a fenced transaction
// and deletes the stored objects after the commit, so a run that lost its lease removes nothing.
func uploadJobs(uploads *attach.Service) job.Job {
	return job.Job{Name: "upload.orphans", Title: "清理无主上传文件", Schedule: "@daily", Batch: 500,
		Run: func(ctx context.Context, r *job.Run) (int, error) {
			return uploads.SweepOrphans(ctx, r.Batch, attach.Grace, r.Fence)
		}}
}
