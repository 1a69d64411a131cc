package order_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/dbtest"
)

// returns is order.Returns answering from a set the test fills.
type returns struct{ of map[int64]bool }

func (r *returns) Returning(_ *gorm.DB, ids []int64) (map[int64]bool, error) {
	out := map[int64]bool{}
	for _, id := range ids {
		out[id] = r.of[id]
	}
	return out, nil
}

// shipped makes an order numbered no, pays and ships it now (SF, SF<no>).
func shipped(t *testing.T, s *order.Service, no string, agency *int64) int64 {
	t.Helper()
	ctx := context.Background()
	id := mustCreate(t, s, newOrder(no, "13800000001", agency))
	if err := s.Move(ctx, nil, "shop", id, order.Pay, order.MoveInput{}); err != nil {
		t.Fatal(err)
	}
	if err := s.Move(ctx, nil, "admin", id, order.Ship, order.MoveInput{ExpressCompany: "SF", TrackingNo: "SF" + no}); err != nil {
		t.Fatal(err)
	}
	return id
}

func lastNote(t *testing.T, s *order.Service, id int64) order.History {
	t.Helper()
	d, err := s.Get(context.Background(), nil, id)
	if err != nil {
		t.Fatal(err)
	}
	return d.History[len(d.History)-1]
}

// TestAddress: the address changes while unpaid or paid, with 修改收货信息 old → new in the
// history; once shipped it is a *StateError; outside the scope the order is not found.
func TestAddress(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _ := newService(t, g)
		agency := int64(7)
		a := mustCreate(t, s, newOrder("A", "13800000001", &agency))
		to := order.Address{CustomerName: "赵六", Phone: "13900000002", Address: "浙江省杭州市西湖区文三路 1 号"}
		before, err := s.SetAddress(ctx, nil, "staff", a, to)
		if err != nil || before.CustomerName != "王五" || before.Address != "上海市" {
			t.Fatalf("set address: %+v %v", before, err)
		}
		h := lastNote(t, s, a)
		if h.Note != "修改收货信息：王五 13800000001 上海市 → 赵六 13900000002 浙江省杭州市西湖区文三路 1 号" ||
			h.FromStatus != order.Unpaid || h.ToStatus != order.Unpaid || h.Operator != "staff" {
			t.Fatalf("history = %+v", h)
		}
		d, _ := s.Get(ctx, nil, a)
		if d.CustomerName != "赵六" || d.Phone != "13900000002" || d.Address != to.Address || len(d.History) != 2 {
			t.Fatalf("order = %+v", d.Order)
		}
		if _, err := s.SetAddress(ctx, nil, "staff", a, to); err != nil || len(mustGet(t, s, a).History) != 2 {
			t.Fatalf("an unchanged address wrote: %v", err)
		}
		other := int64(8)
		_, err = s.SetAddress(ctx, &other, "channel", a, order.Address{CustomerName: "x", Phone: "13900000003", Address: "y"})
		wantErr(t, "another agency's order", err, order.ErrNotFound)
		if _, err := s.SetAddress(ctx, &agency, "channel", a, order.Address{CustomerName: "钱七", Phone: "13900000003", Address: "y"}); err != nil {
			t.Fatalf("own agency: %v", err)
		}
		// long sides are cut so the note fits its column
		long := order.Address{CustomerName: "孙八", Phone: "13900000004", Address: strings.Repeat("长", 250)}
		if _, err := s.SetAddress(ctx, nil, "staff", a, long); err != nil || len([]rune(lastNote(t, s, a).Note)) > 255 {
			t.Fatalf("long address: %v %q", err, lastNote(t, s, a).Note)
		}

		b := shipped(t, s, "B", nil)
		_, err = s.SetAddress(ctx, nil, "staff", b, to)
		var se *order.StateError
		if !errors.As(err, &se) || se.Status != order.Shipped || se.Op != order.OpAddress {
			t.Fatalf("address of a shipped order: %v", err)
		}
	})
}

