package order_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/dbtest"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func ptr[T any](v T) *T { return &v }

func wantErr(t *testing.T, what string, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Fatalf("%s: err %v, want %v", what, err, want)
	}
}

// newService is the service over g with the express_company dictionary (SF, ZTO) and a clock
// at 2026-01-01 08:00 UTC.
func newService(t *testing.T, g *gorm.DB) (*order.Service, *clock) {
	t.Helper()
	dicts := dict.NewStore(g)
	if err := dicts.Ensure(context.Background(), order.ExpressDict, "快递公司",
		[]dict.Entry{{Label: "顺丰速运", Value: "SF"}, {Label: "中通快递", Value: "ZTO"}}); err != nil {
		t.Fatal(err)
	}
	c := &clock{t: time.Date(2026, 1, 1, 8, 0, 0, 0, time.UTC)}
	return order.NewService(order.NewStore(g), dicts, c.now), c
}

func newOrder(no, phone string, agency *int64) order.NewOrder {
	return order.NewOrder{OrderNo: no, CustomerName: "王五", Phone: phone, Address: "上海市", Freight: 1000, AgencyID: agency,
		Items: []order.NewItem{{GoodsID: 1, Name: "苹果", UnitPrice: 1999, Quantity: 3}, {GoodsID: 2, Name: "梨", UnitPrice: 1, Quantity: 1}}}
}

func mustCreate(t *testing.T, s *order.Service, in order.NewOrder) int64 {
	t.Helper()
	id, err := s.Create(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func TestCreate(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _ := newService(t, g)
		id := mustCreate(t, s, newOrder("", "13812345678", nil))
		d, err := s.Get(ctx, nil, id)
		// 19.99 × 3 + 0.01 + 10.00 freight = 69.98
		if err != nil || d.Amount.String() != "69.98" || d.Status != order.Unpaid || len(d.OrderNo) != 20 ||
			len(d.Items) != 2 || d.Items[0].GoodsName != "苹果" || d.Items[0].UnitPrice != 1999 ||
			len(d.History) != 1 || d.History[0].ToStatus != order.Unpaid || d.History[0].FromStatus != "" {
			t.Fatalf("created = %+v %v", d, err)
		}
		_, err = s.Create(ctx, order.NewOrder{OrderNo: d.OrderNo, Items: newOrder("", "", nil).Items})
		wantErr(t, "a taken order number", err, order.ErrOrderNoConflict)
		_, err = s.Create(ctx, order.NewOrder{})
		wantErr(t, "no items", err, order.ErrNoItems)
		_, err = s.Create(ctx, order.NewOrder{Items: []order.NewItem{{Name: "x", UnitPrice: 1, Quantity: 0}}})
		wantErr(t, "a zero quantity", err, order.ErrNoItems)
		_, err = s.Create(ctx, order.NewOrder{Items: []order.NewItem{{Name: "x", UnitPrice: -1, Quantity: 1}}})
		wantErr(t, "a negative price", err, order.ErrAmount)
		var n int64
		g.Model(&order.Item{}).Count(&n)
		if n != 2 {
			t.Fatalf("a refused order left items behind: %d", n)
		}
	})
}

// TestMoves: the machine applied to stored orders — what each move writes, that an illegal
// move changes nothing, shipping's checks, the history, and the agency scope.
func TestMoves(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, clk := newService(t, g)
		a := mustCreate(t, s, newOrder("A", "13800000001", nil))

		err := s.Move(ctx, nil, "admin", a, order.Ship, order.MoveInput{ExpressCompany: "SF", TrackingNo: "SF1"})
		var me *order.MoveError
		if !errors.As(err, &me) || me.From != order.Unpaid || me.To != order.Shipped {
			t.Fatalf("shipping an unpaid order: %v", err)
		}
		clk.t = clk.t.Add(time.Hour)
		if err := s.Move(ctx, nil, "shop", a, order.Pay, order.MoveInput{}); err != nil {
			t.Fatal(err)
		}
		wantErr(t, "ship without tracking", s.Move(ctx, nil, "admin", a, order.Ship, order.MoveInput{ExpressCompany: "SF"}), order.ErrTrackingRequired)
		wantErr(t, "ship by an unknown company", s.Move(ctx, nil, "admin", a, order.Ship,
			order.MoveInput{ExpressCompany: "UFO", TrackingNo: "1"}), order.ErrUnknownExpress)
		clk.t = clk.t.Add(time.Hour)
		if err := s.Move(ctx, nil, "admin", a, order.Ship, order.MoveInput{ExpressCompany: "SF", TrackingNo: "SF100", Note: "加急"}); err != nil {
			t.Fatal(err)
		}
		wantErr(t, "refunding a shipped order", s.Move(ctx, nil, "admin", a, order.Refund, order.MoveInput{}), order.ErrIllegalMove)
		d, _ := s.Get(ctx, nil, a)
		if d.Status != order.Shipped || d.ExpressCompany != "SF" || d.TrackingNo != "SF100" || d.PayTime == nil ||
			!d.PayTime.Equal(time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)) || d.ShipTime == nil || !d.ShipTime.Equal(clk.t) {
			t.Fatalf("shipped = %+v", d.Order)
		}
		if err := s.Move(ctx, nil, "admin", a, order.Complete, order.MoveInput{}); err != nil {
			t.Fatal(err)
		}
		d, _ = s.Get(ctx, nil, a)
		var steps []string
		for _, h := range d.History {
			steps = append(steps, h.FromStatus+">"+h.ToStatus+"@"+h.Operator+":"+h.Note)
		}
		if got := strings.Join(steps, " "); got != ">unpaid@system:下单 unpaid>paid@shop: paid>shipped@admin:加急 shipped>completed@admin:" {
			t.Fatalf("history = %s", got)
		}

		// Inside a scope only the agency's orders move.
		b := mustCreate(t, s, newOrder("B", "13800000002", ptr(int64(5))))
		wantErr(t, "closing another agency's order", s.Move(ctx, ptr(int64(6)), "ch", b, order.Close, order.MoveInput{}), order.ErrNotFound)
		_, err = s.Get(ctx, ptr(int64(6)), b)
		wantErr(t, "reading another agency's order", err, order.ErrNotFound)
		if err := s.Move(ctx, ptr(int64(5)), "ch", b, order.Close, order.MoveInput{}); err != nil {
			t.Fatal(err)
		}
		wantErr(t, "a missing order", s.Move(ctx, nil, "admin", a+b+100, order.Close, order.MoveInput{}), order.ErrNotFound)
	})
}

