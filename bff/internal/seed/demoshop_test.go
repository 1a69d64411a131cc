package seed_test

import (
	"context"
	"io"
	"slices"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/category"
	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/seed"
	"mallconsole/bff/internal/user"
)

var demoNow = time.Date(2026, 11, 23, 6, 30, 0, 0, time.UTC)

func seedDemoShop(tb testing.TB, g *gorm.DB) {
	tb.Helper()
	err := seed.Run(context.Background(), g, seed.Options{Demo: true, DemoShop: true, AdminPassword: "admin-pw",
		DemoPassword: "demo-pw", Out: io.Discard, BcryptCost: bcrypt.MinCost, Now: func() time.Time { return demoNow }})
	if err != nil {
		tb.Fatal(err)
	}
}

// TestDemoShop: the demo shop is believable — goods in every category with mixed statuses,
// listing times and some low stock; orders over the last 90 days in every status, each history a
// walk of the status machine, amounts adding up, items from goods of the order's seller, shipped
// orders with a dictionary express company; the demo operator's agency has goods and orders.
func TestDemoShop(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		seedDemoShop(t, g)
		var gs []goods.Goods
		if err := g.Find(&gs).Error; err != nil {
			t.Fatal(err)
		}
		byID := map[int64]goods.Goods{}
		cats, statuses := map[string]int{}, map[string]int{}
		low := 0
		for _, x := range gs {
			byID[x.ID] = x
			cats[x.Category]++
			statuses[x.Status]++
			if x.LowSkus > 0 {
				low++
			}
			if (x.Status == goods.Draft) != (x.GroundingTime == nil) || x.Price <= 0 || x.Cost <= 0 || x.Cost >= x.Price ||
				x.CreateTime.After(demoNow) || x.GroundingTime != nil && x.GroundingTime.Before(x.CreateTime) {
				t.Fatalf("goods %+v", x)
			}
		}
		if len(gs) != seed.DemoGoods || len(cats) < 20 || len(statuses) != 3 || low == 0 || low > 40 {
			t.Fatalf("%d goods, categories %v, statuses %v, %d low on stock", len(gs), cats, statuses, low)
		}
		// The goods sit in leaves of a tree three levels deep, under every top category.
		var tree []category.Category
		g.Find(&tree)
		byCode, parents := map[string]category.Category{}, map[int64]bool{}
		for _, c := range tree {
			byCode[c.Code] = c
			parents[c.ParentID] = true
		}
		tops := map[string]bool{}
		deepest := 0
		for code := range cats {
			c, ok := byCode[code]
			if !ok || parents[c.ID] {
				t.Fatalf("goods in %q: not a leaf category", code)
			}
			level := 1
			for c.ParentID != 0 {
				for _, p := range tree {
					if p.ID == c.ParentID {
						c = p
					}
				}
				level++
			}
			tops[c.Code] = true
			deepest = max(deepest, level)
		}
		if len(tops) != 5 || deepest != 3 {
			t.Fatalf("goods under %v, %d levels deep", tops, deepest)
		}
		demoSkusAddUp(t, g)

		var os []order.Order
		var items []order.Item
		var hist []order.History
		g.Order("id").Find(&os)
		g.Order("id").Find(&items)
		g.Order("create_time, id").Find(&hist)
		itemsOf, histOf := map[int64][]order.Item{}, map[int64][]order.History{}
		for _, it := range items {
			itemsOf[it.OrderID] = append(itemsOf[it.OrderID], it)
		}
		for _, h := range hist {
			histOf[h.OrderID] = append(histOf[h.OrderID], h)
		}
		var channel user.User
		g.Where("username = ?", seed.ChannelUser).Take(&channel)
		agencies := agency.NewStore(g, nil)
		a, _, _ := agencies.ByCode(context.Background(), seed.DemoAgencyCode)
		if channel.AgencyID == nil || *channel.AgencyID != a.ID {
			t.Fatalf("the demo operator belongs to %v, want %d", channel.AgencyID, a.ID)
		}
		express := []string{"SF", "ZTO", "YTO", "YD", "STO", "JD", "EMS"}
		byStatus, ofA := map[string]int{}, 0
		oldest := demoNow
		for _, o := range os {
			byStatus[o.Status]++
			if o.AgencyID != nil && *o.AgencyID == a.ID {
				ofA++
			}
			if o.CreateTime.Before(oldest) {
				oldest = o.CreateTime
			}
			// The history replays the machine from creation to the order's status, in time order.
			hs := histOf[o.ID]
			if len(hs) == 0 || hs[0].FromStatus != "" || hs[0].ToStatus != order.Unpaid || !hs[0].CreateTime.Equal(o.CreateTime) {
				t.Fatalf("order %d starts %+v", o.ID, hs)
			}
			status := order.Unpaid
			for _, h := range hs[1:] {
				if h.FromStatus != status || h.CreateTime.After(demoNow) || h.CreateTime.Before(o.CreateTime) {
					t.Fatalf("order %d history %+v", o.ID, hs)
				}
				legal := false
				for _, act := range []string{order.Pay, order.Ship, order.Complete, order.Close, order.Refund} {
					if to, err := order.Next(status, act); err == nil && to == h.ToStatus {
						legal = true
					}
				}
				if !legal {
					t.Fatalf("order %d: %s → %s is not a move of the machine", o.ID, status, h.ToStatus)
				}
				status = h.ToStatus
			}
			if status != o.Status || (o.PayTime != nil) != slices.Contains([]string{order.Paid, order.Shipped, order.Completed, order.Refunded}, o.Status) {
				t.Fatalf("order %+v ends its history at %s", o, status)
			}
			shipped := o.Status == order.Shipped || o.Status == order.Completed
			if shipped != (o.ShipTime != nil) || shipped != slices.Contains(express, o.ExpressCompany) || shipped != (o.TrackingNo != "") {
				t.Fatalf("order %+v: shipment", o)
			}
			lines := []money.Fen{o.Freight}
			for _, it := range itemsOf[o.ID] {
				gd, ok := byID[it.GoodsID]
				if !ok || gd.Name != it.GoodsName || it.UnitPrice < gd.Price || it.UnitPrice > gd.MaxPrice || it.SkuID == nil || it.Quantity < 1 || fmtAgency(gd.AgencyID) != fmtAgency(o.AgencyID) {
					t.Fatalf("order %d item %+v from goods %+v", o.ID, it, gd)
				}
				sub, _ := it.UnitPrice.Times(it.Quantity)
				lines = append(lines, sub)
			}
			if sum, _ := money.Sum(lines...); len(lines) < 2 || sum != o.Amount || len(o.Phone) != 11 || o.CustomerName == "" || o.Address == "" {
				t.Fatalf("order %+v with items %+v", o, itemsOf[o.ID])
			}
		}
		if len(os) != seed.DemoOrders || len(byStatus) != len(order.Statuses) || ofA == 0 ||
			demoNow.Sub(oldest) > 90*24*time.Hour || demoNow.Sub(oldest) < 85*24*time.Hour {
			t.Fatalf("%d orders, by status %v, %d of the demo agency, oldest %v", len(os), byStatus, ofA, oldest)
		}
		for _, st := range order.Statuses {
			if byStatus[st] < 20 {
				t.Fatalf("too few %s orders to show: %v", st, byStatus)
			}
		}
	})
}

