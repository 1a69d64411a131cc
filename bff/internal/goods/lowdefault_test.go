package goods_test

import (
	"context"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/initsetup"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/dbtest"
)

// TestLowStockDefault: a SKU saved without a threshold takes 订单设置's default low-stock
// threshold; one given keeps its own.
func TestLowStockDefault(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _, must := newService(t, g)
		rules := order.NewRules(initsetup.NewStore(g))
		if _, err := rules.Put(ctx, order.Settings{UnpaidCloseMinutes: 30, CompleteAfterDays: 15, AfterSaleDays: 7, LowStockDefault: 3, ShipmentFixHours: 24}); err != nil {
			t.Fatal(err)
		}
		s.UseDefaults(rules)
		id := must(s.Save(ctx, nil, item("LD-1")))
		given := item("LD-2")
		given.Specs = []goods.Spec{{Name: "颜色", Values: []string{"红"}}}
		given.Skus = []goods.SkuInput{{Code: "LD-2-R", Specs: []string{"红"}, Price: 100, Stock: 1, LowStock: 8, OnSale: true}}
		id2 := must(s.Save(ctx, nil, given))
		var low, low2 int64
		g.Raw("SELECT low_stock FROM goods_skus WHERE goods_id = ?", id).Scan(&low)
		g.Raw("SELECT low_stock FROM goods_skus WHERE goods_id = ?", id2).Scan(&low2)
		if low != 3 || low2 != 8 {
			t.Fatalf("thresholds %d and %d, want 3 and 8", low, low2)
		}
	})
}
