package gateway

import (
	"time"

	"mallconsole/bff/internal/platform/money"
)

// Request is one refund sent to the payment gateway.
type Request struct {
	RefundNo, OrderNo string
	Amount            money.Fen
	Reason            string
}

// Status is where a refund stands at the gateway.
type Status string

const (
	StatusProcessing Status = "PROCESSING"
	StatusSuccess    Status = "SUCCESS"
	StatusFailed     Status = "FAILED"
	StatusNotFound   Status = "NOT_FOUND"
)

// Result is what the gateway says of a refund: its answer, a notification or a query.
type Result struct {
	RefundNo, GatewayRef string
	Status               Status
	Amount               money.Fen
	SuccessTime          *time.Time
}
