package goods_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/stock"
)

// shirt is a T-shirt in 颜色 × 尺码 with one SKU per combination, stock 10 each.
func shirt(code string, colours, sizes []string) goods.Input {
	in := goods.Input{Name: "T恤" + code, Code: code, Category: "digital", Status: goods.OnSale, Operator: "admin",
		Specs: []goods.Spec{{Name: "颜色", Values: colours}, {Name: "尺码", Values: sizes}}}
	for _, c := range colours {
		for _, s := range sizes {
			in.Skus = append(in.Skus, goods.SkuInput{Code: code + "-" + c + "-" + s, Specs: []string{c, s},
				Price: 9900, Cost: 4000, Stock: 10, LowStock: 3, OnSale: true})
		}
	}
	return in
}

// skusOf reads the goods item's SKUs in their order.
func skusOf(t *testing.T, g *gorm.DB, id int64) []goods.Sku {
	t.Helper()
	var out []goods.Sku
	if err := g.Where("goods_id = ?", id).Order("sort, id").Find(&out).Error; err != nil {
		t.Fatal(err)
	}
	return out
}

// ledgerAddsUp: every SKU's stock is the sum of its ledger, each ledger row's balance the sum up
// to it, each goods row's stock the sum of its SKUs', and its low_skus the count of its on-sale
// SKUs at or under their threshold.
func ledgerAddsUp(t *testing.T, g *gorm.DB) {
	t.Helper()
	var bad []string
	g.Raw(`SELECT k.code FROM goods_skus k WHERE k.stock <> COALESCE((SELECT SUM(delta) FROM stock_ledger l WHERE l.sku_id = k.id), 0)`).Scan(&bad)
	if len(bad) > 0 {
		t.Fatalf("SKUs whose ledger does not add up: %v", bad)
	}
	g.Raw(`SELECT l.sku_code FROM stock_ledger l WHERE l.balance <> (SELECT SUM(m.delta) FROM stock_ledger m WHERE m.sku_id = l.sku_id AND m.id <= l.id)`).Scan(&bad)
	if len(bad) > 0 {
		t.Fatalf("ledger rows whose balance is not the sum up to them: %v", bad)
	}
	g.Raw(`SELECT g.code FROM goods g WHERE g.stock <> COALESCE((SELECT SUM(stock) FROM goods_skus k WHERE k.goods_id = g.id), 0)
		OR g.low_skus <> (SELECT COUNT(*) FROM goods_skus k WHERE k.goods_id = g.id AND k.on_sale = ? AND k.stock <= k.low_stock)`, true).Scan(&bad)
	if len(bad) > 0 {
		t.Fatalf("goods whose totals do not add up: %v", bad)
	}
}

func wantInvalid(t *testing.T, what string, err error, field string) {
	t.Helper()
	var inv *goods.InvalidError
	if !errors.As(err, &inv) || inv.Field != field {
		t.Fatalf("%s: %v, want invalid %s", what, err, field)
	}
}

