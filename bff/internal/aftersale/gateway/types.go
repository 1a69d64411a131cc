// Package gateway is the client of a payment gateway's refund API (docs/aftersale.md): a refund
// request carrying the shop's own refund number, the gateway's signed notification, and a status
// query for when the notification does not come. It knows nothing of after-sales cases.
package gateway

import (
	"time"

	"mallconsole/bff/internal/platform/money"
)

// Request is one refund asked of the gateway; RefundNo is the shop's own number, so asking twice
// is one refund.
type Request struct {
	RefundNo, OrderNo string
	Amount            money.Fen
	Reason            string
}

// Status is where the gateway says a refund is.
type Status string

// The statuses of a refund at the gateway.
const (
	Processing Status = "PROCESSING"
	Success    Status = "SUCCESS"
	Failed     Status = "FAILED"
	NotFound   Status = "NOT_FOUND"
)

// Result is the gateway's word on one refund: an answer, a notification or a query.
type Result struct {
	RefundNo, GatewayRef string
	Status               Status
	Amount               money.Fen
	SuccessTime          *time.Time
}
