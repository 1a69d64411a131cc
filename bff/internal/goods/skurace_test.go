package goods_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/stock"
)

// TestEditBesideOrders: edits of an item (prices, thresholds, counted stock) while orders take
// its SKUs' units neither deadlock for good (an edit locks as stock.Apply does, and runs again
// when InnoDB gives it up) nor let the ledger, the SKUs and the item's totals part.
func TestEditBesideOrders(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _, must := newService(t, g)
		id := must(s.Save(ctx, nil, shirt("RACE", []string{"红", "白"}, []string{"S", "M", "L"})))
		skus := skusOf(t, g, id)
		var wg sync.WaitGroup
		errs := make(chan error, 100)
		for i := range 30 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				a, b := skus[i%len(skus)].ID, skus[(i*7+3)%len(skus)].ID
				err := db.Retry(ctx, 5, func() error {
					return g.Transaction(func(tx *gorm.DB) error {
						_, err := stock.Apply(tx, time.Now().UTC(), []stock.Move{
							{SkuID: a, Delta: -1, Reason: stock.OrderReserve, Operator: "system"},
							{SkuID: b, Delta: -1, Reason: stock.OrderReserve, Operator: "system"}})
						return err
					})
				})
				var short *stock.ShortError
				if err != nil && !errors.As(err, &short) {
					errs <- err
				}
			}()
		}
		for i := range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				in := shirt("RACE", []string{"红", "白"}, []string{"S", "M", "L"})
				in.ID = id
				for k := range in.Skus {
					in.Skus[k].Price += money.Fen(100 * i)
					in.Skus[k].LowStock = int64(i)
					in.Skus[k].Stock = int64(8 + i)
				}
				if _, err := s.Save(ctx, nil, in); err != nil {
					errs <- err
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		if after := skusOf(t, g, id); len(after) != len(skus) || after[0].ID != skus[0].ID {
			t.Fatalf("the edits replaced SKUs: %+v", after)
		}
		ledgerAddsUp(t, g)
	})
}
