package dashboard_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/category"
	"mallconsole/bff/internal/dashboard"
	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/richtext"
)

// cst is the server's zone in these tests: days start at 16:00 UTC.
var cst = time.FixedZone("CST", 8*3600)

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// to sets the clock to a CST wall time "2026-11-08 10:00".
func (c *clock) to(s string) {
	t, err := time.ParseInLocation("2006-01-02 15:04", s, cst)
	if err != nil {
		panic(err)
	}
	c.t = t
}

func date(s string) *time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return &t
}

func ptr[T any](v T) *T { return &v }

// shop is the goods and order services wired to the figures as the app wires them.
type shop struct {
	t      *testing.T
	g      *gorm.DB
	clk    *clock
	goods  *goods.Service
	orders *order.Service
	dash   *dashboard.Service
}

func newShop(t *testing.T, g *gorm.DB) *shop {
	ctx := context.Background()
	dicts := dict.NewStore(g)
	cats := category.NewService(category.NewStore(g), goods.NewStore(g))
	if err := cats.Save(ctx, &category.Category{Name: "数码", Code: "digital", Enabled: true}); err != nil {
		t.Fatal(err)
	}
	if err := dicts.Ensure(ctx, order.ExpressDict, "快递公司", []dict.Entry{{Label: "顺丰速运", Value: "SF"}}); err != nil {
		t.Fatal(err)
	}
	c := &clock{}
	rec := dashboard.NewRecorder(cst)
	return &shop{t: t, g: g, clk: c,
		goods:  goods.NewService(goods.NewStore(g, rec), cats, richtext.New(), c.now),
		orders: order.NewService(order.NewStore(g, rec), dicts, c.now),
		dash:   dashboard.NewService(g, cst, c.now, false)}
}

func (s *shop) newGoods(code string, price, stock int64, status string, agency *int64) int64 {
	s.t.Helper()
	id, err := s.goods.Save(context.Background(), nil, goods.Input{Name: "商品" + code, Code: code, Category: "digital",
		Price: 0, Stock: stock, Status: status, AgencyID: agency})
	if err != nil {
		s.t.Fatal(err)
	}
	return id
}

func (s *shop) newOrder(phone string, agency *int64, freight int64, lines ...order.NewItem) int64 {
	s.t.Helper()
	id, err := s.orders.Create(context.Background(), order.NewOrder{CustomerName: "客户", Phone: phone, Address: "上海",
		Freight: moneyOf(freight), AgencyID: agency, Items: lines})
	if err != nil {
		s.t.Fatal(err)
	}
	return id
}

func (s *shop) move(id int64, actions ...string) {
	s.t.Helper()
	for _, a := range actions {
		if err := s.orders.Move(context.Background(), nil, "staff", id, a,
			order.MoveInput{ExpressCompany: "SF", TrackingNo: "SF1"}); err != nil {
			s.t.Fatalf("%s order %d: %v", a, id, err)
		}
	}
}

func (s *shop) overview(scope *int64, start, end string) dashboard.Overview {
	s.t.Helper()
	p, err := s.dash.NewPeriod(date(start), date(end))
	if err != nil {
		s.t.Fatal(err)
	}
	o, err := s.dash.Overview(context.Background(), scope, p)
	if err != nil {
		s.t.Fatal(err)
	}
	return o
}

