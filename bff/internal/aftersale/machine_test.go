package aftersale

import (
	"errors"
	"fmt"
	"testing"
)

// TestMachine: every action from every status, for both types and the refund's sub-states: the
// legal moves lead where docs/aftersale.md says, every other is a *MoveError naming both states.
func TestMachine(t *testing.T) {
	type key struct{ typ, status, state, action string }
	legal := map[key]string{
		{TypeRefund, Applied, "", Approve}: Refunding, {TypeReturn, Applied, "", Approve}: AwaitingReturn,
		{TypeReturn, AwaitingReturn, "", ReturnShipment}: Returned,
		{TypeReturn, Returned, "", Receive}:              Received,
		{TypeReturn, Received, "", Refund}:               Refunding,
	}
	for _, typ := range []string{TypeRefund, TypeReturn} {
		for _, st := range []string{RefundNone, RefundApproving, RefundApproved, RefundSent, RefundFailed, RefundDone} {
			// the machine lets a refunding case be asked again; Refund refuses sent and done (ErrRefundInFlight)
			legal[key{typ, Refunding, st, Refund}] = Refunding
		}
		for _, s := range []string{Applied, AwaitingReturn, Returned, Received} {
			legal[key{typ, s, "", Reject}] = Rejected
		}
		legal[key{typ, Refunding, RefundNone, Reject}] = Rejected
		legal[key{typ, Refunding, RefundApproving, Reject}] = Rejected
		for _, s := range []string{Applied, AwaitingReturn, Returned} {
			legal[key{typ, s, "", Cancel}] = Cancelled
		}
	}
	n := 0
	for _, typ := range []string{TypeRefund, TypeReturn} {
		for _, status := range Statuses {
			for _, state := range []string{RefundNone, RefundApproving, RefundApproved, RefundSent, RefundFailed, RefundDone} {
				if state != "" && status != Refunding {
					continue
				}
				for _, action := range []string{Approve, ReturnShipment, Receive, Refund, Reject, Cancel} {
					k := key{typ, status, state, action}
					got, err := next(Case{Type: typ, Status: status, RefundState: state}, action)
					want, ok := legal[k]
					var me *MoveError
					switch {
					case ok && (err != nil || got != want):
						t.Errorf("%v: %q %v, want %q", k, got, err, want)
					case !ok && (!errors.As(err, &me) || me.From != status || me.To == "" || !errors.Is(err, ErrIllegalMove)):
						t.Errorf("%v: %q %v, want a move error from %s", k, got, err, status)
					}
					n++
				}
			}
		}
	}
	if _, err := next(Case{}, "fly"); err == nil || errors.Is(err, ErrIllegalMove) {
		t.Errorf("unknown action: %v", err)
	}
	t.Log(fmt.Sprint(n, " moves checked"))
}
