package dashboard_test

import (
	"context"
	"fmt"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/dashboard"
	"mallconsole/bff/internal/platform/dbtest"
)

// TestTopFromDailyBest: the ranking from each day's 20 best sellers is exact while the leaders
// outsell what any goods outside those lists could have sold, and says so when it cannot be.
func TestTopFromDailyBest(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		s := newShop(t, g)
		days := []string{"2026-11-01", "2026-11-02", "2026-11-03"}
		put := func(shift int64, sales func(goods int64) int64) {
			t.Helper()
			g.Exec("DELETE FROM dashboard_goods_day")
			var rows []dashboard.GoodsDay
			for i, d := range days {
				for goods := int64(1); goods <= 80; goods++ {
					id := goods + shift*int64(i) // shift > 0: different goods every day
					rows = append(rows, dashboard.GoodsDay{Day: d, AgencyKey: dashboard.AllAgencies, GoodsID: id,
						GoodsName: fmt.Sprint("商品", id), Quantity: 1, Sales: sales(goods)})
				}
			}
			if err := g.CreateInBatches(rows, 100).Error; err != nil {
				t.Fatal(err)
			}
		}
		rank := func() dashboard.Overview {
			p, err := s.dash.NewPeriod(date(days[0]), date(days[2]))
			if err != nil {
				t.Fatal(err)
			}
			o, err := s.dash.Overview(context.Background(), nil, p)
			if err != nil {
				t.Fatal(err)
			}
			return o
		}
		// Ten best-sellers (goods 1..10) far above 70 small ones: exact, 1..10 in order.
		put(0, func(goods int64) int64 {
			if goods <= 10 {
				return 100_000 - goods
			}
			return goods
		})
		o := rank()
		if !o.TopExact || len(o.Top) != 10 || o.Top[0].GoodsID != 1 || o.Top[9].GoodsID != 10 || o.Top[0].Sales != 3*99_999 {
			t.Fatalf("best-sellers: exact %v %+v", o.TopExact, o.Top)
		}
		// 80 goods a day, different each day, all alike: a goods ranked 21st every day could
		// outsell the candidates, so the ranking says it is not proven.
		put(80, func(int64) int64 { return 500 })
		if o := rank(); o.TopExact || len(o.Top) != 10 {
			t.Fatalf("flat sales: exact %v %+v", o.TopExact, o.Top)
		}
	})
}
