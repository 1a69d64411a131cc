package stock_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/stock"
)

// channelSku is sku for a channel agency's goods (scope agencyID).
func channelSku(t *testing.T, g *gorm.DB, agencyID int64, code string, units int64) int64 {
	t.Helper()
	id := sku(t, g, code, units)
	g.Exec("UPDATE goods SET agency_id = ? WHERE code = ?", agencyID, code)
	g.Exec("UPDATE goods_skus SET scope_id = ? WHERE id = ?", agencyID, id)
	g.Exec("UPDATE stock_ledger SET scope_id = ? WHERE sku_id = ?", agencyID, id)
	return id
}

func stockOf(t *testing.T, g *gorm.DB, id int64) int64 {
	t.Helper()
	var left, sum int64
	g.Raw("SELECT stock FROM goods_skus WHERE id = ?", id).Scan(&left)
	g.Raw("SELECT COALESCE(SUM(delta), 0) FROM stock_ledger WHERE sku_id = ?", id).Scan(&sum)
	if left != sum {
		t.Fatalf("SKU %d: stock %d, ledger sum %d", id, left, sum)
	}
	return left
}

func TestAdjust(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s := stock.NewService(stock.NewStore(g), time.Now)
		id := sku(t, g, "A-1", 5)
		e, err := s.Adjust(ctx, nil, "admin", stock.AdjustInput{SkuID: id, Type: stock.AdjustIn, Quantity: 7, Reason: "到货"})
		if err != nil || e.Delta != 7 || e.Balance != 12 || e.Reason != stock.ManualIn || e.Note != "到货" || e.Operator != "admin" ||
			e.SkuCode != "A-1" || e.ID == 0 {
			t.Fatalf("in: %+v %v", e, err)
		}
		_, err = s.Adjust(ctx, nil, "admin", stock.AdjustInput{SkuID: id, Type: stock.AdjustOut, Quantity: 13, Reason: "破损"})
		var short *stock.ShortError
		if !errors.As(err, &short) || short.Available != 12 {
			t.Fatalf("out beyond stock: %v", err)
		}
		if e, err = s.Adjust(ctx, nil, "admin", stock.AdjustInput{SkuID: id, Type: stock.AdjustOut, Quantity: 2, Reason: "破损"}); err != nil ||
			e.Delta != -2 || e.Balance != 10 || e.Reason != stock.ManualOut {
			t.Fatalf("out: %+v %v", e, err)
		}
		if e, err = s.Adjust(ctx, nil, "admin", stock.AdjustInput{SkuID: id, Type: stock.AdjustStocktake, Quantity: 4, Reason: "月末盘点"}); err != nil ||
			e.Delta != -6 || e.Balance != 4 || e.Reason != stock.Stocktake {
			t.Fatalf("stocktake down: %+v %v", e, err)
		}
		if e, err = s.Adjust(ctx, nil, "admin", stock.AdjustInput{SkuID: id, Type: stock.AdjustStocktake, Quantity: 0, Reason: "清点"}); err != nil ||
			e.Delta != -4 || e.Balance != 0 {
			t.Fatalf("stocktake to zero: %+v %v", e, err)
		}
		_, err = s.Adjust(ctx, nil, "admin", stock.AdjustInput{SkuID: id, Type: stock.AdjustStocktake, Quantity: 0, Reason: "再点"})
		if !errors.Is(err, stock.ErrSameCount) {
			t.Fatalf("a stocktake finding the stock: %v", err)
		}
		if stockOf(t, g, id) != 0 {
			t.Fatal("stock after the adjustments")
		}
		_, err = s.Adjust(ctx, nil, "admin", stock.AdjustInput{SkuID: 999999, Type: stock.AdjustIn, Quantity: 1, Reason: "x"})
		if !errors.Is(err, stock.ErrNoSku) {
			t.Fatalf("no such SKU: %v", err)
		}

		// a channel operator adjusts their agency's SKUs only, and lists only their rows
		mine, theirs := channelSku(t, g, 7, "C7-1", 3), channelSku(t, g, 8, "C8-1", 3)
		seven := int64(7)
		if _, err := s.Adjust(ctx, &seven, "ch7", stock.AdjustInput{SkuID: mine, Type: stock.AdjustIn, Quantity: 1, Reason: "补货"}); err != nil {
			t.Fatal(err)
		}
		for _, other := range []int64{theirs, id} {
			_, err = s.Adjust(ctx, &seven, "ch7", stock.AdjustInput{SkuID: other, Type: stock.AdjustIn, Quantity: 1, Reason: "补货"})
			if !errors.Is(err, stock.ErrNoSku) {
				t.Fatalf("another seller's SKU: %v", err)
			}
		}
		if stockOf(t, g, theirs) != 3 || stockOf(t, g, mine) != 4 {
			t.Fatal("stock of the channels' SKUs")
		}
		rows, n, err := s.List(ctx, stock.Query{Scope: &seven, Limit: 10})
		if err != nil || n != 2 || len(rows) != 2 || rows[0].Reason != stock.ManualIn || rows[1].Reason != stock.Opening {
			t.Fatalf("channel ledger: %d %+v %v", n, rows, err)
		}
		rows, n, err = s.List(ctx, stock.Query{SkuCode: "A-1", Reason: stock.Stocktake, Limit: 1})
		if err != nil || n != 2 || len(rows) != 1 || rows[0].Delta != -4 {
			t.Fatalf("by code and reason: %d %+v %v", n, rows, err)
		}
		rows, n, err = s.List(ctx, stock.Query{Operator: "ch", Limit: 10})
		if err != nil || n != 1 || rows[0].Operator != "ch7" {
			t.Fatalf("by operator: %d %+v %v", n, rows, err)
		}
		skus, err := s.FindSkus(ctx, &seven, "C", 20)
		if err != nil || len(skus) != 1 || skus[0].Code != "C7-1" || skus[0].Stock != 4 {
			t.Fatalf("picker: %+v %v", skus, err)
		}
	})
}
