package seed

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/stock"
)

// The demo orders take their units through the ledger as real ones do (docs/decisions.md
// "Stock"): each line reserves its SKU's units when the order is made, a closed order gives them
// back, a refunded one restores them. The goods keep the stock they were seeded with as their
// stock today; the SKU's opening row is what it held before the 90 days of orders, so the ledger
// adds up to today's stock and no balance on the way is below zero.

// demoSku is a SKU of a demo goods item as the orders pick it.
type demoSku struct {
	ID         int64
	GoodsID    int64
	ScopeID    int64
	Code       string
	Specs      string
	Price      money.Fen
	Stock      int64
	OnSale     bool
	CreateTime time.Time
}

// demoOrderSkus gives every line of the demo orders a SKU of its goods (the goods' on-sale SKUs
// in turn, by order and line), with its code and spec text; a line's price is its SKU's and the
// order's amount follows. Goods seeded without SKUs get one each first, as the migration gave
// every goods row before SKUs (same code, price, cost and stock).
func demoOrderSkus(tx *gorm.DB, gs []goods.Goods, orders []order.Order, items [][]order.Item) error {
	skus, err := demoSkuChoices(tx, gs)
	if err != nil {
		return err
	}
	specs := map[int64]string{}
	var rows []struct {
		ID    int64
		Specs string
	}
	if err := tx.Table("goods").Select("id, specs").Where("id IN ?", goodsIDs(gs)).Scan(&rows).Error; err != nil {
		return err
	}
	for _, r := range rows {
		specs[r.ID] = r.Specs
	}
	for i := range orders {
		sum := []money.Fen{orders[i].Freight}
		for j := range items[i] {
			it := &items[i][j]
			choice := skus[it.GoodsID]
			if len(choice) == 0 {
				return fmt.Errorf("demo goods %d has no SKU", it.GoodsID)
			}
			k := choice[(i+j)%len(choice)]
			it.SkuID, it.SkuCode, it.SpecText, it.UnitPrice = &k.ID, k.Code, order.SpecText(specs[it.GoodsID], k.Specs), k.Price
			sub, err := k.Price.Times(it.Quantity)
			if err != nil {
				return err
			}
			sum = append(sum, sub)
		}
		if orders[i].Amount, err = money.Sum(sum...); err != nil {
			return err
		}
	}
	return nil
}

func goodsIDs(gs []goods.Goods) []int64 {
	ids := make([]int64, len(gs))
	for i, g := range gs {
		ids[i] = g.ID
	}
	return ids
}

// demoSkuChoices reads the SKUs of gs (on-sale ones first, then by sort), making one for each goods
// item that has none.
func demoSkuChoices(tx *gorm.DB, gs []goods.Goods) (map[int64][]demoSku, error) {
	read := func() (map[int64][]demoSku, error) {
		var all []demoSku
		err := tx.Table("goods_skus").Select("id, goods_id, scope_id, code, specs, price, stock, on_sale, create_time").
			Where("goods_id IN ?", goodsIDs(gs)).Order("goods_id, sort, id").Scan(&all).Error
		out := map[int64][]demoSku{}
		for _, k := range all {
			out[k.GoodsID] = append(out[k.GoodsID], k)
		}
		for id, ks := range out {
			if on := slices.DeleteFunc(slices.Clone(ks), func(k demoSku) bool { return !k.OnSale }); len(on) > 0 {
				out[id] = on
			}
		}
		return out, err
	}
	got, err := read()
	if err != nil {
		return nil, err
	}
	var missing []goods.Sku
	for _, g := range gs {
		if len(got[g.ID]) > 0 {
			continue
		}
		scope := int64(0)
		if g.AgencyID != nil {
			scope = *g.AgencyID
		}
		missing = append(missing, goods.Sku{GoodsID: g.ID, ScopeID: scope, Code: g.Code, Specs: []string{}, Price: g.Price,
			Cost: g.Cost, Stock: g.Stock, LowStock: goods.DefaultLowStock, OnSale: true, CreateTime: g.CreateTime, UpdateTime: g.CreateTime})
	}
	if len(missing) == 0 {
		return got, nil
	}
	if err := tx.CreateInBatches(&missing, demoBatch).Error; err != nil {
		return nil, err
	}
	return read()
}

// demoMove is one line's move in the demo's history.
type demoMove struct {
	at       time.Time
	sku      int64
	delta    int64
	reason   string
	orderNo  string
	lineKey  string
	operator string
}

