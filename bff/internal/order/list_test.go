package order_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/money"
)

var listBase = time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)

// fillOrders inserts n orders in every status over 100 days, some at the same instant (ties),
// two in three of them paid.
func fillOrders(t *testing.T, g *gorm.DB, n int) {
	t.Helper()
	agency := int64(7)
	rows := make([]order.Order, n)
	for i := range rows {
		created := listBase.Add(time.Duration(i*37%100) * 24 * time.Hour).Add(time.Duration(i%3) * time.Hour)
		rows[i] = order.Order{OrderNo: fmt.Sprintf("2026%06d", i), CustomerName: "客户", Phone: fmt.Sprintf("13%d%08d", i%3, i),
			Amount: 100, Status: order.Statuses[i*5%len(order.Statuses)], CreateTime: created, UpdateTime: created}
		if i%4 == 0 {
			rows[i].AgencyID = &agency
		}
		if i%3 != 0 { // paid at a few instants: ties; the rest never paid (NULL, before every time)
			paid := created.Truncate(24 * time.Hour).Add(time.Duration(i%4) * time.Hour)
			rows[i].PayTime = &paid
		}
	}
	if err := g.CreateInBatches(&rows, 100).Error; err != nil {
		t.Fatal(err)
	}
}

// TestListEqualsTheNaiveQuery: the order list (a remembered count, the page read through its
// ids) and the tab counts give exactly what plain queries give, for the page's filters and sorts.
func TestListEqualsTheNaiveQuery(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		fillOrders(t, g, 400)
		// Numbers ending in 1310, some of them starting with it too: the four-digit filter
		// "1310" takes the 133 numbers 1310… of fillOrders and these, each once.
		var tails []order.Order
		for i := range 40 {
			phone := fmt.Sprintf("1395555%04d", 1310)
			if i%4 == 0 {
				phone = fmt.Sprintf("1310%03d1310", i)
			}
			created := listBase.Add(time.Duration(i*53%100) * 24 * time.Hour)
			tails = append(tails, order.Order{OrderNo: fmt.Sprintf("2027%06d", i), CustomerName: "客户", Phone: phone,
				Amount: money.Fen(100 + i%3), Status: order.Statuses[i%len(order.Statuses)], CreateTime: created, UpdateTime: created})
		}
		if err := g.Create(&tails).Error; err != nil {
			t.Fatal(err)
		}
		store := order.NewStore(g)
		day := func(d int) *time.Time { v := listBase.AddDate(0, 0, d); return &v }
		agency := int64(7)
		for _, c := range []struct {
			q     order.Query
			where string
			args  []any
		}{
			{order.Query{}, "1 = 1", nil},
			{order.Query{Status: order.Paid, From: day(10), To: day(70)}, "status = ? AND create_time >= ? AND create_time <= ?",
				[]any{order.Paid, day(10), day(70)}},
			{order.Query{Scope: &agency, Status: order.Completed}, "agency_id = ? AND status = ?", []any{agency, order.Completed}},
			{order.Query{AgencyID: &agency, From: day(50)}, "agency_id = ? AND create_time >= ?", []any{agency, day(50)}},
			{order.Query{Phone: "131"}, "phone LIKE ?", []any{"131%"}},
			{order.Query{PhoneTail: "0012"}, "(phone LIKE ? OR substr(phone, length(phone) - 3) = ?)", []any{"0012%", "0012"}},
			{order.Query{PhoneTail: "1310"}, "(phone LIKE ? OR substr(phone, length(phone) - 3) = ?)", []any{"1310%", "1310"}},
			{order.Query{PhoneTail: "1310", Status: order.Paid, From: day(20)}, "(phone LIKE ? OR substr(phone, length(phone) - 3) = ?) AND status = ? AND create_time >= ?",
				[]any{"1310%", "1310", order.Paid, day(20)}},
			{order.Query{Phone: "131", PhoneTail: "0012"}, "phone LIKE ? AND substr(phone, length(phone) - 3) = ?", []any{"131%", "0012"}},
			{order.Query{OrderNo: "202600001"}, "order_no LIKE ?", []any{"202600001%"}},
		} {
			for _, sort := range []string{"", "create_time ASC, id ASC", "amount DESC, id DESC", "pay_time ASC, id ASC", "pay_time DESC, id DESC"} {
				for _, page := range [][2]int{{0, 20}, {20, 20}, {60, 20}, {40, 20}, {5, 7}, {1000, 20}} {
					q := c.q
					q.Order, q.Offset, q.Limit = sort, page[0], page[1]
					got, n, err := store.Search(context.Background(), q)
					if err != nil {
						t.Fatal(err)
					}
					by := sort
					if by == "" {
						by = "create_time DESC, id DESC"
					}
					var want []int64
					var wantN int64
					g.Raw("SELECT COUNT(*) FROM orders WHERE "+c.where, c.args...).Scan(&wantN)
					g.Raw("SELECT id FROM orders WHERE "+c.where+" ORDER BY "+by+" LIMIT ? OFFSET ?",
						append(slices.Clone(c.args), page[1], page[0])...).Scan(&want)
					var ids []int64
					for _, r := range got {
						ids = append(ids, r.ID)
					}
					if n != wantN || !slices.Equal(ids, want) {
						t.Fatalf("%s / %q / %v: %v (%d), want %v (%d)", c.where, sort, page, ids, n, want, wantN)
					}
				}
			}
			if c.q.Status != "" {
				continue // the tabs count over every status
			}
			counts, err := store.Counts(context.Background(), c.q)
			if err != nil {
				t.Fatal(err)
			}
			for _, st := range order.Statuses {
				var want int64
				g.Raw("SELECT COUNT(*) FROM orders WHERE "+c.where+" AND status = ?", append(slices.Clone(c.args), st)...).Scan(&want)
				if counts[st] != want {
					t.Fatalf("%s: %s counts %d, want %d", c.where, st, counts[st], want)
				}
			}
		}
	})
}

