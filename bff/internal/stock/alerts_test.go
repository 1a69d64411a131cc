package stock_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/notify"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/stock"
)

type recorder struct {
	mu   sync.Mutex
	sent []notify.Message
	to   []notify.Audience
}

func (r *recorder) Send(_ context.Context, to notify.Audience, m notify.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sent, r.to = append(r.sent, m), append(r.to, to)
	return nil
}

func noFence(*gorm.DB) error { return nil }

func move(t *testing.T, g *gorm.DB, id, delta int64) {
	t.Helper()
	if err := g.Transaction(func(tx *gorm.DB) error {
		_, err := stock.Apply(tx, time.Now().UTC(), []stock.Move{{SkuID: id, Delta: delta, Reason: stock.ManualIn, Operator: "test"}})
		return err
	}); err != nil {
		t.Fatal(err)
	}
}

// TestLowAlertMessage: the message names the goods, the stock and the threshold, opens the goods
// and goes to those who adjust stock; a fenced run flags and sends nothing.
func TestLowAlertMessage(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		id := sku(t, g, "LOW-1", 12)
		rec := &recorder{}
		a := stock.NewAlerts(g, rec, nil)
		move(t, g, id, -3)
		lost := errors.New("lost")
		if n, err := a.Run(ctx, 500, func(*gorm.DB) error { return lost }); n != 0 || !errors.Is(err, lost) || len(rec.sent) != 0 {
			t.Fatalf("fenced: %d %v %v", n, err, rec.sent)
		}
		if n, err := a.Run(ctx, 500, noFence); n != 1 || err != nil {
			t.Fatalf("run: %d %v", n, err)
		}
		var goodsID int64
		g.Raw("SELECT goods_id FROM goods_skus WHERE id = ?", id).Scan(&goodsID)
		m := rec.sent[0]
		if m.Type != notify.LowStock || m.Title != "库存预警：LOW-1" || m.Body != "库存 9，预警值 10" ||
			m.Link != fmt.Sprintf("/look?type=goods&id=%d", goodsID) || rec.to[0].Permission != perm.StockAdjust || rec.to[0].AgencyID != nil {
			t.Fatalf("sent %+v to %+v", m, rec.to[0])
		}
	})
}

// TestLowAlertProperty: random sales and refills with job runs between; a SKU is alerted exactly
// when it is at or under its threshold and has not been alerted since it was last above it:
// crossing down → one message, more sales under it → none, refilled above and crossing again →
// one more.
func TestLowAlertProperty(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		const threshold = 10
		ids := []int64{sku(t, g, "PA-1", 15), sku(t, g, "PA-2", 30), sku(t, g, "PA-3", 5)}
		stockOf := map[int64]int64{ids[0]: 15, ids[1]: 30, ids[2]: 5}
		armed := map[int64]bool{ids[0]: true, ids[1]: true, ids[2]: true} // owed an alert when low
		rec := &recorder{}
		a := stock.NewAlerts(g, rec, nil)
		r := rand.New(rand.NewPCG(20261128, 30))
		total := 0
		for step := range 400 {
			if r.IntN(4) == 0 {
				var want int
				for _, id := range ids {
					if stockOf[id] <= threshold && armed[id] {
						want++
						armed[id] = false
					}
				}
				before := len(rec.sent)
				n, err := a.Run(ctx, 500, noFence)
				if err != nil || n != want || len(rec.sent)-before != want {
					t.Fatalf("step %d: run flagged %d sent %d, want %d (%v)", step, n, len(rec.sent)-before, want, err)
				}
				total += want
				continue
			}
			id := ids[r.IntN(len(ids))]
			delta := int64(r.IntN(9) - 4)
			if delta == 0 || stockOf[id]+delta < 0 {
				continue
			}
			move(t, g, id, delta)
			stockOf[id] += delta
			if stockOf[id] > threshold {
				armed[id] = true
			}
		}
		if total < 3 {
			t.Fatalf("only %d alerts in the run: the sequence tested little", total)
		}
	})
}
