package order_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/initsetup"
	"mallconsole/bff/internal/notify"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/stock"
)

func noFence(*gorm.DB) error { return nil }

var errLost = errors.New("lease lost")

func lostFence(*gorm.DB) error { return errLost }

// recorder is a Notifier that keeps what it was sent.
type recorder struct {
	mu   sync.Mutex
	sent []sent
}

type sent struct {
	to notify.Audience
	m  notify.Message
}

func (r *recorder) Send(_ context.Context, to notify.Audience, m notify.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sent = append(r.sent, sent{to, m})
	return nil
}

func skuStock(t *testing.T, g *gorm.DB, id int64) int64 {
	t.Helper()
	var n int64
	g.Raw("SELECT stock FROM goods_skus WHERE id = ?", id).Scan(&n)
	return n
}

// TestCloseOverdue: an unpaid order closes once its pay deadline passed, not before; its units
// come back through the ledger exactly once; a run that lost its lease commits nothing; a paid
// order is left alone; an order from before the deadlines (NULL) is never touched.
func TestCloseOverdue(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, c := newService(t, g)
		rules := order.NewRules(initsetup.NewStore(g))
		if _, err := rules.Put(ctx, order.Settings{UnpaidCloseMinutes: 10, CompleteAfterDays: 3, AfterSaleDays: 2, LowStockDefault: 5, ShipmentFixHours: 24}); err != nil {
			t.Fatal(err)
		}
		s.UseSettings(rules)
		sku := addSku(t, g, 0, "J-1", 10)
		o, err := s.Place(ctx, place("J-1"))
		if err != nil || o.PayDeadline == nil || !o.PayDeadline.Equal(c.t.Add(10*time.Minute)) {
			t.Fatalf("placed %+v %v", o.PayDeadline, err)
		}
		paid, err := s.Place(ctx, place("J-1"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.MarkPaid(ctx, nil, paid.OrderNo, paid.Amount, "open:c1"); err != nil {
			t.Fatal(err)
		}
		legacy, _ := s.Place(ctx, place("J-1"))
		g.Exec("UPDATE orders SET pay_deadline = NULL WHERE id = ?", legacy.ID)
		if skuStock(t, g, sku) != 4 {
			t.Fatalf("stock %d after three orders of 2", skuStock(t, g, sku))
		}

		c.t = c.t.Add(9 * time.Minute)
		if n, err := s.CloseOverdue(ctx, 500, noFence); n != 0 || err != nil {
			t.Fatalf("before the deadline: %d %v", n, err)
		}
		c.t = c.t.Add(time.Minute)
		if n, err := s.CloseOverdue(ctx, 500, lostFence); n != 0 || !errors.Is(err, errLost) {
			t.Fatalf("fenced run: %d %v", n, err)
		}
		if d, _ := s.Get(ctx, nil, o.ID); d.Status != order.Unpaid || skuStock(t, g, sku) != 4 {
			t.Fatalf("a fenced run committed: %s, stock %d", d.Status, skuStock(t, g, sku))
		}
		if n, err := s.CloseOverdue(ctx, 500, noFence); n != 1 || err != nil {
			t.Fatalf("at the deadline: %d %v", n, err)
		}
		if n, err := s.CloseOverdue(ctx, 500, noFence); n != 0 || err != nil {
			t.Fatalf("again: %d %v", n, err)
		}
		d, _ := s.Get(ctx, nil, o.ID)
		last := d.History[len(d.History)-1]
		if d.Status != order.Closed || last.Operator != "system" || last.Note != "超时未支付，自动关闭" || skuStock(t, g, sku) != 6 {
			t.Fatalf("closed %s %+v stock %d", d.Status, last, skuStock(t, g, sku))
		}
		var releases int64
		g.Model(&stock.Entry{}).Where("order_no = ? AND reason = ?", o.OrderNo, stock.OrderRelease).Count(&releases)
		if releases != 1 {
			t.Fatalf("%d releases", releases)
		}
		for _, id := range []int64{paid.ID, legacy.ID} {
			if d, _ := s.Get(ctx, nil, id); d.Status == order.Closed {
				t.Fatalf("order %d closed", id)
			}
		}
	})
}

// TestCloseOverdueBatch: a run closes at most its batch, oldest deadline first.
func TestCloseOverdueBatch(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, c := newService(t, g)
		addSku(t, g, 0, "B-1", 20)
		var nos []string
		for range 3 {
			o, err := s.Place(ctx, place("B-1"))
			if err != nil {
				t.Fatal(err)
			}
			nos = append(nos, o.OrderNo)
			c.t = c.t.Add(time.Minute)
		}
		c.t = c.t.Add(time.Hour)
		if n, err := s.CloseOverdue(ctx, 2, noFence); n != 2 || err != nil {
			t.Fatalf("batch 2: %d %v", n, err)
		}
		if d, _ := s.GetByNo(ctx, nil, nos[2]); d.Status != order.Unpaid {
			t.Fatalf("the newest went first: %s", d.Status)
		}
		if n, _ := s.CloseOverdue(ctx, 2, noFence); n != 1 {
			t.Fatalf("the rest: %d", n)
		}
	})
}

