package app

import (
	"context"
	"net/http"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/aftersale"
	"mallconsole/bff/internal/aftersale/gateway"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/workflow"
)

// refundApprovals tells after-sales how its 退款审批 instances end: inside the engine's step
// (the case moves with the approval) and, after the commit, to send an approved gateway refund.
type refundApprovals struct{ cases *aftersale.Service }

func (r refundApprovals) Finished(tx *gorm.DB, o workflow.Outcome) error {
	return r.cases.ApprovalFinished(tx, outcomeOf(o))
}

func (r refundApprovals) AfterFinished(ctx context.Context, o workflow.Outcome) {
	if o.Status == workflow.IApproved {
		// A failure leaves the case approved: the janitor's sweep sends it.
		_, _ = r.cases.AfterApproval(ctx, o.InstanceID)
	}
}

func outcomeOf(o workflow.Outcome) aftersale.Outcome {
	status := map[string]string{workflow.IApproved: aftersale.OutcomeApproved, workflow.IRejected: aftersale.OutcomeRejected,
		workflow.IWithdrawn: aftersale.OutcomeWithdrawn}[o.Status]
	return aftersale.Outcome{InstanceID: o.InstanceID, FormCode: o.FormCode, Status: status, Comment: o.Comment,
		Approver: o.Approver, Data: o.Data}
}

// refundGateway is the payment gateway of the settings, or nil (an interface holding a nil
// client would not read as "none").
func refundGateway(cfg config.RefundGateway, now func() time.Time) aftersale.Gateway {
	gw := gateway.New(gateway.Config(cfg), &http.Client{Timeout: gateway.Timeout}, now)
	if gw == nil {
		return nil
	}
	return gw
}
