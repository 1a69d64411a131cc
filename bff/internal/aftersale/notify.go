package aftersale

import (
	"context"
	"fmt"
	"time"

	"mallconsole/bff/internal/notify"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/perm"
)

// Notifier sends a message to an audience (notify.Service). The service tells it of a new case
// after the case committed; a failed send is logged, the case stands.
type Notifier interface {
	Send(ctx context.Context, to notify.Audience, m notify.Message) error
}

// Notify makes every intake (代客申请 and the storefront) tell those who audit cases of the
// order's agency; nil: nobody.
func (s *Service) Notify(n Notifier) { s.notify = n }

func (s *Service) opened(ctx context.Context, c Case) {
	if s.notify == nil {
		return
	}
	m := notify.Message{Type: notify.AftersaleOpened, Title: "售后申请：" + c.CaseNo,
		Body: fmt.Sprintf("订单 %s，%s ¥%s", c.OrderNo, TypeLabels[c.Type], c.Amount.String()),
		Link: fmt.Sprintf("/look?type=aftersale&id=%d", c.ID)}
	if err := s.notify.Send(ctx, notify.Audience{Permission: perm.AftersaleAudit, AgencyID: c.AgencyID}, m); err != nil {
		s.deps.Log.Error("aftersale: telling of a new case", "case", c.CaseNo, "err", err)
	}
}

// windowClosed: the order's after-sales window (its aftersale_until, stamped on completion from
// 订单设置) ended at or before now. Orders completed before the rules existed have none and stay
// open, as they were.
func windowClosed(o order.Order, now time.Time) bool {
	return o.AftersaleClosed || (o.AftersaleUntil != nil && !now.Before(*o.AftersaleUntil))
}