func fmtAgency(id *int64) int64 {
	if id == nil {
		return 0
	}
	return *id
}

// BenchmarkDemoSeed: a new database's whole seed with the demo shop (docs/figures.md).
func BenchmarkDemoSeed(b *testing.B) {
	for b.Loop() {
		b.StopTimer()
		g := dbtest.Open(b, "sqlite")
		b.StartTimer()
		seedDemoShop(b, g)
	}
}

// demoSkusAddUp: clothing comes in 颜色 × 尺码 and some food in 口味 or 规格, one SKU per
// combination; every SKU has its opening in the ledger, and each item's stock, price range
// and count of low SKUs follow from its SKUs.
func demoSkusAddUp(t *testing.T, g *gorm.DB) {
	t.Helper()
	var skus []goods.Sku
	g.Order("goods_id, sort").Find(&skus)
	var gs []goods.Goods
	g.Find(&gs)
	of := map[int64][]goods.Sku{}
	for _, k := range skus {
		of[k.GoodsID] = append(of[k.GoodsID], k)
	}
	dims := map[string]int{}
	for _, x := range gs {
		ks := of[x.ID]
		combos, stock, low, lowest, highest := 1, int64(0), int64(0), ks[0].Price, ks[0].Price
		for _, sp := range x.Specs {
			combos *= len(sp.Values)
			dims[sp.Name]++
		}
		for _, k := range ks {
			stock += k.Stock
			if k.OnSale && k.Stock <= k.LowStock {
				low++
			}
			lowest, highest = min(lowest, k.Price), max(highest, k.Price)
			if len(k.Specs) != len(x.Specs) || k.Cost > k.Price {
				t.Fatalf("SKU %+v of %+v", k, x)
			}
		}
		if len(ks) != combos || x.Stock != stock || x.LowSkus != low || x.Price != lowest || x.MaxPrice != highest {
			t.Fatalf("goods %s: %d SKUs for %d combinations, stock %d/%d, low %d/%d, price %v–%v", x.Code, len(ks), combos,
				x.Stock, stock, x.LowSkus, low, x.Price, x.MaxPrice)
		}
	}
	if dims["颜色"] == 0 || dims["尺码"] == 0 || dims["规格"]+dims["口味"] == 0 {
		t.Fatalf("spec dimensions by category: %v", dims)
	}
	// The orders then take and give back through the ledger (TestDemoLedgerAddsUp): each SKU has
	// its one opening row.
	var bad int64
	g.Raw("SELECT COUNT(*) FROM goods_skus k WHERE (SELECT COUNT(*) FROM stock_ledger l WHERE l.sku_id = k.id AND l.reason = ?) <> 1", "opening").Scan(&bad)
	if bad != 0 {
		t.Fatalf("%d SKUs without exactly one opening row", bad)
	}
}

