package aftersale

import (
	"errors"
	"fmt"
	"slices"
)

// Types of a case.
const (
	TypeRefund = "refund" // 仅退款
	TypeReturn = "return" // 退货退款
)

// TypeLabels are the types' names for people.
var TypeLabels = map[string]string{TypeRefund: "仅退款", TypeReturn: "退货退款"}

// Statuses of a case.
const (
	Applied        = "applied"         // 申请中
	Approved       = "approved"        // 已同意 (passed through at once: history only)
	AwaitingReturn = "awaiting_return" // 待买家退货
	Returned       = "returned"        // 买家已发货
	Received       = "received"        // 已收货
	Refunding      = "refunding"       // 退款中
	Refunded       = "refunded"        // 已退款
	Rejected       = "rejected"        // 已拒绝
	Cancelled      = "cancelled"       // 已撤销
)

// Statuses lists every status in the order the tabs show them.
var Statuses = []string{Applied, Approved, AwaitingReturn, Returned, Received, Refunding, Refunded, Rejected, Cancelled}

// StatusLabels are the statuses' names for people.
var StatusLabels = map[string]string{Applied: "申请中", Approved: "已同意", AwaitingReturn: "待买家退货",
	Returned: "买家已发货", Received: "已收货", Refunding: "退款中", Refunded: "已退款", Rejected: "已拒绝", Cancelled: "已撤销"}

// Refund sub-states of a case in refunding (docs/aftersale.md).
const (
	RefundNone      = ""          // not asked yet
	RefundApproving = "approving" // a 退款审批 instance is open
	RefundApproved  = "approved"  // approval passed: manual waits for the voucher, gateway is sent
	RefundSent      = "sent"      // the gateway accepted it; its notification or a query settles it
	RefundFailed    = "failed"    // the gateway said FAILED; staff may send again
	RefundDone      = "done"
)

// Actions move a case.
const (
	Approve        = "approve"
	ReturnShipment = "return_shipment"
	Receive        = "receive"
	Refund         = "refund"
	Reject         = "reject"
	Cancel         = "cancel"
)

// ErrIllegalMove: the action is not allowed from the case's status.
var ErrIllegalMove = errors.New("aftersale: illegal status move")

// MoveError is ErrIllegalMove naming both states, so the answer can name them too.
type MoveError struct{ From, To string }

func (e *MoveError) Error() string {
	return fmt.Sprintf("aftersale: cannot move from %s to %s", e.From, e.To)
}
func (e *MoveError) Is(target error) bool { return target == ErrIllegalMove }

// next is the status action leads c to, or a *MoveError naming c's status and the status the
// action would have led to. It is the whole machine; the refund's sub-state is checked by the
// refund itself (service.go).
func next(c Case, action string) (string, error) {
	var from []string
	var to string
	switch action {
	case Approve:
		from, to = []string{Applied}, AwaitingReturn
		if c.Type == TypeRefund {
			to = Refunding
		}
	case ReturnShipment:
		from, to = parcel(c, AwaitingReturn), Returned
	case Receive:
		from, to = parcel(c, Returned), Received
	case Refund:
		// a return is refunded once received; a case in refunding is asked again (after an
		// approval, a failed gateway refund) and stays; the sub-state decides the rest (refund.go)
		from, to = append(parcel(c, Received), Refunding), Refunding
	case Reject:
		from, to = []string{Applied, AwaitingReturn, Returned, Received, Refunding}, Rejected
		if c.Status == Refunding && c.RefundState != RefundNone && c.RefundState != RefundApproving {
			from = nil // money was (or is being) sent
		}
	case Cancel:
		from, to = []string{Applied, AwaitingReturn, Returned}, Cancelled
	default:
		return "", fmt.Errorf("aftersale: unknown action %q", action) // a programming error
	}
	if !slices.Contains(from, c.Status) {
		return "", &MoveError{From: c.Status, To: to}
	}
	return to, nil
}

// parcel is status for a return and nothing for a refund-only case: only a return has a parcel
// to send back, receive and be refunded for.
func parcel(c Case, status string) []string {
	if c.Type != TypeReturn {
		return nil
	}
	return []string{status}
}