func mustGet(t *testing.T, s *order.Service, id int64) order.Detail {
	t.Helper()
	d, err := s.Get(context.Background(), nil, id)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestShipmentWindow: a shipment is corrected or cancelled up to exactly shipmentFixHours after
// shipping (24 by default) and not a millisecond later; never for a completed order or one with
// a return; the company must be in the dictionary.
func TestShipmentWindow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, clk := newService(t, g)
		rs := &returns{of: map[int64]bool{}}
		s.UseReturns(rs)
		start := clk.t
		a := shipped(t, s, "A", nil)

		_, err := s.SetShipment(ctx, nil, "staff", a, order.Shipment{ExpressCompany: "UFO", TrackingNo: "1"})
		wantErr(t, "an unknown company", err, order.ErrUnknownExpress)
		clk.t = start.Add(24 * time.Hour)
		before, err := s.SetShipment(ctx, nil, "staff", a, order.Shipment{ExpressCompany: "ZTO", TrackingNo: "ZT9"})
		if err != nil || before.ExpressCompany != "SF" || before.TrackingNo != "SFA" {
			t.Fatalf("at the window's end: %+v %v", before, err)
		}
		if h := lastNote(t, s, a); h.Note != "修改物流：顺丰速运 SFA → 中通快递 ZT9" || h.FromStatus != order.Shipped || h.ToStatus != order.Shipped {
			t.Fatalf("history = %+v", h)
		}
		if d := mustGet(t, s, a); d.Status != order.Shipped || d.ExpressCompany != "ZTO" || d.TrackingNo != "ZT9" {
			t.Fatalf("corrected = %+v", d.Order)
		}
		fix, err := s.FixUntil(ctx, []order.Order{mustGet(t, s, a).Order})
		if err != nil || !fix[a].Equal(start.Add(24*time.Hour)) {
			t.Fatalf("fix until = %v %v", fix, err)
		}
		clk.t = start.Add(24*time.Hour + time.Millisecond)
		_, err = s.SetShipment(ctx, nil, "staff", a, order.Shipment{ExpressCompany: "SF", TrackingNo: "SF2"})
		var we *order.WindowError
		if !errors.As(err, &we) || we.Hours != 24 {
			t.Fatalf("past the window: %v", err)
		}
		wantErr(t, "unship past the window", s.Unship(ctx, nil, "staff", a, "错发"), order.ErrFixWindow)
		if fix, _ := s.FixUntil(ctx, []order.Order{mustGet(t, s, a).Order}); len(fix) != 0 {
			t.Fatalf("fix until past the window = %v", fix)
		}

		// a return that stands refuses both; a completed order too
		clk.t = start
		b := shipped(t, s, "B", nil)
		rs.of[b] = true
		_, err = s.SetShipment(ctx, nil, "staff", b, order.Shipment{ExpressCompany: "ZTO", TrackingNo: "Z1"})
		wantErr(t, "correct with a return", err, order.ErrHasReturn)
		wantErr(t, "unship with a return", s.Unship(ctx, nil, "staff", b, "错发"), order.ErrHasReturn)
		if fix, _ := s.FixUntil(ctx, []order.Order{mustGet(t, s, b).Order}); len(fix) != 0 {
			t.Fatalf("fix until with a return = %v", fix)
		}
		c := shipped(t, s, "C", nil)
		if err := s.Move(ctx, nil, "admin", c, order.Complete, order.MoveInput{}); err != nil {
			t.Fatal(err)
		}
		_, err = s.SetShipment(ctx, nil, "staff", c, order.Shipment{ExpressCompany: "ZTO", TrackingNo: "Z1"})
		var se *order.StateError
		if !errors.As(err, &se) || se.Status != order.Completed {
			t.Fatalf("correct a completed order: %v", err)
		}
		wantErr(t, "unship a completed order", s.Unship(ctx, nil, "staff", c, "错发"), order.ErrIllegalMove)
	})
}

// TestUnship: 取消发货 is back to 待发货 without company, number, ship time or auto-complete
// deadline, with the reason in the history; shipping again works; the window follows the rules.
func TestUnship(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, clk := newService(t, g)
		rules := &fixedRules{st: order.DefaultSettings()}
		rules.st.ShipmentFixHours = 1
		s.UseSettings(rules)
		a := shipped(t, s, "A", nil)
		if d := mustGet(t, s, a); d.AutoCompleteAt == nil {
			t.Fatalf("shipped without a deadline: %+v", d.Order)
		}
		agency := int64(3)
		wantErr(t, "another agency", s.Unship(ctx, &agency, "channel", a, "错发"), order.ErrNotFound)
		clk.t = clk.t.Add(time.Hour)
		if err := s.Unship(ctx, nil, "staff", a, "发错快递"); err != nil {
			t.Fatal(err)
		}
		d := mustGet(t, s, a)
		if d.Status != order.Paid || d.ExpressCompany != "" || d.TrackingNo != "" || d.ShipTime != nil || d.AutoCompleteAt != nil {
			t.Fatalf("unshipped = %+v", d.Order)
		}
		if h := lastNote(t, s, a); h.FromStatus != order.Shipped || h.ToStatus != order.Paid || h.Note != "取消发货：发错快递" {
			t.Fatalf("history = %+v", h)
		}
		wantErr(t, "unship twice", s.Unship(ctx, nil, "staff", a, "again"), order.ErrIllegalMove)
		if err := s.Move(ctx, nil, "admin", a, order.Ship, order.MoveInput{ExpressCompany: "ZTO", TrackingNo: "Z2"}); err != nil {
			t.Fatalf("ship again: %v", err)
		}
		clk.t = clk.t.Add(time.Hour + time.Millisecond)
		wantErr(t, "past a one-hour window", s.Unship(ctx, nil, "staff", a, "x"), order.ErrFixWindow)
	})
}

type fixedRules struct{ st order.Settings }

func (r *fixedRules) Get(context.Context) (order.Settings, error) { return r.st, nil }

// TestUnshipRace: two 取消发货 at once, or one against 完成: one wins, the other is an illegal
// move, and the history has the winner's row only.
func TestUnshipRace(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _ := newService(t, g)
		for round, other := range []func(id int64) error{
			func(id int64) error { return s.Unship(ctx, nil, "b", id, "错发") },
			func(id int64) error { return s.Move(ctx, nil, "b", id, order.Complete, order.MoveInput{}) },
		} {
			id := shipped(t, s, string(rune('A'+round)), nil)
			var wg sync.WaitGroup
			errs := make([]error, 2)
			for i, f := range []func(int64) error{func(id int64) error { return s.Unship(ctx, nil, "a", id, "错发") }, other} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					errs[i] = f(id)
				}()
			}
			wg.Wait()
			if (errs[0] == nil) == (errs[1] == nil) {
				t.Fatalf("round %d: both or neither won: %v", round, errs)
			}
			for _, err := range errs {
				if err != nil && !errors.Is(err, order.ErrIllegalMove) {
					t.Fatalf("round %d: the loser's error = %v", round, err)
				}
			}
			if n := len(mustGet(t, s, id).History); n != 4 {
				t.Fatalf("round %d: history rows = %d", round, n)
			}
		}
	})
}