// TestCompleteAndAftersaleWindow: shipping stamps the auto-completion from the rules then in
// force (a later change applies only to later ships); CompleteDue completes it when due and
// starts the after-sales window; CloseAftersaleWindows marks it once the window ended.
func TestCompleteAndAftersaleWindow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, c := newService(t, g)
		rules := order.NewRules(initsetup.NewStore(g))
		s.UseSettings(rules)
		if _, err := rules.Put(ctx, order.Settings{UnpaidCloseMinutes: 30, CompleteAfterDays: 2, AfterSaleDays: 1, LowStockDefault: 10, ShipmentFixHours: 24}); err != nil {
			t.Fatal(err)
		}
		ship := func() int64 {
			id := mustCreate(t, s, newOrder("", "13800000000", nil))
			d, _ := s.Get(ctx, nil, id)
			if _, err := s.MarkPaid(ctx, nil, d.OrderNo, d.Amount, "open:c1"); err != nil {
				t.Fatal(err)
			}
			if err := s.Move(ctx, nil, "admin", id, order.Ship, order.MoveInput{ExpressCompany: "SF", TrackingNo: "SF1"}); err != nil {
				t.Fatal(err)
			}
			return id
		}
		first := ship()
		start := c.t
		// changed after the first ship: applies to the second only
		if _, err := rules.Put(ctx, order.Settings{UnpaidCloseMinutes: 30, CompleteAfterDays: 5, AfterSaleDays: 1, LowStockDefault: 10, ShipmentFixHours: 24}); err != nil {
			t.Fatal(err)
		}
		second := ship()
		d1, _ := s.Get(ctx, nil, first)
		d2, _ := s.Get(ctx, nil, second)
		if !d1.AutoCompleteAt.Equal(start.Add(48*time.Hour)) || !d2.AutoCompleteAt.Equal(start.Add(120*time.Hour)) {
			t.Fatalf("auto-complete at %v and %v", d1.AutoCompleteAt, d2.AutoCompleteAt)
		}
		c.t = start.Add(48 * time.Hour)
		if n, err := s.CompleteDue(ctx, 500, lostFence); n != 0 || !errors.Is(err, errLost) {
			t.Fatalf("fenced: %d %v", n, err)
		}
		if n, err := s.CompleteDue(ctx, 500, noFence); n != 1 || err != nil {
			t.Fatalf("due: %d %v", n, err)
		}
		d1, _ = s.Get(ctx, nil, first)
		if d1.Status != order.Completed || d1.History[len(d1.History)-1].Note != "自动确认收货" ||
			d1.AftersaleUntil == nil || !d1.AftersaleUntil.Equal(c.t.Add(24*time.Hour)) {
			t.Fatalf("completed %+v", d1.Order)
		}
		if d2, _ = s.Get(ctx, nil, second); d2.Status != order.Shipped {
			t.Fatalf("second %s", d2.Status)
		}
		if n, _ := s.CloseAftersaleWindows(ctx, 1000, noFence); n != 0 {
			t.Fatalf("window closed early: %d", n)
		}
		c.t = c.t.Add(24 * time.Hour)
		if n, err := s.CloseAftersaleWindows(ctx, 1000, lostFence); n != 0 || !errors.Is(err, errLost) {
			t.Fatalf("fenced: %d %v", n, err)
		}
		if n, err := s.CloseAftersaleWindows(ctx, 1000, noFence); n != 1 || err != nil {
			t.Fatalf("window: %d %v", n, err)
		}
		if n, _ := s.CloseAftersaleWindows(ctx, 1000, noFence); n != 0 {
			t.Fatalf("again: %d", n)
		}
		if d1, _ = s.Get(ctx, nil, first); !d1.AftersaleClosed {
			t.Fatal("not marked")
		}
	})
}

// TestPaidTellsThoseWhoShip: a payment tells those who ship of the order's agency, once: a
// payment reported again tells nobody.
func TestPaidTellsThoseWhoShip(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _ := newService(t, g)
		rec := &recorder{}
		s.Notify(rec, nil)
		agency := int64(7)
		id := mustCreate(t, s, newOrder("N-1", "13800000000", &agency))
		d, _ := s.Get(ctx, nil, id)
		for range 2 {
			if _, err := s.MarkPaid(ctx, nil, d.OrderNo, d.Amount, "open:c1"); err != nil {
				t.Fatal(err)
			}
		}
		if len(rec.sent) != 1 {
			t.Fatalf("sent %+v", rec.sent)
		}
		got := rec.sent[0]
		if got.m.Type != notify.OrderToShip || got.m.Title != "待发货：N-1" || got.m.Link != order.LookPath(id) ||
			got.to.Permission != perm.OrderShip || got.to.AgencyID == nil || *got.to.AgencyID != 7 {
			t.Fatalf("sent %+v", got)
		}
	})
}
