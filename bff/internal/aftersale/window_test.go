package aftersale_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/aftersale"
	"mallconsole/bff/internal/notify"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/perm"
)

type recorder struct {
	mu   sync.Mutex
	sent []notify.Message
	to   []notify.Audience
}

func (r *recorder) Send(_ context.Context, to notify.Audience, m notify.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sent, r.to = append(r.sent, m), append(r.to, to)
	return nil
}

// TestAftersaleWindow: a completed order takes cases until its window (订单设置's days after
// completion) ends, then every intake refuses with 已超过售后期; an order completed before the
// deadlines existed (none stamped) stays open. Each case opened tells those who audit cases of
// the order's agency.
func TestAftersaleWindow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		e := newEnv(t, g)
		rec := &recorder{}
		e.s.Notify(rec)
		agency := int64(3)
		addSku(t, g, 3, "W-1", 1000, 20)
		complete := func() order.Detail {
			o := e.paidOrder(t, &agency, 0, order.PlaceItem{SkuCode: "W-1", Quantity: 2})
			for _, a := range []string{order.Ship, order.Complete} {
				if err := e.orders.Move(ctx, nil, "admin", o.ID, a, order.MoveInput{ExpressCompany: "SF", TrackingNo: "SF9"}); err != nil {
					t.Fatal(err)
				}
			}
			d, _ := e.orders.Get(ctx, nil, o.ID)
			return d
		}
		o := complete()
		if o.AftersaleUntil == nil || !o.AftersaleUntil.Equal(e.clock.t.Add(7*24*time.Hour)) {
			t.Fatalf("aftersale until %v", o.AftersaleUntil)
		}
		legacy := complete()
		g.Exec("UPDATE orders SET aftersale_until = NULL WHERE id = ?", legacy.ID)

		e.clock.t = e.clock.t.Add(7*24*time.Hour - time.Second)
		if _, err := e.open(t, o, aftersale.TypeRefund, 500, 0, map[int]int64{0: 1}); err != nil {
			t.Fatalf("inside the window: %v", err)
		}
		e.clock.t = e.clock.t.Add(time.Second)
		_, err := e.open(t, o, aftersale.TypeRefund, 500, 0, map[int]int64{0: 1})
		wantErr(t, "at the end of the window", err, aftersale.ErrWindowClosed)
		if got := aftersale.HTTPError(err); httpx.StatusOf(got) != 409 || httpx.MessageOf(got) != "orderNo: 已超过售后期" {
			t.Fatalf("answer %d %q", httpx.StatusOf(got), httpx.MessageOf(got))
		}
		// the storefront's intake is the same Open
		_, err = e.s.Open(ctx, &agency, aftersale.OpenInput{OrderNo: o.OrderNo, Type: aftersale.TypeRefund, Reason: "quality",
			Amount: 500, Items: []aftersale.ItemInput{{SkuCode: "W-1", Quantity: 1}}, Operator: "open:c1", Source: "open"})
		wantErr(t, "storefront", err, aftersale.ErrWindowClosed)
		if _, err := e.open(t, legacy, aftersale.TypeRefund, 500, 0, map[int]int64{0: 1}); err != nil {
			t.Fatalf("an order without a window: %v", err)
		}

		if len(rec.sent) != 2 {
			t.Fatalf("sent %d messages", len(rec.sent))
		}
		m, to := rec.sent[0], rec.to[0]
		if m.Type != notify.AftersaleOpened || m.Link == "" || to.Permission != perm.AftersaleAudit || to.AgencyID == nil || *to.AgencyID != 3 {
			t.Fatalf("sent %+v to %+v", m, to)
		}
	})
}
