package order_test

import (
	"errors"
	"testing"

	"mallconsole/bff/internal/order"
)

// TestStatusMachine: every action from every status — the five legal moves succeed, every other
// pair is an illegal move naming both states.
func TestStatusMachine(t *testing.T) {
	legal := map[[2]string]string{
		{order.Unpaid, order.Pay}:       order.Paid,
		{order.Paid, order.Ship}:        order.Shipped,
		{order.Shipped, order.Complete}: order.Completed,
		{order.Unpaid, order.Close}:     order.Closed,
		{order.Paid, order.Refund}:      order.Refunded,
	}
	target := map[string]string{order.Pay: order.Paid, order.Ship: order.Shipped, order.Complete: order.Completed,
		order.Close: order.Closed, order.Refund: order.Refunded}
	n := 0
	for _, from := range order.Statuses {
		for _, action := range []string{order.Pay, order.Ship, order.Complete, order.Close, order.Refund} {
			to, err := order.Next(from, action)
			if want, ok := legal[[2]string{from, action}]; ok {
				n++
				if err != nil || to != want {
					t.Errorf("%s from %s = %q %v, want %s", action, from, to, err, want)
				}
				continue
			}
			var me *order.MoveError
			if !errors.Is(err, order.ErrIllegalMove) || !errors.As(err, &me) || me.From != from || me.To != target[action] {
				t.Errorf("%s from %s = %q %v, want an illegal move %s → %s", action, from, to, err, from, target[action])
			}
		}
	}
	if n != len(legal) {
		t.Errorf("%d legal moves tried, want %d", n, len(legal))
	}
	if _, err := order.Next(order.Paid, "teleport"); err == nil || errors.Is(err, order.ErrIllegalMove) {
		t.Errorf("an unknown action = %v, want a programming error", err)
	}
}