// TestRacingMoves: two moves from the same status at once — closing and paying an unpaid
// order — exactly one wins, the other is an illegal move, and the history has one entry for it.
func TestRacingMoves(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _ := newService(t, g)
		for round := range 5 {
			id := mustCreate(t, s, newOrder("R"+string(rune('0'+round)), "13800000003", nil))
			var wg sync.WaitGroup
			errs := make([]error, 2)
			for i, action := range []string{order.Close, order.Pay} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					errs[i] = s.Move(ctx, nil, "admin", id, action, order.MoveInput{})
				}()
			}
			wg.Wait()
			if (errs[0] == nil) == (errs[1] == nil) {
				t.Fatalf("round %d: both or neither won: %v", round, errs)
			}
			for _, err := range errs {
				if err != nil && !errors.Is(err, order.ErrIllegalMove) {
					t.Fatalf("round %d: the loser failed with %v", round, err)
				}
			}
			d, _ := s.Get(ctx, nil, id)
			if len(d.History) != 2 {
				t.Fatalf("round %d: history has %d entries", round, len(d.History))
			}
		}
	})
}

// TestList: every filter of the list and the tab counts.
func TestList(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, clk := newService(t, g)
		ids := map[string]int64{}
		for i, o := range []struct {
			no, phone string
			agency    *int64
			moves     []string
		}{
			{"N-001", "13800000001", nil, nil},
			{"N-002", "13900000002", ptr(int64(4)), []string{order.Pay}},
			{"N-003", "13800000003", ptr(int64(4)), []string{order.Pay, order.Refund}},
			{"M_004", "13800000004", nil, []string{order.Close}},
		} {
			clk.t = time.Date(2026, 1, 1+i, 8, 0, 0, 0, time.UTC)
			ids[o.no] = mustCreate(t, s, newOrder(o.no, o.phone, o.agency))
			for _, m := range o.moves {
				if err := s.Move(ctx, nil, "admin", ids[o.no], m, order.MoveInput{}); err != nil {
					t.Fatal(err)
				}
			}
		}
		day := func(d int, end bool) *time.Time {
			v := time.Date(2026, 1, d, 0, 0, 0, 0, time.UTC)
			if end {
				v = v.Add(24*time.Hour - time.Millisecond)
			}
			return &v
		}
		list := func(q order.Query) string {
			t.Helper()
			q.Limit = 10
			rows, n, err := s.List(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			var nos []string
			for _, r := range rows {
				nos = append(nos, r.OrderNo)
			}
			return strings.Join(nos, ",") + "/" + string(rune('0'+n))
		}
		for what, c := range map[string]struct {
			q    order.Query
			want string
		}{
			"newest first":       {order.Query{}, "M_004,N-003,N-002,N-001/4"},
			"order no prefix":    {order.Query{OrderNo: "N-00"}, "N-003,N-002,N-001/3"},
			"underscore is text": {order.Query{OrderNo: "N_"}, "/0"},
			"phone prefix":       {order.Query{Phone: "139"}, "N-002/1"},
			"status":             {order.Query{Status: order.Paid}, "N-002/1"},
			"agency":             {order.Query{AgencyID: ptr(int64(4))}, "N-003,N-002/2"},
			"scope":              {order.Query{Scope: ptr(int64(4)), Status: order.Refunded}, "N-003/1"},
			"created days 2-3":   {order.Query{From: day(2, false), To: day(3, true)}, "N-003,N-002/2"},
			"amount ascending":   {order.Query{Order: "amount ASC, id ASC"}, "N-001,N-002,N-003,M_004/4"},
		} {
			if got := list(c.q); got != c.want {
				t.Errorf("%s: %s, want %s", what, got, c.want)
			}
		}
		counts, err := s.Counts(ctx, order.Query{Status: order.Paid, From: day(1, false), To: day(3, true)})
		want := map[string]int64{order.Unpaid: 1, order.Paid: 1, order.Refunded: 1, order.Shipped: 0, order.Completed: 0, order.Closed: 0}
		if err != nil || len(counts) != len(want) {
			t.Fatalf("counts = %v %v", counts, err)
		}
		for k, v := range want {
			if counts[k] != v {
				t.Fatalf("counts = %v, want %v", counts, want)
			}
		}
	})
}

// TestIndexes: the indexes the list's filters need exist on both databases.
func TestIndexes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		for table, names := range map[string][]string{
			"orders": {"uk_orders_order_no", "idx_orders_phone", "idx_orders_status_create", "idx_orders_agency_status_create",
				"idx_orders_create", "idx_orders_status_amount", "idx_orders_status_pay", "idx_orders_amount", "idx_orders_pay"},
			"order_items":   {"idx_order_items_order", "idx_order_items_goods"},
			"order_history": {"idx_order_history_order"},
		} {
			for _, name := range names {
				if !g.Migrator().HasIndex(table, name) {
					t.Errorf("%s has no index %s", table, name)
				}
			}
		}
	})
}