// scenario writes two weeks of a small shop through the services; agency 7 sells G2.
// Previous week (11-01..11-07) and the week asked for (11-08..11-14), CST.
func scenario(s *shop) (g1, g2, g3 int64) {
	ctx := context.Background()
	agency := ptr(int64(7))
	s.clk.to("2026-11-02 10:00")
	g1 = s.newGoods("G1", 1000, 100, goods.OnSale, nil)
	g2 = s.newGoods("G2", 3000, 50, goods.OnSale, agency)
	g3 = s.newGoods("G3", 1000, 5, goods.Draft, nil)
	item := func(id int64, name string, price, n int64) order.NewItem {
		return order.NewItem{GoodsID: id, Name: name, UnitPrice: moneyOf(price), Quantity: n}
	}

	s.clk.to("2026-11-03 09:00")
	o1 := s.newOrder("13800000001", nil, 500, item(g1, "商品G1", 1000, 2)) // 2500
	s.move(o1, order.Pay)
	s.clk.to("2026-11-05 09:00")
	o2 := s.newOrder("13800000002", agency, 0, item(g2, "商品G2", 3000, 1)) // 3000, stays paid
	s.move(o2, order.Pay)

	s.clk.to("2026-11-08 09:00")
	o3 := s.newOrder("13800000001", nil, 0, item(g1, "商品G1", 1000, 1)) // a returning customer
	s.move(o3, order.Pay)
	s.clk.to("2026-11-09 09:00")
	s.move(o3, order.Refund) // paid 11-08, refunded: 11-08 sells nothing
	o4 := s.newOrder("13800000003", nil, 0, item(g1, "商品G1", 1000, 3))
	s.move(o4, order.Pay)
	s.clk.to("2026-11-10 09:00")
	s.move(o4, order.Ship)
	s.newOrder("13800000004", agency, 0, item(g2, "商品G2", 3000, 2)) // unpaid
	o6 := s.newOrder("13800000005", nil, 0, item(g1, "商品G1", 1000, 1))
	s.move(o6, order.Close)
	s.clk.to("2026-11-11 09:00")
	s.move(o4, order.Complete)
	s.move(o1, order.Ship) // last week's order moves on: its week's distribution changes
	s.clk.to("2026-11-12 09:00")
	if err := s.goods.SetStatus(ctx, nil, []int64{g1}, goods.OffSale); err != nil {
		s.t.Fatal(err)
	}
	if err := s.goods.SetStatus(ctx, nil, []int64{g3}, goods.OnSale); err != nil {
		s.t.Fatal(err)
	}
	s.clk.to("2026-11-13 09:00")
	if err := s.goods.Delete(ctx, nil, []int64{g2}, "admin"); err != nil {
		s.t.Fatal(err)
	}
	s.clk.to("2026-11-14 23:30") // still 11-14 in CST, 11-14 15:30 UTC
	o7 := s.newOrder("13800000006", nil, 0, item(g3, "商品G3", 1000, 1))
	s.clk.to("2026-11-14 23:40")
	s.move(o7, order.Pay)
	s.clk.to("2026-11-15 00:10") // 11-15 in CST though 11-14 in UTC: outside the week
	s.newOrder("13800000007", nil, 0, item(g3, "商品G3", 1000, 1))
	return g1, g2, g3
}

func TestFiguresByHand(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		s := newShop(t, g)
		g1, _, g3 := scenario(s)
		got := s.overview(nil, "2026-11-08", "2026-11-14")
		checkShop(t, got, g1, g3)

		// Agency 7 sees its own: O5 this week, O2 last week (paid, to ship), G2 deleted.
		a := s.overview(ptr(int64(7)), "2026-11-08", "2026-11-14")
		want := dashboard.Overview{Period: got.Period, Previous: got.Previous,
			Orders: dashboard.Figure{Value: 1, Previous: 1}, Sales: dashboard.Figure{Value: 0, Previous: 3000},
			Customers: dashboard.Figure{Value: 1, Previous: 1}, Goods: dashboard.Figure{Value: 0, Previous: 1},
			ToShip: 1, Refunded: 0, LowStock: 0, TopExact: true,
			Statuses: map[string]int64{"unpaid": 1, "paid": 0, "shipped": 0, "completed": 0, "closed": 0, "refunded": 0}}
		a.Trend, a.Top = nil, nil
		if !reflect.DeepEqual(a, want) {
			t.Fatalf("agency 7:\n got %+v\nwant %+v", a, want)
		}
		// A channel operator without an agency (scope 0) sees nothing, not the shop's own figures.
		none := s.overview(ptr(int64(0)), "2026-11-08", "2026-11-14")
		if none.Orders != (dashboard.Figure{}) || none.Sales != (dashboard.Figure{}) || none.ToShip != 0 || none.Goods != (dashboard.Figure{}) ||
			none.LowStock != 0 || len(none.Top) != 0 {
			t.Fatalf("scope 0 sees %+v", none)
		}
		// Today alone (11-14) against yesterday (11-13).
		day := s.overview(nil, "2026-11-14", "2026-11-14")
		if day.Orders != (dashboard.Figure{Value: 1, Previous: 0}) || day.Sales != (dashboard.Figure{Value: 1000}) ||
			day.Goods != (dashboard.Figure{Value: 1, Previous: 1}) || len(day.Trend) != 1 {
			t.Fatalf("one day: %+v", day)
		}
	})
}

