package seed

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/initsetup"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/money"
)

// KeyDemoShop marks the demo shop (goods and orders) as seeded: once per database, so goods an
// administrator deletes do not come back.
const KeyDemoShop = "seed.demo-shop"

// Sizes of the demo shop.
const (
	DemoGoods  = 200
	DemoOrders = 5000
	demoDays   = 90 // orders spread over the last 90 days
)

func demoGoodsRows(r *rand.Rand, now time.Time, agencies []agency.Agency) []goods.Goods {
	cats := []string{"digital", "clothing", "food", "home", "beauty"}
	out := make([]goods.Goods, 0, DemoGoods)
	seen := map[string]bool{}
	for i := 0; len(out) < DemoGoods; i++ {
		cat := cats[i%len(cats)]
		c := demoCatalogue[cat]
		art := c.articles[r.IntN(len(c.articles))]
		name := c.brands[r.IntN(len(c.brands))] + " " + art.name + " " + c.variants[r.IntN(len(c.variants))]
		if seen[name] {
			continue
		}
		seen[name] = true
		n := len(out) + 1
		// Prices end in .90 or .00, as shops price.
		yuan := art.min + r.Int64N(art.max-art.min+1)
		price := money.Fen(yuan * 100)
		if r.IntN(2) == 0 {
			price -= 10
		}
		cost := money.Fen(int64(price) * int64(55+r.IntN(20)) / 100)
		stock := int64(20 + r.IntN(480))
		if r.IntN(100) < 8 { // low stock: the dashboard's 库存预警
			stock = int64(r.IntN(10))
		}
		created := now.Add(-time.Duration(r.Int64N(int64(180 * 24 * time.Hour)))).Truncate(time.Millisecond)
		g := goods.Goods{Name: name, Code: fmt.Sprintf("%s-%04d", c.prefix, n), Category: demoCategoryOf(cat, art.name), Price: price, Cost: cost,
			Stock: stock, Status: goods.OnSale, Gallery: []string{}, CreateTime: created, UpdateTime: created,
			Description: "<p>" + name + "，正品保障，七天无理由退换。</p>"}
		switch p := r.IntN(100); {
		case p < 12:
			g.Status = goods.Draft
		case p < 27:
			g.Status = goods.OffSale
		}
		if g.Status != goods.Draft {
			listed := created.Add(time.Duration(r.Int64N(int64(now.Sub(created)) + 1))).Truncate(time.Millisecond)
			g.GroundingTime, g.UpdateTime = &listed, listed
		}
		switch p := r.IntN(100); {
		case p < 15:
			g.AgencyID = &agencies[0].ID
		case p < 25:
			g.AgencyID = &agencies[1].ID
		}
		out = append(out, g)
	}
	return out
}

type demoCustomer struct{ name, phone, address string }

func demoCustomers(r *rand.Rand, n int) []demoCustomer {
	out := make([]demoCustomer, n)
	for i := range out {
		c := demoCities[r.IntN(len(demoCities))]
		out[i] = demoCustomer{
			name:  demoSurnames[r.IntN(len(demoSurnames))] + demoGiven[r.IntN(len(demoGiven))],
			phone: fmt.Sprintf("%s%08d", demoPhonePrefixes[r.IntN(len(demoPhonePrefixes))], r.IntN(100_000_000)),
			address: fmt.Sprintf("%s%s%s%s%d号%d幢%d室", c.province, c.city, demoDistricts[r.IntN(len(demoDistricts))],
				demoStreets[r.IntN(len(demoStreets))], 1+r.IntN(999), 1+r.IntN(30), 101+r.IntN(2500)),
		}
	}
	return out
}

// demoHourWeights: orders by hour of the day (few at night, peaks at lunch and in the evening).
var demoHourWeights = [24]int{2, 1, 1, 1, 1, 1, 2, 4, 6, 8, 9, 10, 12, 10, 9, 9, 8, 8, 9, 12, 14, 14, 10, 5}

