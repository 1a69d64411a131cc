package order

import (
	"errors"
	"fmt"
)

// Statuses of an order.
const (
	Unpaid    = "unpaid"    // 待付款
	Paid      = "paid"      // 待发货
	Shipped   = "shipped"   // 已发货
	Completed = "completed" // 已完成
	Closed    = "closed"    // 已关闭
	Refunded  = "refunded"  // 已退款
)

// Statuses lists every status in the order the tabs show them.
var Statuses = []string{Unpaid, Paid, Shipped, Completed, Closed, Refunded}

// StatusLabels are the statuses' names for people.
var StatusLabels = map[string]string{Unpaid: "待付款", Paid: "待发货", Shipped: "已发货",
	Completed: "已完成", Closed: "已关闭", Refunded: "已退款"}

// Actions move an order: each is legal from one status only.
const (
	Pay      = "pay"      // the customer paid (the shop reports it; no console action)
	Ship     = "ship"     // 发货
	Complete = "complete" // 完成
	Close    = "close"    // 关闭
	Refund   = "refund"   // 退款
	Unship   = "unship"   // 取消发货: back to paid within the correction window (shipdesk.go)
)

// moves is the whole status machine: action → from → to. Closed, completed and refunded are
// final.
var moves = map[string][2]string{
	Pay:      {Unpaid, Paid},
	Ship:     {Paid, Shipped},
	Complete: {Shipped, Completed},
	Close:    {Unpaid, Closed},
	Refund:   {Paid, Refunded},
	Unship:   {Shipped, Paid},
}

// ErrIllegalMove: the action is not allowed from the order's status.
var ErrIllegalMove = errors.New("order: illegal status move")

// MoveError is ErrIllegalMove naming both states, so the answer can name them too.
type MoveError struct{ From, To string }

func (e *MoveError) Error() string {
	return fmt.Sprintf("order: cannot move from %s to %s", e.From, e.To)
}
func (e *MoveError) Is(target error) bool { return target == ErrIllegalMove }

// Next is the status action leads to from status from, or a *MoveError naming from and the
// status the action would have led to.
func Next(from, action string) (string, error) {
	m, ok := moves[action]
	if !ok {
		return "", fmt.Errorf("order: unknown action %q", action) // a programming error
	}
	if m[0] != from {
		return "", &MoveError{From: from, To: m[1]}
	}
	return m[1], nil
}