// TestSkuMatrix: the SKUs are exactly the combinations of the specs' values, each once, and the
// specs are at most three named dimensions of distinct values.
func TestSkuMatrix(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _, must := newService(t, g)
		base := func() goods.Input { return shirt("TS", []string{"红", "白"}, []string{"S", "M"}) }
		for _, c := range []struct {
			what, field string
			edit        func(in *goods.Input)
		}{
			{"four dimensions", "specs", func(in *goods.Input) {
				in.Specs = append(in.Specs, goods.Spec{Name: "a", Values: []string{"1"}}, goods.Spec{Name: "b", Values: []string{"1"}})
			}},
			{"an empty name", "specs[1].name", func(in *goods.Input) { in.Specs[1].Name = " " }},
			{"a repeated name", "specs[1].name", func(in *goods.Input) { in.Specs[1].Name = "颜色" }},
			{"no values", "specs[0].values", func(in *goods.Input) { in.Specs[0].Values = nil }},
			{"a repeated value", "specs[1].values", func(in *goods.Input) { in.Specs[1].Values = []string{"S", "S"} }},
			{"too many values", "specs[0].values", func(in *goods.Input) {
				for i := range goods.MaxSpecValues {
					in.Specs[0].Values = append(in.Specs[0].Values, fmt.Sprint(i))
				}
			}},
			{"a missing combination", "skus", func(in *goods.Input) { in.Skus = in.Skus[:3] }},
			{"a combination twice", "skus[3].specs", func(in *goods.Input) {
				in.Skus[3].Specs = []string{"红", "S"}
			}},
			{"a value of no dimension", "skus[0].specs", func(in *goods.Input) { in.Skus[0].Specs = []string{"蓝", "S"} }},
			{"too few values", "skus[0].specs", func(in *goods.Input) { in.Skus[0].Specs = []string{"红"} }},
			{"no code", "skus[2].code", func(in *goods.Input) { in.Skus[2].Code = "" }},
			{"a code twice", "skus[1].code", func(in *goods.Input) { in.Skus[1].Code = strings.ToLower(in.Skus[0].Code) }},
			{"a negative price", "skus[0].price", func(in *goods.Input) { in.Skus[0].Price = -1 }},
			{"a negative stock", "skus[0].stock", func(in *goods.Input) { in.Skus[0].Stock = -1 }},
			{"no specs, two SKUs", "skus", func(in *goods.Input) { in.Specs = nil; in.Skus[0].Specs, in.Skus[1].Specs = nil, nil }},
		} {
			in := base()
			c.edit(&in)
			_, err := s.Save(ctx, nil, in)
			wantInvalid(t, c.what, err, c.field)
		}
		id := must(s.Save(ctx, nil, base()))
		got, skus, err := s.Detail(ctx, nil, id)
		if err != nil || len(got.Specs) != 2 || len(skus) != 4 || got.Stock != 40 || got.Price != 9900 || got.MaxPrice != 9900 {
			t.Fatalf("saved %+v with %d SKUs: %v", got, len(skus), err)
		}
		if skus[1].Code != "TS-红-M" || !slices.Equal(skus[1].Specs, []string{"红", "M"}) || skus[1].LowStock != 3 {
			t.Fatalf("second SKU %+v", skus[1])
		}

		// No specs and no SKUs: the top-level code, price, cost and stock are the one SKU.
		plain := must(s.Save(ctx, nil, item("PLAIN")))
		_, one, _ := s.Detail(ctx, nil, plain)
		if len(one) != 1 || one[0].Code != "PLAIN" || one[0].Price != 1000 || one[0].Cost != 600 || one[0].Stock != 5 ||
			one[0].LowStock != goods.DefaultLowStock || !one[0].OnSale || len(one[0].Specs) != 0 {
			t.Fatalf("the one SKU of a plain item: %+v", one)
		}
		ledgerAddsUp(t, g)
	})
}

// TestSkuCodesPerSeller: a SKU code is unique per seller — two agencies may both have it, one
// seller cannot, and the refusal names the code.
func TestSkuCodesPerSeller(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _, must := newService(t, g)
		a, b := ptr(int64(3)), ptr(int64(4))
		must(s.Save(ctx, a, shirt("A-TS", []string{"红"}, []string{"S", "M"})))
		in := shirt("B-TS", []string{"红"}, []string{"S", "M"})
		in.Skus[0].Code = "A-TS-红-S" // B's own SKU with A's code
		must(s.Save(ctx, b, in))

		in = shirt("A-TS2", []string{"红"}, []string{"S"})
		in.Skus[0].Code = "A-TS-红-M"
		_, err := s.Save(ctx, a, in)
		var taken *goods.SkuCodeTakenError
		if !errors.As(err, &taken) || taken.Code != "A-TS-红-M" || !errors.Is(err, goods.ErrCodeConflict) {
			t.Fatalf("A's second A-TS-红-M: %v", err)
		}
		// The shop's own goods are a seller too.
		in.AgencyID = nil
		must(s.Save(ctx, nil, in))
		var scopes []int64
		g.Table("goods_skus").Where("code = ?", "A-TS-红-S").Order("scope_id").Pluck("scope_id", &scopes)
		if !slices.Equal(scopes, []int64{3, 4}) {
			t.Fatalf("A-TS-红-S sold by %v, want agencies 3 and 4", scopes)
		}
		ledgerAddsUp(t, g)
	})
}