// demoCreateTime is an order's creation: more orders on recent days (the shop grows), by hour.
func demoCreateTime(r *rand.Rand, now time.Time) time.Time {
	local := now.In(time.Local)
	today := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, time.Local)
	day := today.AddDate(0, 0, -(demoDays - 1 - int(demoDays*math.Sqrt(r.Float64()))))
	pick := r.IntN(200)
	hour := 0
	for h, w := range demoHourWeights {
		if pick < w {
			hour = h
			break
		}
		pick -= w
	}
	t := day.Add(time.Duration(hour)*time.Hour + time.Duration(r.IntN(3600))*time.Second).UTC()
	if !t.Before(now) {
		t = now.Add(-time.Duration(1+r.IntN(3600)) * time.Second)
	}
	return t.Truncate(time.Millisecond)
}

func demoOrderRows(r *rand.Rand, now time.Time, gs []goods.Goods, agencies []agency.Agency) ([]order.Order, [][]order.Item, [][]order.History) {
	// The goods each seller sells: the shop's own (nil) and each agency's, listed at least once.
	pools := map[int64][]goods.Goods{}
	for _, g := range gs {
		if g.Status == goods.Draft {
			continue
		}
		var key int64
		if g.AgencyID != nil {
			key = *g.AgencyID
		}
		pools[key] = append(pools[key], g)
	}
	express := expressCompanies()
	customers := demoCustomers(r, DemoOrders*2/5)
	orders := make([]order.Order, DemoOrders)
	items := make([][]order.Item, DemoOrders)
	hist := make([][]order.History, DemoOrders)
	for i := range orders {
		created := demoCreateTime(r, now)
		var seller *int64
		switch p := r.IntN(100); {
		case p < 15:
			seller = &agencies[0].ID
		case p < 25:
			seller = &agencies[1].ID
		}
		var key int64
		if seller != nil {
			key = *seller
		}
		pool := pools[key]
		if len(pool) == 0 {
			seller, pool = nil, pools[0]
		}
		lines := 1 + min(r.IntN(10)/6, 2) // 1 line mostly, up to 3
		if r.IntN(10) == 0 {
			lines = 3
		}
		var total money.Fen
		for _, g := range pickGoods(r, pool, lines) {
			q := int64(1)
			if r.IntN(4) == 0 {
				q = int64(2 + r.IntN(3))
			}
			items[i] = append(items[i], order.Item{GoodsID: g.ID, GoodsName: g.Name, UnitPrice: g.Price, Quantity: q})
			total += money.Fen(int64(g.Price) * q)
		}
		freight := money.Fen(0)
		if total < 9900 {
			freight = 1000
		}
		c := customers[r.IntN(len(customers))]
		o := order.Order{OrderNo: fmt.Sprintf("%s%06d", created.In(time.Local).Format("20060102150405"), 100000+i),
			CustomerName: c.name, Phone: c.phone, Address: c.address, Amount: total + freight, Freight: freight,
			AgencyID: seller, Status: order.Unpaid, CreateTime: created}
		if r.IntN(12) == 0 {
			o.Remark = demoRemarks[r.IntN(len(demoRemarks))]
		}
		h := []order.History{{ToStatus: order.Unpaid, Operator: "system", Note: "下单", CreateTime: created}}
		move := func(to, who, note string, at time.Time) {
			h = append(h, order.History{FromStatus: o.Status, ToStatus: to, Operator: who, Note: note, CreateTime: at})
			o.Status = to
		}
		demoLife(r, now, &o, move, express[r.IntN(len(express))].Value)
		o.UpdateTime = h[len(h)-1].CreateTime
		orders[i], hist[i] = o, h
	}
	return orders, items, hist
}

// demoLife moves an order along the status machine (order/machine.go) as far as its age allows:
// paid within minutes or closed after half an hour unpaid; shipped within a day and a half or
// refunded; completed some days after shipping. Every time stays before now.
func demoLife(r *rand.Rand, now time.Time, o *order.Order, move func(to, who, note string, at time.Time), company string) {
	at := func(t time.Time) bool { return t.Before(now) }
	ms := func(d time.Duration) time.Time { return o.CreateTime.Add(d).Truncate(time.Millisecond) }
	closeAt := ms(30 * time.Minute)
	if r.IntN(100) < 6 {
		if at(closeAt) {
			move(order.Closed, "system", "超时未支付，自动关闭", closeAt)
		}
		return
	}
	pay := ms(time.Duration(1+r.IntN(20)) * time.Minute)
	if !at(pay) || (now.Sub(o.CreateTime) < 24*time.Hour && r.IntN(5) == 0) {
		return // still unpaid
	}
	move(order.Paid, "system", "支付成功", pay)
	o.PayTime = &pay
	if r.IntN(100) < 5 {
		if refund := pay.Add(time.Duration(1+r.IntN(48)) * time.Hour); at(refund) {
			move(order.Refunded, "admin", "客户申请退款", refund)
		}
		return
	}
	ship := pay.Add(time.Duration(2+r.IntN(34)) * time.Hour)
	if !at(ship) {
		return
	}
	o.ExpressCompany = company
	o.TrackingNo = fmt.Sprintf("%s%012d", company, r.Int64N(1_000_000_000_000))
	o.ShipTime = &ship
	move(order.Shipped, []string{"admin", "staff"}[r.IntN(2)], "", ship)
	if done := ship.Add(time.Duration(48+r.IntN(120)) * time.Hour); at(done) && r.IntN(100) < 97 {
		move(order.Completed, "system", "确认收货", done)
	}
}

