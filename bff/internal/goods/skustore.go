package goods

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/stock"
)

// SkuCodeTakenError is ErrCodeConflict for a SKU code: another goods item of the same seller has
// it. It names the code, so that the answer can name it too.
type SkuCodeTakenError struct{ Code string }

func (e *SkuCodeTakenError) Error() string        { return "goods: SKU code " + e.Code + " taken" }
func (e *SkuCodeTakenError) Is(target error) bool { return target == ErrCodeConflict }

// openOrderStatuses are the order statuses (package order's unpaid and paid) in which an order
// can still give its units back to a SKU: closing an unpaid order releases them, refunding a paid
// one before shipment restores them. Such a SKU cannot be removed. Written out here because
// package order sits above goods.
var openOrderStatuses = []string{"unpaid", "paid"}

// saveAttempts is how many times a save runs when InnoDB gives it up for a deadlock (an order
// taking stock of the same SKUs at that moment).
const saveAttempts = 3

// scopeOf is the seller that SKU codes are unique within: the agency, 0 for the shop's own.
func scopeOf(agencyID *int64) int64 {
	if agencyID == nil {
		return 0
	}
	return *agencyID
}

// Skus returns the SKUs of the goods, by goods and then in each item's order.
func (s *Store) Skus(ctx context.Context, goodsIDs []int64) ([]Sku, error) {
	out := []Sku{}
	if len(goodsIDs) == 0 {
		return out, nil
	}
	err := s.db.WithContext(ctx).Where("goods_id IN ?", goodsIDs).Order("goods_id, sort, id").Find(&out).Error
	return out, err
}

// Create adds g and its SKUs in one transaction. Each SKU starts empty and its stock is booked
// as its opening (stock.Apply), so its ledger adds up from the first row; g's stock, price range
// and count of low SKUs follow from its SKUs. A taken code is a *CodeTakenError (the goods
// item's) or a *SkuCodeTakenError.
func (s *Store) Create(ctx context.Context, g *Goods, skus []SkuInput, operator string) error {
	defer s.forget()
	return db.Retry(ctx, saveAttempts, func() error {
		// The row is written with the totals its SKUs will have (stock.Apply is told to leave them).
		g.ID = 0
		g.Stock, g.LowSkus = totals(skus)
		return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			// The item's code first: for goods without specs the SKU has the same code.
			if err := codeTaken(tx.Create(g).Error, g.Code); err != nil {
				return err
			}
			if err := codesFree(tx, scopeOf(g.AgencyID), g.ID, skus); err != nil {
				return err
			}
			if err := s.claimPictures(tx, g); err != nil {
				return err
			}
			var moves []stock.Move
			held := map[int64]stock.Held{} // a row this transaction inserted is locked by it
			for i, k := range skus {
				id, err := insertSku(tx, g, k, i)
				if err != nil {
					return err
				}
				held[id] = stock.Held{GoodsID: g.ID, ScopeID: scopeOf(g.AgencyID), Code: k.Code, LowStock: k.LowStock, OnSale: k.OnSale}
				if k.Stock > 0 {
					moves = append(moves, stock.Move{SkuID: id, Delta: k.Stock, Reason: stock.Opening, Operator: operator})
				}
			}
			if err := apply(tx, g.UpdateTime, moves, stock.Holding{Skus: held, Totals: true}); err != nil {
				return err
			}
			if g.Status != OnSale {
				return nil
			}
			return s.tell(tx, []SaleChange{{GoodsID: g.ID, AgencyID: g.AgencyID, OnSale: true, At: g.UpdateTime}})
		})
	})
}

