package dashboard_test

import (
	"context"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/platform/dbtest"
)

// TestLowStockPerSku: 库存预警 counts goods on sale with a SKU at or under its own threshold —
// 15 units is low against 20, 5 is not against 3 — per goods item however many of its SKUs are
// low, inside the scope, and follows the goods' edits.
func TestLowStockPerSku(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s := newShop(t, g)
		s.clk.to("2026-11-20 10:00")
		seven := int64(7)
		save := func(id int64, code string, agency *int64, thresholds, stocks []int64) int64 {
			t.Helper()
			in := goods.Input{ID: id, Name: code, Code: code, Category: "digital", Status: goods.OnSale, AgencyID: agency,
				Specs: []goods.Spec{{Name: "颜色", Values: []string{"红", "白"}}}}
			for i, c := range []string{"红", "白"} {
				in.Skus = append(in.Skus, goods.SkuInput{Code: code + c, Specs: []string{c}, Price: 100, Stock: stocks[i],
					LowStock: thresholds[i], OnSale: true})
			}
			got, err := s.goods.Save(ctx, nil, in)
			if err != nil {
				t.Fatal(err)
			}
			return got
		}
		a := save(0, "A", nil, []int64{20, 20}, []int64{15, 15}) // both SKUs low: one goods item
		b := save(0, "B", nil, []int64{3, 3}, []int64{5, 50})    // none
		save(0, "C", &seven, []int64{10, 10}, []int64{0, 99})    // agency 7's
		low := func(scope *int64) int64 { return s.overview(scope, "2026-11-20", "2026-11-20").LowStock }
		if all, mine := low(nil), low(&seven); all != 2 || mine != 1 {
			t.Fatalf("low stock: %d, agency 7: %d; want 2 and 1", all, mine)
		}
		save(a, "A", nil, []int64{20, 20}, []int64{30, 30})
		save(b, "B", nil, []int64{5, 3}, []int64{5, 50})
		if all := low(nil); all != 2 {
			t.Fatalf("after restocking A and raising B's threshold: %d, want 2 (B and C)", all)
		}
	})
}
