package stock

import (
	"errors"
	"fmt"
	"maps"
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

// Holding is what a caller's transaction holds locked already (SELECT … FOR UPDATE, or rows it
// inserted), so that Apply need not read or write it.
type Holding struct {
	// Skus are SKUs as they are now, by id: Apply works out their balances instead of reading
	// the rows back after the move.
	Skus map[int64]Held
	// Totals: the caller writes the goods rows' stock and low_skus itself (it knows what they
	// become), or deletes the rows.
	Totals bool
}

// Held is a SKU a caller holds locked, as it is now.
type Held struct {
	GoodsID  int64
	ScopeID  int64
	Code     string
	Stock    int64
	LowStock int64
	OnSale   bool
}

// skuRow is a SKU as a move left it.
type skuRow struct {
	ID int64
	Held
}

// Apply makes moves inside tx, the caller's transaction: every SKU changes by a conditional
// update that refuses to go below zero, the goods' total stock and count of low SKUs follow, and
// a ledger row per move records the balance after it. Rows are locked in one order (SKUs by id,
// then goods by id) so that two transactions cannot wait on each other. Any error leaves the
// caller to roll back: a *ShortError, ErrNoSku, ErrOnce.
func Apply(tx *gorm.DB, now time.Time, moves []Move) ([]Entry, error) {
	return ApplyHeld(tx, now, moves, Holding{})
}

// ApplyHeld is Apply for a caller that holds rows locked already: a move of a held SKU is one
// statement, not two, and with Totals the goods rows are left to the caller.
func ApplyHeld(tx *gorm.DB, now time.Time, moves []Move, held Holding) ([]Entry, error) {
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
		// A move that lifts the SKU above its threshold clears its low-stock alert, so that the
		// next fall under it is alerted again. The flag is set first: MySQL assigns left to
		// right, SQLite from the old row, and stock + ? is the new stock in both.
		res := tx.Exec("UPDATE goods_skus SET low_alerted = CASE WHEN stock + ? > low_stock THEN ? ELSE low_alerted END, "+
			"stock = stock + ?, update_time = ? WHERE id = ? AND stock + ? >= 0",
			m.Delta, false, m.Delta, now, m.SkuID, m.Delta)
		if res.Error != nil {
			return nil, res.Error
		}
		sku, err := after(tx, m, held.Skus, applied[m.SkuID], res.RowsAffected > 0)
		if err != nil {
			return nil, err
		}
		if res.RowsAffected == 0 {
			// the whole call rolls back, so what is available is the stock before it
			return nil, &ShortError{SkuID: sku.ID, Code: sku.Code, Available: sku.Stock - applied[sku.ID]}
		}
		applied[sku.ID] += m.Delta
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
	if !held.Totals {
		ids := slices.Sorted(maps.Keys(goods))
		for _, id := range ids {
			d := goods[id]
			if err := tx.Exec("UPDATE goods SET stock = stock + ?, low_skus = low_skus + ? WHERE id = ?", d.stock, d.low, id).Error; err != nil {
				return nil, err
			}
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

// after is m's SKU as m left it (moved: the update took effect), earlier moves of the call
// having changed it by applied: worked out for a held SKU, read back for any other.
func after(tx *gorm.DB, m Move, held map[int64]Held, applied int64, moved bool) (skuRow, error) {
	if h, ok := held[m.SkuID]; ok {
		sku := skuRow{ID: m.SkuID, Held: h}
		sku.Stock += applied
		if moved {
			sku.Stock += m.Delta
		}
		return sku, nil
	}
	var sku skuRow
	err := tx.Table("goods_skus").Select("id", "goods_id", "scope_id", "code", "stock", "low_stock", "on_sale").
		Where("id = ?", m.SkuID).Take(&sku).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return sku, ErrNoSku
	}
	return sku, err
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