// Update writes every field of g but its creation time, stock and listing time (kept, or now
// when it goes on sale), and makes its SKUs skus: a SKU sent with its id, or without one but with
// the combination of an existing SKU, keeps its id and its ledger; a changed stock is booked as a
// stocktake (the number sent is the counted one). SKUs not sent are removed: what they hold is
// written out (manual_out) and their ledger rows stay, read by their code; a SKU on an open order
// refuses (*SkuInUseError). Rows are locked as stock.Apply locks them — SKUs, then the goods row —
// and a deadlock with an order runs the edit again. keptOnly: g's category is disabled and is
// allowed only if the row has it already (checkCategory). The answer is the row as the edit found
// and left it.
func (s *Store) Update(ctx context.Context, scope *int64, g *Goods, skus []SkuInput, operator string,
	keptOnly bool) (Edit, error) {
	// Lists forget only what the edit can have changed: an edit of stock alone keeps the totals
	// of every filter but the low-stock one, and the pages of every order but by stock.
	e := edit{filters: true, price: true}
	defer func() { s.forgetEdit(e) }()
	var seen Edit
	err := db.Retry(ctx, saveAttempts, func() error {
		return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			var err error
			if seen, err = lockForEdit(tx, scope, g.ID); err != nil {
				return err
			}
			was := saleOf(seen.Before)
			if keptOnly && was.Category != g.Category {
				return ErrCategoryDisabled
			}
			e = was.edited(g)
			g.GroundingTime = was.GroundingTime
			if g.Status == OnSale && was.Status != OnSale {
				listed := g.UpdateTime
				g.GroundingTime = &listed
			}
			skus, err := legacySku(skus, seen.BeforeSkus)
			if err != nil {
				return err
			}
			// The row holds the totals of its SKUs as the edit leaves them: a SKU's stock becomes
			// the number sent, so they are known before the SKUs are written (stock.Apply is told
			// to leave them). UpdateColumns: the update time is the edit's, as on its SKUs and
			// ledger rows, not gorm's clock (Updates would set its own).
			g.Stock, g.LowSkus = totals(skus)
			err = tx.Model(&Goods{ID: g.ID}).Select("name", "code", "category", "specs", "price", "max_price", "cost",
				"stock", "low_skus", "status", "grounding_time", "agency_id", "main_picture", "gallery", "description",
				"update_time").UpdateColumns(g).Error
			if err := codeTaken(err, g.Code); err != nil {
				return err
			}
			if err := s.claimPictures(tx, g); err != nil {
				return err
			}
			after, err := s.saveSkus(tx, g, seen.BeforeSkus, skus, operator)
			if err != nil {
				return err
			}
			seen.After, seen.AfterSkus = *g, after
			seen.After.CreateTime = seen.Before.CreateTime
			return s.tell(tx, saleMoves(was, g))
		})
	})
	return seen, err
}

// legacySku: a body of before SKUs edits only what it knows of the item's one SKU without specs
// (its stock, price and cost); other bodies are skus as sent.
func legacySku(skus []SkuInput, old []Sku) ([]SkuInput, error) {
	if len(skus) != 1 || !skus[0].legacy || len(old) == 0 {
		return skus, nil
	}
	if len(old) != 1 || len(old[0].Specs) != 0 {
		return nil, &InvalidError{Field: "skus", Reason: "这个商品有规格，请逐个SKU填写"}
	}
	k := skus[0]
	k.Barcode, k.LowStock, k.OnSale = old[0].Barcode, old[0].LowStock, old[0].OnSale
	return []SkuInput{k}, nil
}

// totals are the stock and the count of on-sale SKUs at or under their threshold of goods whose
// SKUs are skus.
func totals(skus []SkuInput) (units, low int64) {
	for _, k := range skus {
		units += k.Stock
		if k.OnSale && k.Stock <= k.LowStock {
			low++
		}
	}
	return units, low
}

