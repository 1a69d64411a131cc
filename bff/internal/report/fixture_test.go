package report_test

import (
	"context"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/aftersale"
	"mallconsole/bff/internal/category"
	"mallconsole/bff/internal/dashboard"
	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/initsetup"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/platform/richtext"
	"mallconsole/bff/internal/report"
)

// cst is the server's zone in these tests: days start at 16:00 UTC.
var cst = time.FixedZone("CST", 8*3600)

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func (c *clock) to(s string) {
	t, err := time.ParseInLocation("2006-01-02 15:04", s, cst)
	if err != nil {
		panic(err)
	}
	c.t = t
}

func ptr[T any](v T) *T { return &v }

// shop is the goods, order and after-sales services wired to the dashboard as the app wires
// them, and the report service.
type shop struct {
	t      *testing.T
	g      *gorm.DB
	clk    *clock
	goods  *goods.Service
	orders *order.Service
	cases  *aftersale.Service
	dash   *dashboard.Service
	rep    *report.Service
	nos    map[int64]string
}

func newShop(t *testing.T, g *gorm.DB) *shop {
	ctx := context.Background()
	dicts := dict.NewStore(g)
	cats := category.NewService(category.NewStore(g), goods.NewStore(g))
	for _, c := range []category.Category{{Name: "数码", Code: "digital", Enabled: true}, {Name: "家居", Code: "home", Enabled: true}} {
		if err := cats.Save(ctx, &c); err != nil {
			t.Fatal(err)
		}
	}
	if err := dicts.Ensure(ctx, order.ExpressDict, "快递公司", []dict.Entry{{Label: "顺丰速运", Value: "SF"}}); err != nil {
		t.Fatal(err)
	}
	c := &clock{}
	c.to("2026-11-01 09:00")
	rec := dashboard.NewRecorder(cst)
	// the transfer's picture the manual refunds record
	if err := g.Exec("INSERT INTO attachments (id, stored_name, original_name, content_type, size, owner_id, create_time) VALUES (1, 'v.png', 'v.png', 'image/png', 1, 1, ?)",
		c.t.UTC()).Error; err != nil {
		t.Fatal(err)
	}
	return &shop{t: t, g: g, clk: c,
		goods:  goods.NewService(goods.NewStoreWithClock(g, c.now, rec), cats, richtext.New(), c.now),
		orders: order.NewService(order.NewStoreWithClock(g, c.now, rec), dicts, c.now),
		cases: aftersale.NewService(aftersale.NewStore(g), aftersale.Deps{Now: c.now, ApprovalOver: 1_000_000,
			Refunds: rec}),
		dash: dashboard.NewService(g, cst, c.now, false),
		rep:  report.NewService(g, initsetup.NewStore(g), cst, c.now),
		nos:  map[int64]string{}}
}

// newGoods adds goods on sale with one SKU per colour (code-红, code-蓝) or, without colours,
// one SKU named code.
func (s *shop) newGoods(code, cat string, agency *int64, price int64, colours ...string) int64 {
	s.t.Helper()
	in := goods.Input{Name: "商品" + code, Code: code, Category: cat, Status: goods.OnSale, AgencyID: agency, Operator: "t"}
	if len(colours) == 0 {
		in.Price, in.Stock = money.Fen(price), 100
	} else {
		in.Specs = []goods.Spec{{Name: "颜色", Values: colours}}
		for _, c := range colours {
			in.Skus = append(in.Skus, goods.SkuInput{Code: code + "-" + c, Specs: []string{c}, Price: money.Fen(price), Stock: 100,
				LowStock: 1, OnSale: true})
		}
	}
	id, err := s.goods.Save(context.Background(), nil, in)
	if err != nil {
		s.t.Fatal(err)
	}
	return id
}

// place places and pays an order of sku code → quantity lines.
func (s *shop) place(agency *int64, freight int64, lines ...any) order.Order {
	s.t.Helper()
	in := order.PlaceInput{AgencyID: agency, CustomerName: "客户", Phone: "13800000001", Address: "上海", Freight: money.Fen(freight), Operator: "t"}
	for i := 0; i < len(lines); i += 2 {
		in.Items = append(in.Items, order.PlaceItem{SkuCode: lines[i].(string), Quantity: int64(lines[i+1].(int))})
	}
	o, err := s.orders.Place(context.Background(), in)
	if err != nil {
		s.t.Fatal(err)
	}
	s.move(o.ID, order.Pay)
	return o
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

// refund opens, approves and pays an after-sales refund of n units of the order's line with
// the SKU code.
func (s *shop) refund(o order.Order, code string, n, amount, freight int64) {
	s.t.Helper()
	ctx := context.Background()
	d, err := s.orders.Get(ctx, nil, o.ID)
	if err != nil {
		s.t.Fatal(err)
	}
	var line int64
	for _, it := range d.Items {
		if it.SkuCode == code {
			line = it.ID
		}
	}
	c, err := s.cases.Open(ctx, nil, aftersale.OpenInput{OrderNo: d.OrderNo, Type: aftersale.TypeRefund, Amount: money.Fen(amount),
		Freight: money.Fen(freight), Items: []aftersale.ItemInput{{OrderItemID: line, Quantity: n}}, Operator: "t"})
	if err == nil {
		_, err = s.cases.Approve(ctx, nil, c.ID, "t", "")
	}
	if err == nil {
		_, err = s.cases.Refund(ctx, nil, c.ID, aftersale.Actor{Name: "t"},
			aftersale.RefundInput{Provider: aftersale.Manual, VoucherNo: "V", VoucherFileID: ptr(int64(1))})
	}
	if err != nil {
		s.t.Fatal(err)
	}
}

// scenario: a week of a small shop; agency 7 sells C.
//
//	11-03 o1 shop  A-红×2 (1000) B×1 (500) freight 500 = 3000
//	      o2 ag.7  C-黑×1 (3000)                       = 3000
//	11-04 o3 shop  A-蓝×1 (1000)  refunded whole on 11-05
//	      o4 shop  A-红×1 B×2 freight 300             = 2300, shipped
//	11-06 case on o1: A-红×1, 800 back
//	11-07 case on o2: C-黑×1, 3000 back (the order is refunded by the case)
//	11-07 o5 unpaid
func scenario(s *shop) (o1, o2, o3, o4 order.Order) {
	agency := ptr(int64(7))
	s.newGoods("A", "digital", nil, 1000, "红", "蓝")
	s.newGoods("B", "home", nil, 500)
	s.newGoods("C", "digital", agency, 3000, "黑")
	s.clk.to("2026-11-03 10:00")
	o1 = s.place(nil, 500, "A-红", 2, "B", 1)
	o2 = s.place(agency, 0, "C-黑", 1)
	s.clk.to("2026-11-04 23:30")
	o3 = s.place(nil, 0, "A-蓝", 1)
	o4 = s.place(nil, 300, "A-红", 1, "B", 2)
	s.move(o4.ID, order.Ship)
	s.clk.to("2026-11-05 09:00")
	s.move(o3.ID, order.Refund)
	s.clk.to("2026-11-06 09:00")
	s.refund(o1, "A-红", 1, 800, 0)
	s.clk.to("2026-11-07 09:00")
	s.refund(o2, "C-黑", 1, 3000, 0)
	if _, err := s.orders.Place(context.Background(), order.PlaceInput{CustomerName: "客户", Phone: "13800000002", Address: "上海",
		Items: []order.PlaceItem{{SkuCode: "B", Quantity: 1}}, Operator: "t"}); err != nil {
		s.t.Fatal(err)
	}
	s.clk.to("2026-11-08 09:00")
	return
}
