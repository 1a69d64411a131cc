package app

import (
	"context"

	"mallconsole/bff/internal/job"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/stock"
)

// shopJobs are the shop's jobs (订单设置's deadlines and 库存预警): each run takes a bounded
// batch, oldest deadline first, and the next run goes on where it stopped. Every transaction
// they commit checks the run's lease (r.Fence).
func shopJobs(orders *order.Service, alerts *stock.Alerts) []job.Job {
	return []job.Job{{
		Name: "order.closeUnpaid", Title: "关闭超时未付订单", Schedule: "@every 1m", Batch: 500,
		Run: func(ctx context.Context, r *job.Run) (int, error) { return orders.CloseOverdue(ctx, r.Batch, r.Fence) },
	}, {
		Name: "order.complete", Title: "自动确认收货", Schedule: "@every 10m", Batch: 500,
		Run: func(ctx context.Context, r *job.Run) (int, error) { return orders.CompleteDue(ctx, r.Batch, r.Fence) },
	}, {
		Name: "order.aftersaleWindow", Title: "关闭售后期", Schedule: "@every 1h", Batch: 1000,
		Run: func(ctx context.Context, r *job.Run) (int, error) {
			return orders.CloseAftersaleWindows(ctx, r.Batch, r.Fence)
		},
	}, {
		Name: "stock.lowAlerts", Title: "库存预警通知", Schedule: "@every 1m", Batch: 500,
		Run: func(ctx context.Context, r *job.Run) (int, error) { return alerts.Run(ctx, r.Batch, r.Fence) },
	}}
}