// TestCountsAreRememberedUntilAWrite: the list's total and the tab counts are counted once per
// filter; a new order or a move through the store forgets them at once, a write it did not see
// shows after CountTTL.
func TestCountsAreRememberedUntilAWrite(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		now := listBase
		clock := func() time.Time { return now }
		store := order.NewStoreWithClock(g, clock)
		svc := order.NewService(store, dict.NewStore(g), clock)
		elsewhere := order.NewService(order.NewStore(g), dict.NewStore(g), clock) // another instance
		newOrder := func(s *order.Service) int64 {
			id, err := s.Create(ctx, order.NewOrder{CustomerName: "王五", Phone: "13812345678",
				Items: []order.NewItem{{GoodsID: 1, Name: "苹果", UnitPrice: 100, Quantity: 1}}})
			if err != nil {
				t.Fatal(err)
			}
			return id
		}
		state := func() string {
			_, n, err := store.Search(ctx, order.Query{Status: order.Unpaid, Limit: 10})
			c, err2 := store.Counts(ctx, order.Query{})
			if err != nil || err2 != nil {
				t.Fatal(err, err2)
			}
			return fmt.Sprintf("unpaid %d, tabs unpaid %d paid %d", n, c[order.Unpaid], c[order.Paid])
		}
		want := func(what, w string) {
			t.Helper()
			if got := state(); got != w {
				t.Fatalf("%s: %s, want %s", what, got, w)
			}
		}
		want("empty", "unpaid 0, tabs unpaid 0 paid 0")
		newOrder(elsewhere)
		want("an order made elsewhere is not counted yet", "unpaid 0, tabs unpaid 0 paid 0")
		mine := newOrder(svc)
		want("after an order through the store", "unpaid 2, tabs unpaid 2 paid 0")
		if err := svc.Move(ctx, nil, "admin", mine, order.Pay, order.MoveInput{}); err != nil {
			t.Fatal(err)
		}
		want("after a move", "unpaid 1, tabs unpaid 1 paid 1")
		newOrder(elsewhere)
		now = now.Add(order.CountTTL - time.Second)
		want("remembered for CountTTL", "unpaid 1, tabs unpaid 1 paid 1")
		now = now.Add(time.Second)
		want("after CountTTL", "unpaid 2, tabs unpaid 2 paid 1")
	})
}

