package dashboard_test

import (
	"context"
	"reflect"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/aftersale"
	"mallconsole/bff/internal/dashboard"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/dbtest"
)

// TestCaseRefunds: an after-sales refund is taken from the sales of the day the money went back,
// the pay day keeps what was paid; the case that refunds the order's last units moves the order
// to refunded in the status counts without taking its sales again; a rebuild gives the same.
func TestCaseRefunds(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s := newShop(t, g)
		cases := aftersale.NewService(aftersale.NewStore(g), aftersale.Deps{Now: s.clk.now, ApprovalOver: 1_000_000,
			Refunds: dashboard.NewRecorder(cst)})
		s.clk.to("2026-11-08 10:00")
		// the transfer's picture the manual refunds record
		if err := g.Exec("INSERT INTO attachments (id, stored_name, original_name, content_type, size, owner_id, create_time) VALUES (1, 'v.png', 'v.png', 'image/png', 1, 1, ?)",
			s.clk.t.UTC()).Error; err != nil {
			t.Fatal(err)
		}
		g1 := s.newGoods("G1", 1000, 5, "on_sale", nil)
		id := s.newOrder("13800000001", nil, 500, order.NewItem{GoodsID: g1, Name: "商品G1", UnitPrice: 1000, Quantity: 2})
		s.move(id, order.Pay)
		o, err := s.orders.Get(ctx, nil, id)
		if err != nil {
			t.Fatal(err)
		}
		refund := func(at string, amount, freight int64) {
			t.Helper()
			s.clk.to(at)
			d, err := cases.Open(ctx, nil, aftersale.OpenInput{OrderNo: o.OrderNo, Type: aftersale.TypeRefund, Amount: moneyOf(amount),
				Freight: moneyOf(freight), Items: []aftersale.ItemInput{{OrderItemID: o.Items[0].ID, Quantity: 1}}, Operator: "t"})
			if err == nil {
				_, err = cases.Approve(ctx, nil, d.ID, "t", "")
			}
			if err == nil {
				_, err = cases.Refund(ctx, nil, d.ID, aftersale.Actor{Name: "t"},
					aftersale.RefundInput{Provider: aftersale.Manual, VoucherNo: "V", VoucherFileID: ptr(int64(1))})
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		refund("2026-11-10 10:00", 800, 0)
		if got := s.overview(nil, "2026-11-08", "2026-11-08"); got.Sales.Value != 2500 {
			t.Fatalf("pay day: %d", got.Sales.Value)
		}
		got := s.overview(nil, "2026-11-08", "2026-11-10")
		if got.Sales.Value != 1700 || got.Statuses[order.Paid] != 1 || len(got.Top) != 1 || got.Top[0].Quantity != 1 {
			t.Fatalf("after a partial refund: %+v", got)
		}
		refund("2026-11-11 10:00", 1500, 500)
		got = s.overview(nil, "2026-11-08", "2026-11-11")
		if got.Sales.Value != 200 || got.Statuses[order.Paid] != 0 || got.Statuses[order.Refunded] != 1 {
			t.Fatalf("after the whole order: sales %d statuses %v", got.Sales.Value, got.Statuses)
		}
		kept := snapshot(t, g)
		if err := s.dash.Rebuild(ctx); err != nil {
			t.Fatal(err)
		}
		if after := snapshot(t, g); !reflect.DeepEqual(after, kept) {
			t.Fatalf("rebuild:\n got %+v\nwant %+v", after, kept)
		}
	})
}