// TestSkuEdit: an edit keeps the SKUs it matches (by id, or by combination when sent without
// one) and their ledgers; a changed stock is a stocktake, a new SKU an opening, a removed SKU's
// stock is written out; the item's price range, stock and low count follow.
func TestSkuEdit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, clk, must := newService(t, g)
		id := must(s.Save(ctx, nil, shirt("TS", []string{"红", "白"}, []string{"S", "M"})))
		before := skusOf(t, g, id)

		// 1. Sent back with ids: one stock counted down, one price up, one threshold up.
		clk.advance(60e9)
		in := shirt("TS", []string{"红", "白"}, []string{"S", "M"})
		in.ID = id
		for i := range in.Skus {
			in.Skus[i].ID = before[i].ID
		}
		in.Skus[0].Stock = 4
		in.Skus[1].Price = 12900
		in.Skus[2].LowStock = 10
		must(s.Save(ctx, nil, in))
		after := skusOf(t, g, id)
		for i := range after {
			if after[i].ID != before[i].ID {
				t.Fatalf("SKU %d changed id: %d → %d", i, before[i].ID, after[i].ID)
			}
		}
		var take []stock.Entry
		g.Where("goods_id = ? AND reason = ?", id, stock.Stocktake).Find(&take)
		if len(take) != 1 || take[0].SkuID != before[0].ID || take[0].Delta != -6 || take[0].Balance != 4 ||
			take[0].Operator != "admin" || take[0].Note != "商品编辑" {
			t.Fatalf("stocktake rows %+v", take)
		}
		got, _ := s.Get(ctx, nil, id)
		if got.Price != 9900 || got.MaxPrice != 12900 || got.Stock != 34 || got.LowSkus != 1 {
			t.Fatalf("after the edit: price %v–%v stock %d low %d", got.Price, got.MaxPrice, got.Stock, got.LowSkus)
		}

		// 2. Sent without ids, 白 gone and 黑 added: 红 keeps its SKUs by combination.
		in = shirt("TS", []string{"红", "黑"}, []string{"S", "M"})
		in.ID = id
		in.Skus[0].Stock = 4
		must(s.Save(ctx, nil, in))
		now := skusOf(t, g, id)
		if len(now) != 4 || now[0].ID != before[0].ID || now[1].ID != before[1].ID || now[2].ID == before[2].ID {
			t.Fatalf("SKUs after 白 → 黑: %+v", now)
		}
		var out []stock.Entry
		g.Where("goods_id = ? AND reason = ?", id, stock.ManualOut).Order("sku_id").Find(&out)
		if len(out) != 2 || out[0].SkuCode != "TS-白-S" || out[0].Delta != -10 || out[0].Balance != 0 {
			t.Fatalf("write-outs of the removed SKUs: %+v", out)
		}
		var opened int64
		g.Model(&stock.Entry{}).Where("goods_id = ? AND reason = ?", id, stock.Opening).Count(&opened)
		if opened != 6 {
			t.Fatalf("%d opening rows, want 4 at creation and 2 for 黑", opened)
		}
		// The removed SKUs' rows still read by their code.
		var gone int64
		g.Model(&stock.Entry{}).Where("sku_code = ?", "TS-白-M").Count(&gone)
		if gone != 2 {
			t.Fatalf("TS-白-M has %d ledger rows left, want its opening and its write-out", gone)
		}

		// 3. Two SKUs swap codes; an id of another item is refused.
		in.Skus[0].Code, in.Skus[1].Code = in.Skus[1].Code, in.Skus[0].Code
		must(s.Save(ctx, nil, in))
		if now := skusOf(t, g, id); now[0].Code != "TS-红-M" || now[0].ID != before[0].ID {
			t.Fatalf("swapped codes: %+v", now[0])
		}
		other := must(s.Save(ctx, nil, item("OTHER")))
		in.Skus[0].ID = skusOf(t, g, other)[0].ID
		_, err := s.Save(ctx, nil, in)
		wantErr(t, "another item's SKU id", err, goods.ErrUnknownSku)

		// 4. A body of before SKUs cannot flatten an item with specs; a plain item re-sent the old
		// way keeps its one SKU.
		flat := item("TS")
		flat.ID = id
		_, err = s.Save(ctx, nil, flat)
		wantInvalid(t, "an old-style edit of an item with specs", err, "skus")
		old := item("OTHER")
		old.ID, old.Stock, old.Price = other, 7, 1500
		must(s.Save(ctx, nil, old))
		if k := skusOf(t, g, other); len(k) != 1 || k[0].Stock != 7 || k[0].Price != 1500 {
			t.Fatalf("plain item after an old-style edit: %+v", k)
		}
		ledgerAddsUp(t, g)
	})
}