// TestAMoveForgetsTheListsOfItsTwoStatuses: a shipment forgets the totals of the 待发货 and
// 已发货 lists and keeps every other list's (an order made by another instance stays uncounted
// there, proving the total was not counted again); a write of a column lists filter by (the
// phone of 修改收货信息) forgets them all.
func TestAMoveForgetsTheListsOfItsTwoStatuses(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		clock := func() time.Time { return listBase }
		dicts := dict.NewStore(g)
		if err := dicts.Ensure(ctx, order.ExpressDict, "快递公司", []dict.Entry{{Label: "顺丰速运", Value: "SF"}}); err != nil {
			t.Fatal(err)
		}
		store := order.NewStoreWithClock(g, clock)
		svc := order.NewService(store, dicts, clock)
		elsewhere := order.NewService(order.NewStore(g), dicts, clock)
		create := func(s *order.Service) int64 {
			id, err := s.Create(ctx, order.NewOrder{CustomerName: "王五", Phone: "13812345678", Address: "上海",
				Items: []order.NewItem{{GoodsID: 1, Name: "苹果", UnitPrice: 100, Quantity: 1}}})
			if err != nil {
				t.Fatal(err)
			}
			return id
		}
		var paid []int64
		for range 3 {
			id := create(svc)
			if err := svc.Move(ctx, nil, "admin", id, order.Pay, order.MoveInput{}); err != nil {
				t.Fatal(err)
			}
			paid = append(paid, id)
		}
		totals := func() string {
			out := ""
			for _, st := range []string{"", order.Unpaid, order.Paid, order.Shipped, order.Completed} {
				_, n, err := store.Search(ctx, order.Query{Status: st, Phone: "138", Limit: 10})
				if err != nil {
					t.Fatal(err)
				}
				out += fmt.Sprintf("%s=%d ", st, n)
			}
			return out
		}
		want := func(what, w string) {
			t.Helper()
			if got := totals(); got != w {
				t.Fatalf("%s: %s, want %s", what, got, w)
			}
		}
		want("three paid", "=3 unpaid=0 paid=3 shipped=0 completed=0 ")
		create(elsewhere) // unpaid: counted by "" and unpaid once they count again
		want("an order made elsewhere is not counted yet", "=3 unpaid=0 paid=3 shipped=0 completed=0 ")
		if err := svc.Move(ctx, nil, "admin", paid[0], order.Ship, order.MoveInput{ExpressCompany: "SF", TrackingNo: "SF1"}); err != nil {
			t.Fatal(err)
		}
		want("after a shipment: paid and shipped counted again, the rest kept", "=3 unpaid=0 paid=2 shipped=1 completed=0 ")
		if _, err := svc.SetAddress(ctx, nil, "admin", paid[1], order.Address{CustomerName: "王五", Phone: "13812345679", Address: "上海"}); err != nil {
			t.Fatal(err)
		}
		want("after a phone changed: every list counted again", "=4 unpaid=1 paid=2 shipped=1 completed=0 ")
	})
}

// TestPagesFromMarksEqualTheNaiveQuery: as goods', walking the order list page by page (each
// page starting from the mark the one before left), then jumping back and far ahead, gives the
// rows of the plain query for every sort a mark serves (every amount alike: ties throughout); a
// move through the store forgets the marks, so pages after it show the new order.
func TestPagesFromMarksEqualTheNaiveQuery(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		fillOrders(t, g, 300)
		store := order.NewStore(g)
		ctx := context.Background()
		check := func(status, sort string, offset, limit int) {
			t.Helper()
			got, _, err := store.Search(ctx, order.Query{Status: status, Order: sort, Offset: offset, Limit: limit})
			if err != nil {
				t.Fatal(err)
			}
			var want []int64
			g.Raw("SELECT id FROM orders WHERE status = ? ORDER BY "+sort+" LIMIT ? OFFSET ?", status, limit, offset).Scan(&want)
			ids := []int64{}
			for _, r := range got {
				ids = append(ids, r.ID)
			}
			if !slices.Equal(ids, append([]int64{}, want...)) {
				t.Fatalf("%s %q offset %d: %v, want %v", status, sort, offset, ids, want)
			}
		}
		for _, sort := range []string{"create_time DESC, id DESC", "create_time ASC, id ASC", "amount DESC, id DESC", "amount ASC, id ASC",
			"pay_time ASC, id ASC", "pay_time DESC, id DESC"} {
			for offset := 0; offset < 60; offset += 9 {
				check(order.Paid, sort, offset, 9)
			}
			for _, offset := range []int{45, 3, 54, 27, 500, 18, 18, 19, 4, 3} {
				check(order.Paid, sort, offset, 9)
			}
		}
		// a move takes a row out of 待发货: the marks of the walk above must not place pages now
		svc := order.NewService(store, dict.NewStore(g), func() time.Time { return listBase })
		var first order.Order
		g.Where("status = ?", order.Paid).Order("create_time DESC, id DESC").First(&first)
		if err := svc.Move(ctx, nil, "admin", first.ID, order.Refund, order.MoveInput{}); err != nil {
			t.Fatal(err)
		}
		for offset := 0; offset < 60; offset += 9 {
			check(order.Paid, "create_time DESC, id DESC", offset, 9)
		}
	})
}
