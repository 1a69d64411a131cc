package seed

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/stock"
)

// demoDims are the spec dimensions of a demo article: clothing in 颜色 × 尺码, phones and
// tablets in 颜色 × 存储, some food in 口味 and 规格; the rest is sold as one SKU. Each value adds
// its yuan to the article's price (a larger size, more storage, a heavier pack).
type demoDim struct {
	name   string
	values []string
	extra  []int64 // yuan added by each value
	pick   [2]int  // how many consecutive values an item offers, at least and at most
}

func demoDimsOf(category, article string) []demoDim {
	colours := demoDim{"颜色", []string{"黑色", "白色", "藏青", "燕麦色", "灰色", "军绿"}, make([]int64, 6), [2]int{2, 4}}
	switch {
	case category == "clothing" && strings.Contains(article, "鞋"):
		return []demoDim{colours, {"尺码", []string{"38", "39", "40", "41", "42", "43", "44"}, make([]int64, 7), [2]int{4, 6}}}
	case category == "clothing":
		return []demoDim{colours, {"尺码", []string{"S", "M", "L", "XL", "XXL"}, []int64{0, 0, 0, 0, 10}, [2]int{3, 5}}}
	case strings.Contains(article, "手机") || strings.Contains(article, "平板"):
		return []demoDim{{"颜色", []string{"曜石黑", "冰川白", "星空蓝"}, make([]int64, 3), [2]int{2, 3}},
			{"存储", []string{"128GB", "256GB", "512GB"}, []int64{0, 500, 1200}, [2]int{2, 3}}}
	case strings.Contains(article, "牛肉干"):
		return []demoDim{{"口味", []string{"原味", "香辣味", "五香味"}, make([]int64, 3), [2]int{2, 3}},
			{"规格", []string{"100g", "250g", "500g"}, []int64{0, 30, 70}, [2]int{2, 3}}}
	case strings.Contains(article, "粽子"):
		return []demoDim{{"口味", []string{"鲜肉", "蛋黄鲜肉", "豆沙", "板栗"}, make([]int64, 4), [2]int{2, 4}}}
	case strings.Contains(article, "坚果") || strings.Contains(article, "龙井"):
		return []demoDim{{"规格", []string{"500g", "1kg"}, []int64{0, 60}, [2]int{2, 2}}}
	}
	return nil
}

// demoSkus gives each demo goods item its specs and SKUs from r (a source of its own, so the
// goods and orders drawn from the shop's source stay as they were). The first SKU is the
// article's price, the others cost more or the same, so the item's price stays its lowest. SKUs
// hold no stock yet: demoBookStock books it as their opening.
func demoSkus(r *rand.Rand, gs []goods.Goods) [][]goods.Sku {
	out := make([][]goods.Sku, len(gs))
	for i := range gs {
		g := &gs[i]
		// goods sit in leaf categories: the article, found by name under its top category, says
		// its dimensions
		var dims []demoDim
	find:
		for _, top := range slices.Sorted(maps.Keys(demoCatalogue)) {
			for _, c := range demoCatalogue[top].articles {
				if strings.Contains(g.Name, c.name) {
					dims = demoDimsOf(top, c.name)
					break find
				}
			}
		}
		specs := goods.SpecList{}
		type value struct {
			text  string
			extra int64
		}
		combos := [][]value{{}}
		for _, d := range dims {
			n := d.pick[0] + r.IntN(d.pick[1]-d.pick[0]+1)
			from := r.IntN(len(d.values) - n + 1)
			spec := goods.Spec{Name: d.name, Values: d.values[from : from+n]}
			specs = append(specs, spec)
			var next [][]value
			for _, c := range combos {
				for k := from; k < from+n; k++ {
					next = append(next, append(append([]value{}, c...), value{d.values[k], d.extra[k] - d.extra[from]}))
				}
			}
			combos = next
		}
		g.Specs, g.MaxPrice = specs, g.Price
		running := -1 // one SKU of some items runs low: the dashboard's 库存预警
		if len(combos) > 1 && r.IntN(100) < 10 {
			running = r.IntN(len(combos))
		}
		for n, c := range combos {
			k := goods.Sku{Code: g.Code, Specs: []string{}, Price: g.Price, LowStock: goods.DefaultLowStock, OnSale: true,
				Sort: n, Barcode: fmt.Sprintf("69%011d", r.Int64N(100_000_000_000)), CreateTime: g.CreateTime, UpdateTime: g.UpdateTime}
			if len(combos) > 1 {
				k.Code = fmt.Sprintf("%s-%02d", g.Code, n+1)
			}
			for _, v := range c {
				k.Specs = append(k.Specs, v.text)
				k.Price += money.Fen(v.extra * 100)
			}
			k.Cost = money.Fen(int64(k.Price) * int64(g.Cost) / int64(g.Price))
			if r.IntN(4) == 0 {
				k.LowStock = 5
			}
			k.Stock = int64(5 + r.IntN(150))
			if n == running {
				k.Stock = int64(r.IntN(int(k.LowStock) + 1))
			}
			g.MaxPrice = max(g.MaxPrice, k.Price)
			out[i] = append(out[i], k)
		}
		if len(combos) == 1 && g.Stock < goods.DefaultLowStock {
			out[i][0].Stock = g.Stock // the plain item keeps the low stock drawn for it
		}
		g.Stock = 0
	}
	return out
}

// demoBookStock writes the SKUs of the inserted goods gs and books each one's stock as its
// opening (stock.Apply), so every SKU's ledger adds up to its stock and each item's stock and
// count of low SKUs follow.
func demoBookStock(tx *gorm.DB, now time.Time, gs []goods.Goods, skus [][]goods.Sku) error {
	var all []goods.Sku
	for i, g := range gs {
		for _, k := range skus[i] {
			k.GoodsID = g.ID
			if g.AgencyID != nil {
				k.ScopeID = *g.AgencyID
			}
			all = append(all, k)
		}
	}
	units := make([]int64, len(all))
	for i := range all {
		units[i], all[i].Stock = all[i].Stock, 0
	}
	if err := tx.CreateInBatches(&all, demoBatch).Error; err != nil {
		return err
	}
	var moves []stock.Move
	for i, k := range all {
		if units[i] > 0 {
			moves = append(moves, stock.Move{SkuID: k.ID, Delta: units[i], Reason: stock.Opening, Operator: "system", Note: "演示数据"})
		}
	}
	if _, err := stock.Apply(tx, now, moves); err != nil {
		return err
	}
	// SKUs start empty, so every on-sale one was low before its opening; count afresh.
	return tx.Exec("UPDATE goods SET low_skus = (SELECT COUNT(*) FROM goods_skus k WHERE k.goods_id = goods.id AND k.on_sale = ? AND k.stock <= k.low_stock)", true).Error
}
