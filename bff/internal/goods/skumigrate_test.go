package goods_test

import (
	"context"
	"strings"
	"testing"

	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/schema"
	"mallconsole/bff/internal/stock"
)

// TestSkuMigration: a database of the release before SKUs, with goods written the old way,
// migrates into goods items of one SKU each — same code, price, cost and stock, on sale, the old
// rule (under 10) as the threshold — whose opening ledger rows add up to their stock, with the
// totals unchanged; and the migrated items then edit like any other.
func TestSkuMigration(t *testing.T) {
	for _, backend := range dbtest.Backends() {
		t.Run(backend, func(t *testing.T) {
			t.Parallel()
			g := dbtest.OpenBefore(t, backend, "20261128_20_goods_skus")
			ctx := context.Background()
			now := db.Now()
			old := []struct {
				code        string
				agency      any
				price, cost int64
				stock       int64
				status      string
			}{
				{"OLD-1", nil, 1990, 900, 120, "on_sale"},
				{"OLD-2", 3, 500, 200, 9, "on_sale"}, // low under the old rule
				{"OLD-3", 3, 0, 0, 0, "draft"},
				{"OLD-1", 4, 2500, 1000, 10, "off_sale"}, // another seller's OLD-1
			}
			for _, r := range old {
				if err := g.Exec("INSERT INTO goods (name, code, category, price, cost, stock, status, agency_id, gallery, description, create_time, update_time) "+
					"VALUES ('旧商品', ?, 'digital', ?, ?, ?, ?, ?, '[]', '', ?, ?)", r.code, r.price, r.cost, r.stock, r.status, r.agency, now, now).Error; err != nil {
					t.Fatal(err)
				}
			}
			scan := func(q string, dst ...any) { // q's one parameter, if any, is the opening reason
				t.Helper()
				var args []any
				if strings.Contains(q, "?") {
					args = append(args, stock.Opening)
				}
				if err := g.Raw(q, args...).Row().Scan(dst...); err != nil {
					t.Fatal(err)
				}
			}
			var stockBefore, priceBefore int64
			scan("SELECT SUM(stock), SUM(price) FROM goods", &stockBefore, &priceBefore)
			if _, err := db.Migrate(ctx, g, schema.Migrations()); err != nil {
				t.Fatal(err)
			}
			var gs []goods.Goods
			g.Order("id").Find(&gs)
			var skus []goods.Sku
			g.Order("goods_id").Find(&skus)
			if len(gs) != 4 || len(skus) != 4 {
				t.Fatalf("%d goods with %d SKUs", len(gs), len(skus))
			}
			for i, r := range old {
				x, k := gs[i], skus[i]
				wantScope := int64(0)
				if r.agency != nil {
					wantScope = int64(r.agency.(int))
				}
				if k.GoodsID != x.ID || k.Code != r.code || k.ScopeID != wantScope || int64(k.Price) != r.price ||
					int64(k.Cost) != r.cost || k.Stock != r.stock || k.LowStock != 9 || !k.OnSale || len(k.Specs) != 0 {
					t.Fatalf("SKU of %s: %+v", r.code, k)
				}
				wantLow := int64(0)
				if r.stock <= 9 {
					wantLow = 1
				}
				if x.Stock != r.stock || x.MaxPrice != x.Price || x.LowSkus != wantLow || len(x.Specs) != 0 {
					t.Fatalf("goods %s: %+v", r.code, x)
				}
			}
			var stockAfter, priceAfter, ledger, openings int64
			scan("SELECT SUM(stock), SUM(price) FROM goods", &stockAfter, &priceAfter)
			scan("SELECT COALESCE(SUM(delta), 0), COUNT(*) FROM stock_ledger WHERE reason = ?", &ledger, &openings)
			if stockAfter != stockBefore || priceAfter != priceBefore || ledger != stockBefore || openings != 4 {
				t.Fatalf("stock %d → %d, prices %d → %d, opening rows %d summing %d", stockBefore, stockAfter, priceBefore, priceAfter, openings, ledger)
			}
			ledgerAddsUp(t, g)

			// A migrated item edits the old way and keeps its SKU and ledger.
			s, _, must := newService(t, g)
			in := item("OLD-1")
			in.ID, in.Stock, in.Status = gs[0].ID, 100, goods.OnSale
			must(s.Save(ctx, nil, in))
			var after []goods.Sku
			g.Where("goods_id = ?", gs[0].ID).Find(&after)
			if len(after) != 1 || after[0].ID != skus[0].ID || after[0].Stock != 100 || after[0].LowStock != 9 {
				t.Fatalf("after an edit: %+v", after)
			}
			ledgerAddsUp(t, g)
		})
	}
}