// checkShop compares the whole shop's week 11-08..11-14 with the counts by hand.
func checkShop(t *testing.T, got dashboard.Overview, g1, g3 int64) {
	t.Helper()
	if s, e := got.Previous.Start.Format(time.DateOnly), got.Previous.End.Format(time.DateOnly); s != "2026-11-01" || e != "2026-11-07" {
		t.Fatalf("previous period %s..%s", s, e)
	}
	// Orders O3..O7 against O1, O2; sales O4 30.00 + O7 10.00 (O3 refunded) against O1 25.00 +
	// O2 30.00; new phones 3..6 against 1, 2; on sale G3 against G1, G2.
	figures := map[string][2]dashboard.Figure{
		"orders":    {got.Orders, {Value: 5, Previous: 2}},
		"sales":     {got.Sales, {Value: 4000, Previous: 5500}},
		"customers": {got.Customers, {Value: 4, Previous: 2}},
		"goods":     {got.Goods, {Value: 1, Previous: 2}},
	}
	for name, f := range figures {
		if f[0] != f[1] {
			t.Errorf("%s = %+v, want %+v", name, f[0], f[1])
		}
	}
	if r := dashboard.Rate(got.Sales.Value, got.Sales.Previous); r == nil || *r != -27.3 {
		t.Errorf("sales rate %v, want -27.3", r)
	}
	if r := dashboard.Rate(got.Orders.Value, got.Orders.Previous); r == nil || *r != 150 {
		t.Errorf("orders rate %v, want 150", r)
	}
	if dashboard.Rate(3, 0) != nil {
		t.Error("a rate against nothing must be null")
	}
	// To ship: O2 (last week, agency 7) and O7; refunded: O3; low stock: G3 (5 < 10) on sale.
	if got.ToShip != 2 || got.Refunded != 1 || got.LowStock != 1 {
		t.Errorf("pending: ship %d refunded %d low %d", got.ToShip, got.Refunded, got.LowStock)
	}
	wantStatus := map[string]int64{"unpaid": 1, "paid": 1, "shipped": 0, "completed": 1, "closed": 1, "refunded": 1}
	if !reflect.DeepEqual(got.Statuses, wantStatus) {
		t.Errorf("statuses %v, want %v", got.Statuses, wantStatus)
	}
	trend := map[string][2]int64{"2026-11-08": {1, 0}, "2026-11-09": {1, 3000}, "2026-11-10": {2, 0}, "2026-11-14": {1, 1000}}
	if len(got.Trend) != 7 || got.Trend[0].Day != "2026-11-08" || got.Trend[6].Day != "2026-11-14" {
		t.Fatalf("trend days %+v", got.Trend)
	}
	for _, p := range got.Trend {
		if w := trend[p.Day]; p.Orders != w[0] || int64(p.Sales) != w[1] {
			t.Errorf("trend %s = %d orders %v, want %v", p.Day, p.Orders, p.Sales, w)
		}
	}
	wantTop := []dashboard.Ranked{{GoodsID: g1, GoodsName: "商品G1", Quantity: 3, Sales: 3000},
		{GoodsID: g3, GoodsName: "商品G3", Quantity: 1, Sales: 1000}}
	if !reflect.DeepEqual(got.Top, wantTop) || !got.TopExact {
		t.Errorf("top %+v, want %+v", got.Top, wantTop)
	}
}
