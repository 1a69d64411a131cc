package stock

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"gorm.io/gorm"
)

// Move is one change to apply: Delta units to SkuID (negative takes).
type Move struct {
	SkuID    int64
	Delta    int64
	Reason   string
	OrderNo  string
	LineKey  string // "" for none; otherwise the change happens once for this key, ever
	Operator string
	Note     string
}

// ShortError: a move would take more than a SKU holds. Nothing of the moves was applied;
// Available is the SKU's stock before them.
type ShortError struct {
	SkuID     int64
	Code      string
	Available int64
}

func (e *ShortError) Error() string {
	return fmt.Sprintf("stock: SKU %s has %d", e.Code, e.Available)
}

var (
	ErrNoSku   = errors.New("stock: no such SKU")
	ErrOnce    = errors.New("stock: this line was already moved") // a LineKey taken
	ErrNoDelta = errors.New("stock: a move of zero units")
)

// skuRow is what a move reads back from the SKU it changed.
type skuRow struct {
	ID       int64
	GoodsID  int64
	ScopeID  int64
	Code     string
	Stock    int64
	LowStock int64
	OnSale   bool
	// LowAlerted: the low-stock alert was sent and the SKU has not been above its threshold since
	// (alerts.go).
	LowAlerted bool
}

// Apply makes moves inside tx, the caller's transaction: every SKU changes by a conditional
// update that refuses to go below zero, the goods' total stock and count of low SKUs follow, and
// a ledger row per move records the balance after it. Rows are locked in one order (SKUs by id,
// then goods by id) so that two transactions cannot wait on each other. Any error leaves the
// caller to roll back: a *ShortError, ErrNoSku, ErrOnce.
func Apply(tx *gorm.DB, now time.Time, moves []Move) ([]Entry, error) {
	ordered := slices.Clone(moves)
	slices.SortStableFunc(ordered, func(a, b Move) int { return compare(a.SkuID, b.SkuID) })
	type goodsDelta struct{ stock, low int64 }
	goods := map[int64]*goodsDelta{}
	applied := map[int64]int64{} // what earlier moves of this call did to each SKU
	entries := make([]Entry, 0, len(ordered))
	for _, m := range ordered {
		if m.Delta == 0 {
			return nil, ErrNoDelta
		}
		res := tx.Exec("UPDATE goods_skus SET stock = stock + ?, update_time = ? WHERE id = ? AND stock + ? >= 0",
			m.Delta, now, m.SkuID, m.Delta)
		if res.Error != nil {
			return nil, res.Error
		}
		var sku skuRow
		err := tx.Table("goods_skus").Select("id", "goods_id", "scope_id", "code", "stock", "low_stock", "on_sale", "low_alerted").
			Where("id = ?", m.SkuID).Take(&sku).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, ErrNoSku
		}
		if err != nil {
			return nil, err
		}
		if res.RowsAffected == 0 {
			// the whole call rolls back, so what is available is the stock before it
			return nil, &ShortError{SkuID: sku.ID, Code: sku.Code, Available: sku.Stock - applied[sku.ID]}
		}
		applied[sku.ID] += m.Delta
		if sku.LowAlerted && sku.Stock > sku.LowStock {
			// refilled above the threshold: the next fall under it is alerted again
			if err := tx.Exec("UPDATE goods_skus SET low_alerted = ? WHERE id = ?", false, sku.ID).Error; err != nil {
				return nil, err
			}
		}
		d := goods[sku.GoodsID]
		if d == nil {
			d = &goodsDelta{}
			goods[sku.GoodsID] = d
		}
		d.stock += m.Delta
		if sku.OnSale {
			d.low += low(sku.Stock, sku.LowStock) - low(sku.Stock-m.Delta, sku.LowStock)
		}
		e := Entry{SkuID: sku.ID, GoodsID: sku.GoodsID, ScopeID: sku.ScopeID, SkuCode: sku.Code, Delta: m.Delta,
			Balance: sku.Stock, Reason: m.Reason, OrderNo: m.OrderNo, Operator: m.Operator, Note: m.Note, CreateTime: now}
		if m.LineKey != "" {
			key := m.LineKey
			e.LineKey = &key
		}
		entries = append(entries, e)
	}
	ids := make([]int64, 0, len(goods))
	for id := range goods {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		d := goods[id]
		if err := tx.Exec("UPDATE goods SET stock = stock + ?, low_skus = low_skus + ? WHERE id = ?", d.stock, d.low, id).Error; err != nil {
			return nil, err
		}
	}
	if len(entries) > 0 {
		err := tx.Create(&entries).Error
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return nil, ErrOnce
		}
		if err != nil {
			return nil, err
		}
	}
	return entries, nil
}

// low is 1 when stock is at or under the threshold (库存预警), else 0.
func low(stock, threshold int64) int64 {
	if stock <= threshold {
		return 1
	}
	return 0
}

func compare(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
