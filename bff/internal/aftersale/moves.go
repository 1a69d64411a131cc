package aftersale

import (
	"context"
	"slices"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/stock"
)

// step decides and writes one move of a locked case inside tx. It may return work to do after
// the commit (a gateway call), never inside the transaction.
type step func(tx *gorm.DB, c Case, now time.Time) (after func(context.Context), err error)

// move runs st on the case cond/key selects inside the scope, in one transaction with the case's
// row locked, so two moves racing cannot both start from the same state; then runs what st left
// for after the commit and answers the case as it is then.
func (s *Service) move(ctx context.Context, scope *int64, cond string, key any, st step) (Detail, error) {
	var id int64
	var after func(context.Context)
	err := db.Retry(ctx, retries, func() error {
		return s.store.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			c, err := lock(tx, scope, cond, key)
			if err != nil {
				return err
			}
			id = c.ID
			after, err = st(tx, c, s.stamp())
			return err
		})
	})
	if err != nil {
		return Detail{}, err
	}
	if after != nil {
		after(ctx)
	}
	return s.store.get(ctx, nil, "id = ?", id)
}

// Approve agrees to an applied case: a refund-only case goes on to refunding, a return waits for
// the buyer's parcel at returnAddress (or the shop's default).
func (s *Service) Approve(ctx context.Context, scope *int64, id int64, operator, returnAddress string) (Detail, error) {
	return s.move(ctx, scope, "id = ?", id, func(tx *gorm.DB, c Case, now time.Time) (func(context.Context), error) {
		to, err := next(c, Approve)
		if err != nil {
			return nil, err
		}
		up := map[string]any{"status": to}
		if to == AwaitingReturn {
			if returnAddress == "" {
				returnAddress = s.deps.ReturnAddress
			}
			up["return_address"] = returnAddress
		}
		if err := save(tx, c, map[string]any{}, c.Status, Approved, operator, "", now); err != nil {
			return nil, err
		}
		return nil, save(tx, c, up, Approved, to, operator, "", now)
	})
}

// ReturnShipment records the buyer's parcel (company and tracking number) of a return.
func (s *Service) ReturnShipment(ctx context.Context, scope *int64, caseNo, company, trackingNo, operator string) (Detail, error) {
	if company == "" || trackingNo == "" {
		return Detail{}, ErrTrackingMissing
	}
	return s.move(ctx, scope, "case_no = ?", caseNo, func(tx *gorm.DB, c Case, now time.Time) (func(context.Context), error) {
		to, err := next(c, ReturnShipment)
		if err != nil {
			return nil, err
		}
		up := map[string]any{"status": to, "return_company": company, "return_tracking_no": trackingNo}
		return nil, save(tx, c, up, c.Status, to, operator, company+" "+trackingNo, now)
	})
}

// Cancel is the buyer withdrawing the case before the goods were received.
func (s *Service) Cancel(ctx context.Context, scope *int64, caseNo, operator string) (Detail, error) {
	return s.move(ctx, scope, "case_no = ?", caseNo, func(tx *gorm.DB, c Case, now time.Time) (func(context.Context), error) {
		to, err := next(c, Cancel)
		if err != nil {
			return nil, err
		}
		return nil, save(tx, c, map[string]any{"status": to}, c.Status, to, operator, "买家撤销", now)
	})
}

// Reject refuses the case with a reason, from any step before money moved.
func (s *Service) Reject(ctx context.Context, scope *int64, id int64, operator, reason string) (Detail, error) {
	if reason == "" {
		return Detail{}, ErrReasonRequired
	}
	return s.move(ctx, scope, "id = ?", id, func(tx *gorm.DB, c Case, now time.Time) (func(context.Context), error) {
		return nil, s.reject(tx, c, operator, reason, now)
	})
}

func (s *Service) reject(tx *gorm.DB, c Case, operator, reason string, now time.Time) error {
	to, err := next(c, Reject)
	if err != nil {
		return err
	}
	return save(tx, c, map[string]any{"status": to, "refund_state": RefundNone}, c.Status, to, operator, reason, now)
}

// damagedNote is the history note of a return received damaged (no restock).
const damagedNote = "已损坏，未入库"

// Receive records the returned parcel: undamaged units go back to stock through the ledger
// (return_restock, once per line), damaged ones do not.
func (s *Service) Receive(ctx context.Context, scope *int64, id int64, operator string, damaged bool) (Detail, error) {
	return s.move(ctx, scope, "id = ?", id, func(tx *gorm.DB, c Case, now time.Time) (func(context.Context), error) {
		to, err := next(c, Receive)
		if err != nil {
			return nil, err
		}
		note := "已入库"
		if damaged {
			note = damagedNote
		} else if err := restock(tx, c, operator, now); err != nil {
			return nil, err
		}
		return nil, save(tx, c, map[string]any{"status": to, "damaged": damaged}, c.Status, to, operator, note, now)
	})
}

// restock gives the case's units back to their SKUs; a line without a SKU, or whose SKU was
// deleted since, has no stock to go back to.
func restock(tx *gorm.DB, c Case, operator string, now time.Time) error {
	var items []Item
	if err := tx.Where("case_id = ? AND sku_id IS NOT NULL", c.ID).Order("id").Find(&items).Error; err != nil {
		return err
	}
	if len(items) == 0 {
		return nil
	}
	ids := make([]int64, len(items))
	for i, it := range items {
		ids[i] = *it.SkuID
	}
	var live []int64
	if err := tx.Table("goods_skus").Where("id IN ?", ids).Pluck("id", &live).Error; err != nil {
		return err
	}
	var moves []stock.Move
	for _, it := range items {
		if slices.Contains(live, *it.SkuID) {
			moves = append(moves, stock.Move{SkuID: *it.SkuID, Delta: it.Quantity, Reason: stock.ReturnRestock,
				OrderNo: c.OrderNo, LineKey: "aftersale:" + c.CaseNo + ":" + itoa(it.OrderItemID), Operator: operator,
				Note: "售后 " + c.CaseNo})
		}
	}
	if len(moves) == 0 {
		return nil
	}
	_, err := stock.Apply(tx, now, moves)
	return err
}