// saveSkus turns the locked SKUs old of g into skus inside tx (Update) and answers them as
// saved, in the dialog's order. The goods' totals are the caller's to write.
func (s *Store) saveSkus(tx *gorm.DB, g *Goods, old []Sku, skus []SkuInput, operator string) ([]Sku, error) {
	match, err := matchSkus(old, skus)
	if err != nil {
		return nil, err
	}
	var removed []Sku
	for _, o := range old {
		if _, kept := match.kept[o.ID]; !kept {
			removed = append(removed, o)
		}
	}
	if err := removeSkus(tx, removed, g.UpdateTime, operator, "商品编辑：删除SKU"); err != nil {
		return nil, err
	}
	scopeID := scopeOf(g.AgencyID)
	byID := map[int64]Sku{}
	for _, o := range old {
		byID[o.ID] = o
	}
	// A kept SKU's own code in the same scope is known free: only new and changed codes are asked.
	var asked []SkuInput
	for i, k := range skus {
		if o, kept := byID[match.ids[i]]; !kept || o.Code != k.Code || o.ScopeID != scopeID {
			asked = append(asked, k)
		}
	}
	if err := codesFree(tx, scopeID, g.ID, asked); err != nil {
		return nil, err
	}
	// Codes that change move aside first: two SKUs of the item may swap theirs.
	for _, o := range old {
		if i, kept := match.kept[o.ID]; kept && (o.Code != skus[i].Code || o.ScopeID != scopeID) {
			if err := tx.Model(&Sku{}).Where("id = ?", o.ID).Update("code", "\x01"+strconv.FormatInt(o.ID, 10)).Error; err != nil {
				return nil, err
			}
		}
	}
	var moves []stock.Move
	held := map[int64]stock.Held{}
	after := make([]Sku, len(skus))
	for i, k := range skus {
		id := match.ids[i]
		a := Sku{ID: id, GoodsID: g.ID, ScopeID: scopeID, Code: k.Code, Barcode: k.Barcode, Specs: nonNil(k.Specs),
			Price: k.Price, Cost: k.Cost, Stock: k.Stock, LowStock: k.LowStock, OnSale: k.OnSale, Sort: i,
			CreateTime: g.UpdateTime, UpdateTime: g.UpdateTime}
		h := stock.Held{GoodsID: g.ID, ScopeID: scopeID, Code: k.Code, LowStock: k.LowStock, OnSale: k.OnSale}
		if id == 0 {
			if a.ID, err = insertSku(tx, g, k, i); err != nil {
				return nil, err
			}
			after[i], held[a.ID] = a, h
			if k.Stock > 0 {
				moves = append(moves, stock.Move{SkuID: a.ID, Delta: k.Stock, Reason: stock.Opening, Operator: operator})
			}
			continue
		}
		o := byID[id]
		wrote, err := updateSku(tx, o, k, scopeID, i, g.UpdateTime)
		if err != nil {
			return nil, err
		}
		h.Stock, a.CreateTime = o.Stock, o.CreateTime
		d := k.Stock - o.Stock
		if !wrote && d == 0 {
			a.UpdateTime = o.UpdateTime
		}
		after[i], held[id] = a, h
		if d != 0 {
			moves = append(moves, stock.Move{SkuID: id, Delta: d, Reason: stock.Stocktake, Operator: operator, Note: "商品编辑"})
		}
	}
	return after, apply(tx, g.UpdateTime, moves, stock.Holding{Skus: held, Totals: true})
}

// updateSku writes k over the locked SKU o as the sort-th of its goods, unless nothing of it
// changes (wrote false; the stock is not written here: it moves through the ledger).
func updateSku(tx *gorm.DB, o Sku, k SkuInput, scopeID int64, sort int, now time.Time) (wrote bool, err error) {
	specs := nonNil(k.Specs)
	if o.ScopeID == scopeID && o.Code == k.Code && o.Barcode == k.Barcode && slices.Equal(nonNil(o.Specs), specs) &&
		o.Price == k.Price && o.Cost == k.Cost && o.LowStock == k.LowStock && o.OnSale == k.OnSale && o.Sort == sort {
		return false, nil
	}
	text, err := json.Marshal(specs)
	if err != nil {
		return false, err
	}
	err = tx.Model(&Sku{}).Where("id = ?", o.ID).Updates(map[string]any{"scope_id": scopeID, "code": k.Code,
		"barcode": k.Barcode, "specs": string(text), "price": k.Price, "cost": k.Cost, "low_stock": k.LowStock,
		"on_sale": k.OnSale, "sort": sort, "update_time": now}).Error
	return true, skuCodeTaken(err, k.Code)
}

