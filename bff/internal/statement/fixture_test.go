package statement_test

import (
	"context"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/aftersale"
	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/category"
	"mallconsole/bff/internal/dashboard"
	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/platform/richtext"
)

// cst is the server's zone in these tests: a month starts at 16:00 UTC the day before.
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

// shop is the real goods, order and after-sales services over one database, moved by a clock.
type shop struct {
	t      *testing.T
	clk    *clock
	goods  *goods.Service
	orders *order.Service
	cases  *aftersale.Service
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
	c.to("2026-11-01 09:00")
	rec := dashboard.NewRecorder(cst)
	// the transfer's picture the manual refunds record
	if err := g.Exec("INSERT INTO attachments (id, stored_name, original_name, content_type, size, owner_id, create_time) VALUES (1, 'v.png', 'v.png', 'image/png', 1, 1, ?)",
		c.t.UTC()).Error; err != nil {
		t.Fatal(err)
	}
	return &shop{t: t, clk: c,
		goods:  goods.NewService(goods.NewStoreWithClock(g, c.now, rec), cats, richtext.New(), c.now),
		orders: order.NewService(order.NewStoreWithClock(g, c.now, rec), dicts, c.now),
		cases:  aftersale.NewService(aftersale.NewStore(g), aftersale.Deps{Now: c.now, ApprovalOver: 1_000_000, Refunds: rec})}
}

func newAgency(t *testing.T, g *gorm.DB, name, code string) int64 {
	a := agency.Agency{Name: name, Code: code, Contact: "某", Phone: "13900000000", Enabled: true}
	if err := g.Create(&a).Error; err != nil {
		t.Fatal(err)
	}
	return a.ID
}

func (s *shop) newGoods(code string, agency int64, price int64) {
	s.t.Helper()
	_, err := s.goods.Save(context.Background(), nil, goods.Input{Name: "商品" + code, Code: code, Category: "digital",
		Status: goods.OnSale, AgencyID: &agency, Operator: "t", Price: money.Fen(price), Stock: 100})
	if err != nil {
		s.t.Fatal(err)
	}
}

// place places an order of n × code for the agency and moves it (Pay, Ship, ...).
func (s *shop) place(agency int64, freight int64, code string, n int64, moves ...string) order.Order {
	s.t.Helper()
	o, err := s.orders.Place(context.Background(), order.PlaceInput{AgencyID: &agency, CustomerName: "客户", Phone: "13800000001",
		Address: "上海", Freight: money.Fen(freight), Operator: "t", Items: []order.PlaceItem{{SkuCode: code, Quantity: n}}})
	if err != nil {
		s.t.Fatal(err)
	}
	for _, m := range moves {
		if err := s.orders.Move(context.Background(), nil, "staff", o.ID, m,
			order.MoveInput{ExpressCompany: "SF", TrackingNo: "SF1"}); err != nil {
			s.t.Fatalf("%s order %d: %v", m, o.ID, err)
		}
	}
	return o
}

// refund opens, approves and pays an after-sales refund of n units of the order's first line.
func (s *shop) refund(o order.Order, n, amount int64) string {
	s.t.Helper()
	ctx := context.Background()
	d, err := s.orders.Get(ctx, nil, o.ID)
	if err != nil {
		s.t.Fatal(err)
	}
	c, err := s.cases.Open(ctx, nil, aftersale.OpenInput{OrderNo: d.OrderNo, Type: aftersale.TypeRefund, Amount: money.Fen(amount),
		Items: []aftersale.ItemInput{{OrderItemID: d.Items[0].ID, Quantity: n}}, Operator: "t"})
	if err == nil {
		_, err = s.cases.Approve(ctx, nil, c.ID, "t", "")
	}
	if err == nil {
		one := int64(1)
		_, err = s.cases.Refund(ctx, nil, c.ID, aftersale.Actor{Name: "t"},
			aftersale.RefundInput{Provider: aftersale.Manual, VoucherNo: "V", VoucherFileID: &one})
	}
	if err != nil {
		s.t.Fatal(err)
	}
	return c.CaseNo
}