// TestSkuOnOpenOrder: a SKU an unpaid or paid order holds cannot be removed (closing the order
// gives its units back), nor its goods deleted; once the order has shipped it can.
func TestSkuOnOpenOrder(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, clk, must := newService(t, g)
		id := must(s.Save(ctx, nil, shirt("TS", []string{"红", "白"}, []string{"S"})))
		sku := skusOf(t, g, id)[1] // TS-白-S
		o := order.Order{OrderNo: "N1", CustomerName: "客户", Phone: "13800000000", Status: order.Paid,
			Amount: money.Fen(9900), CreateTime: clk.t, UpdateTime: clk.t}
		if err := g.Create(&o).Error; err != nil {
			t.Fatal(err)
		}
		if err := g.Create(&order.Item{OrderID: o.ID, GoodsID: id, SkuID: &sku.ID, SkuCode: sku.Code, GoodsName: "T恤",
			UnitPrice: 9900, Quantity: 1}).Error; err != nil {
			t.Fatal(err)
		}
		in := shirt("TS", []string{"红"}, []string{"S"})
		in.ID = id
		_, err := s.Save(ctx, nil, in)
		var inUse *goods.SkuInUseError
		if !errors.As(err, &inUse) || inUse.Code != "TS-白-S" {
			t.Fatalf("removing a SKU on a paid order: %v", err)
		}
		if err := s.Delete(ctx, nil, []int64{id}, "admin"); !errors.As(err, &inUse) {
			t.Fatalf("deleting goods with a SKU on a paid order: %v", err)
		}
		g.Model(&o).Update("status", order.Shipped)
		must(s.Save(ctx, nil, in))
		if err := s.Delete(ctx, nil, []int64{id}, "admin"); err != nil {
			t.Fatal(err)
		}
		var left, written int64
		g.Model(&goods.Sku{}).Where("goods_id = ?", id).Count(&left)
		g.Model(&stock.Entry{}).Where("goods_id = ? AND reason = ?", id, stock.ManualOut).Count(&written)
		if left != 0 || written != 2 {
			t.Fatalf("after deleting: %d SKUs left, %d write-outs (want 0, 2)", left, written)
		}
	})
}

// TestSkuScope: a channel operator's saves are their agency's SKUs, and another agency's goods
// cannot be edited from their scope.
func TestSkuScope(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _, must := newService(t, g)
		seven, eight := ptr(int64(7)), ptr(int64(8))
		in := shirt("S7", []string{"红"}, []string{"S", "M"})
		in.AgencyID = eight // ignored inside a scope
		mine := must(s.Save(ctx, seven, in))
		for _, k := range skusOf(t, g, mine) {
			if k.ScopeID != 7 {
				t.Fatalf("SKU %s in scope %d, want 7", k.Code, k.ScopeID)
			}
		}
		in.ID = mine
		in.Skus[0].Stock = 0
		_, err := s.Save(ctx, eight, in)
		wantErr(t, "editing another agency's goods", err, goods.ErrNotFound)
		if _, _, err := s.Detail(ctx, eight, mine); !errors.Is(err, goods.ErrNotFound) {
			t.Fatalf("another agency reads the SKUs: %v", err)
		}
		if k := skusOf(t, g, mine); k[0].Stock != 10 {
			t.Fatalf("another agency's edit moved the stock to %d", k[0].Stock)
		}
		// Moved to the shop by staff: the SKUs follow to scope 0.
		in.AgencyID = nil
		must(s.Save(ctx, nil, in))
		if k := skusOf(t, g, mine); k[0].ScopeID != 0 || k[0].Stock != 0 {
			t.Fatalf("after the move: %+v", k[0])
		}
		ledgerAddsUp(t, g)
	})
}