// pickGoods picks n different goods of pool (fewer when the pool is smaller).
func pickGoods(r *rand.Rand, pool []goods.Goods, n int) []goods.Goods {
	n = min(n, len(pool))
	idx := r.Perm(len(pool))[:n]
	slices.Sort(idx)
	out := make([]goods.Goods, n)
	for i, k := range idx {
		out[i] = pool[k]
	}
	return out
}

// demoShop seeds the demo goods and orders once, in one transaction, and then lets derived data
// catch up (opt.Rebuild). It reports whether it seeded.
func demoShop(ctx context.Context, g *gorm.DB, opt Options, gen *cache.Generation) (bool, error) {
	seeded := false
	err := g.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		settings := initsetup.NewStore(tx)
		if _, done, err := settings.Get(ctx, KeyDemoShop); err != nil || done {
			return err
		}
		agencies, err := demoAgencies(ctx, tx, gen)
		if err != nil {
			return err
		}
		if err := demoCategoryTree(ctx, tx); err != nil {
			return err
		}
		if err := demoShopRows(tx, opt.Now().UTC().Truncate(time.Millisecond), agencies); err != nil {
			return err
		}
		seeded = true
		return settings.Set(ctx, tx, KeyDemoShop, opt.Now().UTC().Format(time.RFC3339))
	})
	if err != nil || !seeded {
		return false, err
	}
	// The one call site for what is computed from orders and goods (the dashboard's daily
	// figures): rows inserted here bypass the services that keep it up to date on write.
	if opt.Rebuild != nil {
		if err := opt.Rebuild(ctx); err != nil {
			return true, fmt.Errorf("rebuilding after the demo shop: %w", err)
		}
	}
	return true, nil
}

// demoShopRows generates the demo goods and orders from a fixed seed (the same shop every time,
// dated relative to now) and writes them in batches of a few hundred rows a statement inside tx.
// agencies[0] is the demo operator's agency.
func demoShopRows(tx *gorm.DB, now time.Time, agencies []agency.Agency) error {
	r := rand.New(rand.NewPCG(2026, 11))
	gs := demoGoodsRows(r, now, agencies)
	skus := demoSkus(rand.New(rand.NewPCG(2026, 12)), gs)
	if err := tx.CreateInBatches(&gs, demoBatch).Error; err != nil {
		return err
	}
	if err := demoBookStock(tx, now, gs, skus); err != nil {
		return err
	}
	orders, items, hist := demoOrderRows(r, now, gs, agencies) // the goods have their IDs now
	if err := demoOrderSkus(tx, gs, orders, items); err != nil {
		return err
	}
	if err := tx.CreateInBatches(&orders, demoBatch).Error; err != nil {
		return err
	}
	var allItems []order.Item
	var allHist []order.History
	for i, o := range orders {
		for _, it := range items[i] {
			it.OrderID = o.ID
			allItems = append(allItems, it)
		}
		for _, h := range hist[i] {
			h.OrderID = o.ID
			allHist = append(allHist, h)
		}
	}
	if err := tx.CreateInBatches(&allItems, demoBatch).Error; err != nil {
		return err
	}
	if err := demoLedger(tx, gs, orders, allItems, hist); err != nil {
		return err
	}
	return tx.CreateInBatches(&allHist, demoBatch).Error
}

// demoBatch is the rows per INSERT. Small on purpose: the SQLite driver binds parameters in
// time that grows faster than their number, so 100 rows a statement beat 500 (docs/figures.md).
const demoBatch = 100