// demoLedger books the demo orders' moves (items with their IDs and order IDs; hist by order as
// orders) and the opening rows that make every SKU's ledger add up to its stock.
func demoLedger(tx *gorm.DB, gs []goods.Goods, orders []order.Order, items []order.Item, hist [][]order.History) error {
	index := make(map[int64]int, len(orders))
	for i, o := range orders {
		index[o.ID] = i
	}
	var moves []demoMove
	for _, it := range items {
		if it.SkuID == nil {
			continue
		}
		i := index[it.OrderID]
		o := orders[i]
		moves = append(moves, demoMove{at: o.CreateTime, sku: *it.SkuID, delta: -it.Quantity, reason: stock.OrderReserve,
			orderNo: o.OrderNo, lineKey: fmt.Sprintf("reserve:%d:%d", o.ID, it.ID), operator: "system"})
		last := hist[i][len(hist[i])-1]
		back := map[string][2]string{order.Closed: {stock.OrderRelease, "release"}, order.Refunded: {stock.OrderRefund, "refund"}}[last.ToStatus]
		if back[0] != "" {
			moves = append(moves, demoMove{at: last.CreateTime, sku: *it.SkuID, delta: it.Quantity, reason: back[0],
				orderNo: o.OrderNo, lineKey: fmt.Sprintf("%s:%d:%d", back[1], o.ID, it.ID), operator: last.Operator})
		}
	}
	slices.SortStableFunc(moves, func(a, b demoMove) int { return a.at.Compare(b.at) })

	var skus []demoSku
	if err := tx.Table("goods_skus").Select("id, goods_id, scope_id, code, stock, create_time").
		Where("goods_id IN ?", goodsIDs(gs)).Scan(&skus).Error; err != nil {
		return err
	}
	skuIDs := make([]int64, len(skus))
	// per SKU: the sum of its moves and the lowest it reaches from zero
	type run struct{ net, low int64 }
	runs := map[int64]*run{}
	for i, k := range skus {
		skuIDs[i] = k.ID
		runs[k.ID] = &run{}
	}
	for _, m := range moves {
		r := runs[m.sku]
		r.net += m.delta
		r.low = min(r.low, r.net)
	}
	var booked []struct {
		SkuID int64
		First int64
	}
	if err := tx.Table("stock_ledger").Select("sku_id, MIN(id) AS first").Where("sku_id IN ?", skuIDs).
		Group("sku_id").Scan(&booked).Error; err != nil {
		return err
	}
	firstRow := map[int64]int64{}
	for _, b := range booked {
		firstRow[b.SkuID] = b.First
	}
	firstMove := map[int64]time.Time{}
	for _, m := range slices.Backward(moves) {
		firstMove[m.sku] = m.at
	}

	// Today's stock stays the seeded one unless a late release would have dipped below zero.
	byID := map[int64]demoSku{}
	balance := map[int64]int64{}
	var entries []stock.Entry
	for _, k := range skus {
		byID[k.ID] = k
		r := runs[k.ID]
		opening := k.Stock - r.net
		if extra := -(opening + r.low); extra > 0 {
			opening += extra
			if err := tx.Exec("UPDATE goods_skus SET stock = ? WHERE id = ?", opening+r.net, k.ID).Error; err != nil {
				return err
			}
		}
		balance[k.ID] = opening
		at := k.CreateTime
		if first, ok := firstMove[k.ID]; ok && first.Add(-time.Second).Before(at) {
			at = first.Add(-time.Second)
		}
		if id, ok := firstRow[k.ID]; ok {
			// the goods' own opening (its stock today) becomes the stock before the orders
			shift := opening - k.Stock
			if err := tx.Exec("UPDATE stock_ledger SET balance = balance + ? WHERE sku_id = ?", shift, k.ID).Error; err != nil {
				return err
			}
			if err := tx.Exec("UPDATE stock_ledger SET delta = delta + ? WHERE id = ?", shift, id).Error; err != nil {
				return err
			}
			if err := tx.Exec("UPDATE stock_ledger SET create_time = ? WHERE id = ? AND create_time > ?", at, id, at).Error; err != nil {
				return err
			}
			continue
		}
		entries = append(entries, stock.Entry{SkuID: k.ID, GoodsID: k.GoodsID, ScopeID: k.ScopeID, SkuCode: k.Code,
			Delta: opening, Balance: opening, Reason: stock.Opening, Operator: "system", CreateTime: at})
	}
	for _, m := range moves {
		k := byID[m.sku]
		balance[m.sku] += m.delta
		key := m.lineKey
		entries = append(entries, stock.Entry{SkuID: k.ID, GoodsID: k.GoodsID, ScopeID: k.ScopeID, SkuCode: k.Code,
			Delta: m.delta, Balance: balance[m.sku], Reason: m.reason, OrderNo: m.orderNo, LineKey: &key,
			Operator: m.operator, CreateTime: m.at})
	}
	slices.SortStableFunc(entries, func(a, b stock.Entry) int { return cmp.Compare(a.CreateTime.UnixMilli(), b.CreateTime.UnixMilli()) })
	if err := tx.CreateInBatches(&entries, demoBatch).Error; err != nil {
		return err
	}
	// the goods' stock is their SKUs', and their count of SKUs at or under the threshold
	return tx.Exec("UPDATE goods SET stock = (SELECT COALESCE(SUM(s.stock), 0) FROM goods_skus s WHERE s.goods_id = goods.id), "+
		"low_skus = (SELECT COUNT(*) FROM goods_skus s WHERE s.goods_id = goods.id AND s.on_sale = ? AND s.stock <= s.low_stock) "+
		"WHERE id IN ?", true, goodsIDs(gs)).Error
}
