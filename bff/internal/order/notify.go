package order

import (
	"context"
	"fmt"
	"log/slog"

	"mallconsole/bff/internal/notify"
	"mallconsole/bff/internal/platform/perm"
)

// Notifier sends a message to an audience (the message centre, notify.Service). Orders tell it
// after their transaction committed; a failed send is logged, the order's move stands.
type Notifier interface {
	Send(ctx context.Context, to notify.Audience, m notify.Message) error
}

// Notify makes the service tell n of orders that wait to ship; nil: none. log nil: the default.
func (s *Service) Notify(n Notifier, log *slog.Logger) {
	s.notify = n
	if log != nil {
		s.log = log
	}
}

// LookPath is the console's detail page of one order.
func LookPath(id int64) string { return fmt.Sprintf("/look?type=order&id=%d", id) }

// paid tells those who ship (of the order's agency, and the shop's staff) that o waits for them.
func (s *Service) paid(ctx context.Context, o Order) {
	if s.notify == nil {
		return
	}
	m := notify.Message{Type: notify.OrderToShip, Title: "待发货：" + o.OrderNo,
		Body: fmt.Sprintf("%s，金额 ¥%s", o.CustomerName, o.Amount.String()), Link: LookPath(o.ID)}
	if err := s.notify.Send(ctx, notify.Audience{Permission: perm.OrderShip, AgencyID: o.AgencyID}, m); err != nil {
		s.log.Error("order: telling of a paid order", "order", o.OrderNo, "err", err)
	}
}
