package stock_test

import (
	"errors"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/stock"
)

// sku adds a goods row with one SKU holding units, and books them as the opening.
func sku(t *testing.T, g *gorm.DB, code string, units int64) int64 {
	t.Helper()
	now := time.Now().UTC().Truncate(time.Millisecond)
	if err := g.Exec("INSERT INTO goods (name, code, category, price, cost, stock, status, main_picture, gallery, description, create_time, update_time, specs, max_price, low_skus) VALUES (?, ?, '', 100, 50, 0, 'on_sale', '', '[]', '', ?, ?, '[]', 100, 1)",
		code, code, now, now).Error; err != nil {
		t.Fatal(err)
	}
	var goodsID int64
	g.Raw("SELECT id FROM goods WHERE code = ?", code).Scan(&goodsID)
	if err := g.Exec("INSERT INTO goods_skus (goods_id, scope_id, code, barcode, specs, price, cost, stock, low_stock, on_sale, sort, create_time, update_time) VALUES (?, 0, ?, '', '[]', 100, 50, 0, 10, 1, 0, ?, ?)",
		goodsID, code, now, now).Error; err != nil {
		t.Fatal(err)
	}
	var id int64
	g.Raw("SELECT id FROM goods_skus WHERE code = ?", code).Scan(&id)
	if err := g.Transaction(func(tx *gorm.DB) error {
		_, err := stock.Apply(tx, now, []stock.Move{{SkuID: id, Delta: units, Reason: stock.Opening, Operator: "test"}})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return id
}

// TestNoOversell: 50 buyers race for 10 units; exactly 10 get one, the SKU ends at 0, and its
// ledger adds up to its stock.
func TestNoOversell(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		id := sku(t, g, "HOT-1", 10)
		var wg sync.WaitGroup
		var mu sync.Mutex
		won, short := 0, 0
		for i := 0; i < 50; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := db.Retry(t.Context(), 5, func() error {
					return g.Transaction(func(tx *gorm.DB) error {
						_, err := stock.Apply(tx, time.Now().UTC(), []stock.Move{{SkuID: id, Delta: -1, Reason: stock.OrderReserve, Operator: "test"}})
						return err
					})
				})
				var se *stock.ShortError
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					won++
				case errors.As(err, &se):
					short++
				default:
					t.Errorf("take: %v", err)
				}
			}()
		}
		wg.Wait()
		var left, sum, goodsStock, low int64
		g.Raw("SELECT stock FROM goods_skus WHERE id = ?", id).Scan(&left)
		g.Raw("SELECT COALESCE(SUM(delta), 0) FROM stock_ledger WHERE sku_id = ?", id).Scan(&sum)
		g.Raw("SELECT stock FROM goods WHERE code = 'HOT-1'").Scan(&goodsStock)
		g.Raw("SELECT low_skus FROM goods WHERE code = 'HOT-1'").Scan(&low)
		if won != 10 || short != 40 || left != 0 || sum != 0 || goodsStock != 0 || low != 1 {
			t.Fatalf("won %d short %d, stock %d, ledger sum %d, goods stock %d, low %d; want 10 40 0 0 0 1", won, short, left, sum, goodsStock, low)
		}
	})
}

// TestLineMovesOnce: the same line key cannot release twice.
func TestLineMovesOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		id := sku(t, g, "L-1", 5)
		release := func() error {
			return g.Transaction(func(tx *gorm.DB) error {
				_, err := stock.Apply(tx, time.Now().UTC(), []stock.Move{{SkuID: id, Delta: 2, Reason: stock.OrderRelease, LineKey: "release:1:1"}})
				return err
			})
		}
		if err := release(); err != nil {
			t.Fatal(err)
		}
		if err := release(); !errors.Is(err, stock.ErrOnce) {
			t.Fatalf("second release: %v, want ErrOnce", err)
		}
		var left int64
		g.Raw("SELECT stock FROM goods_skus WHERE id = ?", id).Scan(&left)
		if left != 7 {
			t.Fatalf("stock %d, want 7", left)
		}
	})
}