// removeSkus deletes the locked SKUs after writing out what they hold (reason manual_out, note).
// Their ledger rows stay and keep their code. A SKU on an open order is a *SkuInUseError.
func removeSkus(tx *gorm.DB, skus []Sku, now time.Time, operator, note string) error {
	if len(skus) == 0 {
		return nil
	}
	ids := make([]int64, len(skus))
	code := map[int64]string{}
	held := map[int64]stock.Held{}
	var moves []stock.Move
	for i, k := range skus {
		ids[i], code[k.ID] = k.ID, k.Code
		held[k.ID] = stock.Held{GoodsID: k.GoodsID, ScopeID: k.ScopeID, Code: k.Code, Stock: k.Stock, LowStock: k.LowStock, OnSale: k.OnSale}
		if k.Stock > 0 {
			moves = append(moves, stock.Move{SkuID: k.ID, Delta: -k.Stock, Reason: stock.ManualOut, Operator: operator, Note: note})
		}
	}
	var open []int64
	err := tx.Table("order_items i").Joins("JOIN orders o ON o.id = i.order_id").
		Where("i.sku_id IN ? AND o.status IN ?", ids, openOrderStatuses).Limit(1).Pluck("i.sku_id", &open).Error
	if err != nil {
		return err
	}
	if len(open) > 0 {
		return &SkuInUseError{Code: code[open[0]]}
	}
	// Totals: an edit writes its goods' totals, a delete removes the goods row.
	if err := apply(tx, now, moves, stock.Holding{Skus: held, Totals: true}); err != nil {
		return err
	}
	return tx.Where("id IN ?", ids).Delete(&Sku{}).Error
}

// codesFree tells whether the SKU codes are free in the seller's scope but for goods item goodsID
// (0: a new item). The unique key decides between concurrent saves; this names the code first.
func codesFree(tx *gorm.DB, scopeID, goodsID int64, skus []SkuInput) error {
	if len(skus) == 0 {
		return nil
	}
	codes := make([]string, len(skus))
	for i, k := range skus {
		codes[i] = k.Code
	}
	var taken []string
	err := tx.Table("goods_skus").Where("scope_id = ? AND code IN ? AND goods_id <> ?", scopeID, codes, goodsID).
		Order("code").Limit(1).Pluck("code", &taken).Error
	if err != nil {
		return err
	}
	if len(taken) > 0 {
		return &SkuCodeTakenError{Code: taken[0]}
	}
	return nil
}

// insertSku adds k as the sort-th SKU of g, empty: its stock comes as a ledger move.
func insertSku(tx *gorm.DB, g *Goods, k SkuInput, sort int) (int64, error) {
	row := Sku{GoodsID: g.ID, ScopeID: scopeOf(g.AgencyID), Code: k.Code, Barcode: k.Barcode, Specs: nonNil(k.Specs),
		Price: k.Price, Cost: k.Cost, LowStock: k.LowStock, OnSale: k.OnSale, Sort: sort,
		CreateTime: g.UpdateTime, UpdateTime: g.UpdateTime}
	err := skuCodeTaken(tx.Create(&row).Error, k.Code)
	return row.ID, err
}

// apply makes moves of SKUs the caller holds locked.
func apply(tx *gorm.DB, now time.Time, moves []stock.Move, held stock.Holding) error {
	if len(moves) == 0 {
		return nil
	}
	_, err := stock.ApplyHeld(tx, now, moves, held)
	return err
}

func skuCodeTaken(err error, code string) error {
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return &SkuCodeTakenError{Code: code}
	}
	return err
}

func nonNil(v []string) []string {
	if v == nil {
		return []string{}
	}
	return v
}

// Delete removes the rows inside the scope with their SKUs (removeSkus: stock written out, a SKU
// on an open order refuses); those on sale go off sale at now.
func (s *Store) Delete(ctx context.Context, scope *int64, ids []int64, now time.Time, operator string) error {
	defer s.forget()
	return db.Retry(ctx, saveAttempts, func() error {
		return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			var mine []int64
			if err := scoped(tx.Model(&Goods{}), scope).Where("id IN ?", ids).Order("id").Pluck("id", &mine).Error; err != nil || len(mine) == 0 {
				return err
			}
			var skus []Sku
			if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("goods_id IN ?", mine).Order("id").Find(&skus).Error; err != nil {
				return err
			}
			listed, err := lockSale(tx, scope, "id IN ? AND status = ?", mine, OnSale)
			if err != nil {
				return err
			}
			if err := removeSkus(tx, skus, now, operator, "删除商品"); err != nil {
				return err
			}
			if err := scoped(tx, scope).Where("id IN ?", mine).Delete(&Goods{}).Error; err != nil {
				return err
			}
			return s.tell(tx, changes(listed, false, now))
		})
	})
}
