package aftersale

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
)

// Outcome is how a 退款审批 instance ended, as the workflow engine tells it (the app adapts
// workflow.Outcome to it, so this package does not import the engine).
type Outcome struct {
	InstanceID                          int64
	FormCode, Status, Comment, Approver string
	Data                                map[string]any
}

// The outcomes' statuses.
const (
	OutcomeApproved  = "approved"
	OutcomeRejected  = "rejected"
	OutcomeWithdrawn = "withdrawn"
)

// ApprovalFinished applies the end of a case's 退款审批 instance inside the engine's step
// transaction tx (an error rolls the step back): approved → the refund may be paid (manual waits
// for staff, the gateway is sent by AfterApproval after the commit); rejected → the case is
// rejected with the approver's comment; withdrawn → the refund may be asked again. An instance
// of no case, or of a case no longer waiting for it, changes nothing.
func (s *Service) ApprovalFinished(tx *gorm.DB, o Outcome) error {
	c, err := lock(tx, nil, "instance_id = ?", o.InstanceID)
	if no, _ := o.Data["caseNo"].(string); errors.Is(err, ErrNotFound) && no != "" {
		// a flow that passed as it started: the case asking for it has no instance id yet
		c, err = lock(tx, nil, "case_no = ? AND instance_id IS NULL", no)
		if err == nil {
			err = tx.Model(&Case{}).Where("id = ?", c.ID).Update("instance_id", o.InstanceID).Error
			c.InstanceID = &o.InstanceID
		}
	}
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	if err != nil || c.Status != Refunding || c.RefundState != RefundApproving {
		return err
	}
	now := s.stamp()
	who := o.Approver
	if who == "" {
		who = "workflow"
	}
	switch o.Status {
	case OutcomeApproved:
		note := "退款审批通过 #" + itoa(o.InstanceID)
		if o.Comment != "" {
			note += "：" + o.Comment
		}
		return save(tx, c, map[string]any{"refund_state": RefundApproved}, c.Status, c.Status, who, note, now)
	case OutcomeRejected:
		reason := "退款审批未通过"
		if o.Comment != "" {
			reason += "：" + o.Comment
		}
		return s.reject(tx, c, who, reason, now)
	case OutcomeWithdrawn:
		return save(tx, c, map[string]any{"refund_state": RefundNone}, c.Status, c.Status, who, "退款审批已撤回", now)
	}
	return nil
}

// AfterApproval sends the approved gateway refund of the instance's case (after the approval's
// commit; the sweep does it too when this was missed). A manual refund, or a case not approved,
// is left as it is.
func (s *Service) AfterApproval(ctx context.Context, instanceID int64) (Detail, error) {
	return s.move(ctx, nil, "instance_id = ?", instanceID, func(tx *gorm.DB, c Case, now time.Time) (func(context.Context), error) {
		if s.deps.Gateway == nil || c.Status != Refunding || c.RefundState != RefundApproved || c.Provider != GatewayProv {
			return nil, nil
		}
		return s.send(tx, c, "system", now)
	})
}
