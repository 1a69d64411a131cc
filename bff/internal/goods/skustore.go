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
		g.ID, g.Stock, g.LowSkus = 0, 0, 0
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
			for i, k := range skus {
				id, err := insertSku(tx, g, k, i)
				if err != nil {
					return err
				}
				if k.Stock > 0 {
					moves = append(moves, stock.Move{SkuID: id, Delta: k.Stock, Reason: stock.Opening, Operator: operator})
				}
				g.Stock += k.Stock
			}
			if err := apply(tx, g.UpdateTime, moves); err != nil {
				return err
			}
			if err := recountLow(tx, g.ID); err != nil {
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
			err = tx.Model(&Goods{ID: g.ID}).Select("name", "code", "category", "specs", "price", "max_price", "cost",
				"status", "grounding_time", "agency_id", "main_picture", "gallery", "description", "update_time").
				Updates(g).Error
			if err := codeTaken(err, g.Code); err != nil {
				return err
			}
			if err := s.claimPictures(tx, g); err != nil {
				return err
			}
			recount, err := s.saveSkus(tx, g, seen.BeforeSkus, skus, operator)
			if err != nil {
				return err
			}
			if recount {
				if err := recountLow(tx, g.ID); err != nil {
					return err
				}
			}
			if err := seen.readAfter(tx); err != nil {
				return err
			}
			return s.tell(tx, saleMoves(was, g))
		})
	})
	return seen, err
}

// saveSkus turns the locked SKUs old of g into skus inside tx (Update). recount: the goods'
// low_skus needs counting again, because a SKU came or went or its threshold or on-sale flag
// changed; stock moves alone keep it right (stock.Apply).
func (s *Store) saveSkus(tx *gorm.DB, g *Goods, old []Sku, skus []SkuInput, operator string) (recount bool, err error) {
	if len(skus) == 1 && skus[0].legacy && len(old) > 0 {
		// A body of before SKUs edits only what it knows: one SKU without specs.
		if len(old) != 1 || len(old[0].Specs) != 0 {
			return false, &InvalidError{Field: "skus", Reason: "这个商品有规格，请逐个SKU填写"}
		}
		skus = []SkuInput{skus[0]}
		skus[0].Barcode, skus[0].LowStock, skus[0].OnSale = old[0].Barcode, old[0].LowStock, old[0].OnSale
	}
	match, err := matchSkus(old, skus)
	if err != nil {
		return false, err
	}
	var removed []Sku
	for _, o := range old {
		if _, kept := match.kept[o.ID]; !kept {
			removed = append(removed, o)
		}
	}
	if err := removeSkus(tx, removed, g.UpdateTime, operator, "商品编辑：删除SKU"); err != nil {
		return false, err
	}
	recount = len(removed) > 0
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
		return false, err
	}
	// Codes that change move aside first: two SKUs of the item may swap theirs.
	for _, o := range old {
		if i, kept := match.kept[o.ID]; kept && (o.Code != skus[i].Code || o.ScopeID != scopeID) {
			if err := tx.Model(&Sku{}).Where("id = ?", o.ID).Update("code", "\x01"+strconv.FormatInt(o.ID, 10)).Error; err != nil {
				return false, err
			}
		}
	}
	var moves []stock.Move
	for i, k := range skus {
		id := match.ids[i]
		if id == 0 {
			recount = true
			if id, err = insertSku(tx, g, k, i); err != nil {
				return false, err
			}
			if k.Stock > 0 {
				moves = append(moves, stock.Move{SkuID: id, Delta: k.Stock, Reason: stock.Opening, Operator: operator})
			}
			continue
		}
		o := byID[id]
		recount = recount || o.LowStock != k.LowStock || o.OnSale != k.OnSale
		if err := updateSku(tx, o, k, scopeID, i, g.UpdateTime); err != nil {
			return false, err
		}
		if d := k.Stock - o.Stock; d != 0 {
			moves = append(moves, stock.Move{SkuID: id, Delta: d, Reason: stock.Stocktake, Operator: operator, Note: "商品编辑"})
		}
	}
	return recount, apply(tx, g.UpdateTime, moves)
}

// updateSku writes k over the locked SKU o as the sort-th of its goods, unless nothing of it
// changes (the stock is not written here: it moves through the ledger).
func updateSku(tx *gorm.DB, o Sku, k SkuInput, scopeID int64, sort int, now time.Time) error {
	specs := nonNil(k.Specs)
	if o.ScopeID == scopeID && o.Code == k.Code && o.Barcode == k.Barcode && slices.Equal(nonNil(o.Specs), specs) &&
		o.Price == k.Price && o.Cost == k.Cost && o.LowStock == k.LowStock && o.OnSale == k.OnSale && o.Sort == sort {
		return nil
	}
	text, err := json.Marshal(specs)
	if err != nil {
		return err
	}
	err = tx.Model(&Sku{}).Where("id = ?", o.ID).Updates(map[string]any{"scope_id": scopeID, "code": k.Code,
		"barcode": k.Barcode, "specs": string(text), "price": k.Price, "cost": k.Cost, "low_stock": k.LowStock,
		"on_sale": k.OnSale, "sort": sort, "update_time": now}).Error
	return skuCodeTaken(err, k.Code)
}

// removeSkus deletes the locked SKUs after writing out what they hold (reason manual_out, note).
// Their ledger rows stay and keep their code. A SKU on an open order is a *SkuInUseError.
func removeSkus(tx *gorm.DB, skus []Sku, now time.Time, operator, note string) error {
	if len(skus) == 0 {
		return nil
	}
	ids := make([]int64, len(skus))
	code := map[int64]string{}
	var moves []stock.Move
	for i, k := range skus {
		ids[i], code[k.ID] = k.ID, k.Code
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
	if err := apply(tx, now, moves); err != nil {
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

// recountLow sets the goods' count of on-sale SKUs at or under their threshold: a save may change
// thresholds and on-sale flags, which stock.Apply (stock moves only) does not follow.
func recountLow(tx *gorm.DB, goodsID int64) error {
	return tx.Exec("UPDATE goods SET low_skus = (SELECT COUNT(*) FROM goods_skus WHERE goods_id = ? AND on_sale = ? AND stock <= low_stock) WHERE id = ?",
		goodsID, true, goodsID).Error
}

func apply(tx *gorm.DB, now time.Time, moves []stock.Move) error {
	if len(moves) == 0 {
		return nil
	}
	_, err := stock.Apply(tx, now, moves)
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