// TestDemoLedgerAddsUp: every demo order line sold a SKU and took its units through the ledger
// (closed orders gave them back, refunded ones restored them); every SKU's ledger adds up to its
// stock, no balance on the way is below zero, and the goods hold their SKUs' stock.
func TestDemoLedgerAddsUp(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		seedDemoShop(t, g)
		var bad int64
		for what, sql := range map[string]string{
			"lines without a SKU": "SELECT COUNT(*) FROM order_items WHERE sku_id IS NULL OR sku_code = ''",
			"SKUs whose ledger does not add up": "SELECT COUNT(*) FROM goods_skus s WHERE s.stock <> " +
				"(SELECT COALESCE(SUM(l.delta), 0) FROM stock_ledger l WHERE l.sku_id = s.id)",
			"SKUs whose last balance is not their stock": "SELECT COUNT(*) FROM goods_skus s WHERE s.stock <> " +
				"(SELECT l.balance FROM stock_ledger l WHERE l.sku_id = s.id ORDER BY l.create_time DESC, l.id DESC LIMIT 1)",
			"negative balances": "SELECT COUNT(*) FROM stock_ledger WHERE balance < 0",
			"goods not holding their SKUs' stock": "SELECT COUNT(*) FROM goods g WHERE g.stock <> " +
				"(SELECT COALESCE(SUM(s.stock), 0) FROM goods_skus s WHERE s.goods_id = g.id)",
			"lines not reserved": "SELECT COUNT(*) FROM order_items i JOIN orders o ON o.id = i.order_id WHERE NOT EXISTS " +
				"(SELECT 1 FROM stock_ledger l WHERE l.order_no = o.order_no AND l.reason = 'order_reserve' AND l.sku_id = i.sku_id)",
			"closed or refunded lines not given back": "SELECT COUNT(*) FROM order_items i JOIN orders o ON o.id = i.order_id " +
				"WHERE o.status IN ('closed', 'refunded') AND NOT EXISTS (SELECT 1 FROM stock_ledger l WHERE l.order_no = o.order_no " +
				"AND l.reason IN ('order_release', 'order_refund') AND l.sku_id = i.sku_id)",
			"lines given back while still held": "SELECT COUNT(*) FROM stock_ledger l JOIN orders o ON o.order_no = l.order_no " +
				"WHERE l.reason IN ('order_release', 'order_refund') AND o.status NOT IN ('closed', 'refunded')",
		} {
			if err := g.Raw(sql).Scan(&bad).Error; err != nil || bad != 0 {
				t.Errorf("%s: %d (%v)", what, bad, err)
			}
		}
		var reserved, items int64
		g.Raw("SELECT COUNT(*) FROM stock_ledger WHERE reason = 'order_reserve'").Scan(&reserved)
		g.Raw("SELECT COUNT(*) FROM order_items").Scan(&items)
		if reserved != items {
			t.Fatalf("%d reserve rows for %d lines", reserved, items)
		}
	})
}
