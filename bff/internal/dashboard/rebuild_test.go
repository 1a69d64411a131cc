package dashboard_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/dashboard"
	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/dbtest"
)

// figures is every figure table, in key order.
type figures struct {
	Days      []dashboard.Day
	Statuses  []dashboard.StatusDay
	Goods     []dashboard.GoodsDay
	Customers []customer
	Listings  []listing
}

type customer struct {
	Phone, FirstDay string
	AgencyKey       int64
	FirstTime       int64 // ms
}

type listing struct {
	GoodsID, AgencyKey, Delta, At int64
	Day                           string
}

func snapshot(t *testing.T, g *gorm.DB) figures {
	t.Helper()
	var f figures
	var cs []dashboard.Customer
	var ls []dashboard.Listing
	for _, q := range []struct {
		dst   any
		order string
	}{{&f.Days, "day, agency_key"}, {&f.Statuses, "day, agency_key, status"}, {&f.Goods, "day, agency_key, goods_id"},
		{&cs, "phone"}, {&ls, "goods_id, id"}} {
		if err := g.Order(q.order).Find(q.dst).Error; err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range cs {
		f.Customers = append(f.Customers, customer{c.Phone, c.FirstDay, c.AgencyKey, c.FirstTime.UnixMilli()})
	}
	for _, l := range ls {
		f.Listings = append(f.Listings, listing{l.GoodsID, l.AgencyKey, l.Delta, l.At.UnixMilli(), l.Day})
	}
	// A row whose counts all went back to zero says the same as no row: Rebuild makes none.
	days := f.Days[:0]
	for _, d := range f.Days {
		if d.Sales != 0 || d.NewCustomers != 0 || d.OnSaleDelta != 0 {
			days = append(days, d)
		}
	}
	f.Days = days
	sts := f.Statuses[:0]
	for _, s := range f.Statuses {
		if s.Orders != 0 {
			sts = append(sts, s)
		}
	}
	f.Statuses = sts
	gds := f.Goods[:0]
	for _, d := range f.Goods {
		if d.Quantity != 0 || d.Sales != 0 {
			gds = append(gds, d)
		}
	}
	f.Goods = gds
	return f
}

func TestRebuildEqualsIncremental(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s := newShop(t, g)
		g1, _, g3 := scenario(s)
		kept := snapshot(t, g)
		if len(kept.Days) == 0 || len(kept.Statuses) == 0 || len(kept.Goods) == 0 || len(kept.Customers) != 7 || len(kept.Listings) != 5 {
			t.Fatalf("the scenario kept too little: %+v", kept)
		}
		for run := 1; run <= 2; run++ { // twice: a second run changes nothing
			if err := s.dash.Rebuild(ctx); err != nil {
				t.Fatal(err)
			}
			if got := snapshot(t, g); !reflect.DeepEqual(got, kept) {
				t.Fatalf("rebuild %d:\n got %+v\nwant %+v", run, got, kept)
			}
		}
		checkShop(t, s.overview(nil, "2026-11-08", "2026-11-14"), g1, g3)

		// Figures lost (a bulk load that bypassed the stores) come back from the tables.
		for _, table := range []string{"dashboard_day", "dashboard_status_day", "dashboard_goods_day", "dashboard_customer"} {
			if err := g.Exec("DELETE FROM " + table).Error; err != nil {
				t.Fatal(err)
			}
		}
		if err := s.dash.Rebuild(ctx); err != nil {
			t.Fatal(err)
		}
		if got := snapshot(t, g); !reflect.DeepEqual(got, kept) {
			t.Fatalf("rebuild after loss:\n got %+v\nwant %+v", got, kept)
		}
	})
}

func TestRebuildAfterBulkLoad(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s := newShop(t, g)
		s.clk.to("2026-11-20 10:00")
		// Rows written past the figures, as a seeder does: goods on sale, one gone off sale
		// since its listing was recorded, and a paid order.
		listed := s.newGoods("L1", 1000, 3, goods.OnSale, nil)
		bulk := goods.NewStore(g) // no watcher
		on := s.clk.t.Add(-48 * time.Hour).UTC()
		raw := goods.Goods{Name: "批量", Code: "B1", Category: "digital", Stock: 1, Status: goods.OnSale, GroundingTime: &on,
			CreateTime: on, UpdateTime: on, Gallery: []string{}}
		one := goods.SkuInput{Code: "B1", Stock: 1, LowStock: goods.DefaultLowStock, OnSale: true}
		if err := bulk.Create(ctx, &raw, []goods.SkuInput{one}, "test"); err != nil {
			t.Fatal(err)
		}
		if err := bulk.TakeOffSale(ctx, nil, []int64{listed}, s.clk.t.UTC()); err != nil {
			t.Fatal(err)
		}
		orders := order.NewService(order.NewStore(g), dict.NewStore(g), s.clk.now)
		id, err := orders.Create(ctx, order.NewOrder{CustomerName: "批量", Phone: "13900000000", Items: []order.NewItem{
			{GoodsID: raw.ID, Name: "批量", UnitPrice: 1500, Quantity: 2}}})
		if err != nil {
			t.Fatal(err)
		}
		if err := orders.Move(ctx, nil, "shop", id, order.Pay, order.MoveInput{}); err != nil {
			t.Fatal(err)
		}
		before := s.overview(nil, "2026-11-18", "2026-11-20")
		if before.Orders.Value != 0 || before.Goods.Value != 1 {
			t.Fatalf("before the rebuild: %+v", before)
		}
		if err := s.dash.Rebuild(ctx); err != nil {
			t.Fatal(err)
		}
		got := s.overview(nil, "2026-11-18", "2026-11-20")
		// B1 listed on 11-18 and still on sale; L1 closed; the order counted with its customer.
		if got.Orders.Value != 1 || got.Sales.Value != 3000 || got.Customers.Value != 1 || got.Goods.Value != 1 || got.LowStock != 1 ||
			got.Trend[0].Day != "2026-11-18" || len(got.Top) != 1 || got.Top[0].GoodsID != raw.ID || got.Top[0].Quantity != 2 {
			t.Fatalf("after the rebuild: %+v", got)
		}
		if n := s.overview(nil, "2026-11-18", "2026-11-18").Goods.Value; n != 1 {
			t.Fatalf("B1 on sale since 11-18: %d", n)
		}
	})
}
