package aftersale

import (
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/money"
)

// The money of cases (docs/aftersale.md "Money"): a case's lines are units no other live case
// holds; its amount is at most what its lines were paid less what earlier cases refunded for
// them, plus the freight it asks, itself at most the freight not refunded or asked elsewhere.
// Every check runs again when the money goes back, under the order's and its lines' locks.

// dead are the statuses whose cases hold no units.
var dead = []string{Rejected, Cancelled}

// lockOrder reads the order inside the scope and locks its row.
func lockOrder(tx *gorm.DB, scope *int64, cond string, key any) (order.Order, error) {
	var o order.Order
	err := scoped(tx, scope).Clauses(clause.Locking{Strength: "UPDATE"}).Where(cond, key).Take(&o).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return o, ErrOrderNotFound
	}
	return o, err
}

// orderLines are the order's items, locked, by id.
func orderLines(tx *gorm.DB, orderID int64) ([]order.Item, error) {
	var out []order.Item
	err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("order_id = ?", orderID).Order("id").Find(&out).Error
	return out, err
}

// unitsTaken is, per order item, the units live cases of the order hold, but case except.
func unitsTaken(tx *gorm.DB, orderID, except int64) (map[int64]int64, error) {
	var rows []struct {
		OrderItemID int64
		N           int64
	}
	err := tx.Table("aftersale_items AS i").Joins("JOIN aftersale_cases AS c ON c.id = i.case_id").
		Where("c.order_id = ? AND c.id <> ? AND c.status NOT IN ?", orderID, except, dead).
		Select("i.order_item_id, SUM(i.quantity) AS n").Group("i.order_item_id").Scan(&rows).Error
	out := map[int64]int64{}
	for _, r := range rows {
		out[r.OrderItemID] = r.N
	}
	return out, err
}

// freightLeft is the freight a case (not except) may still ask: the order's, less what was
// refunded and what other cases not yet refunded ask.
func freightLeft(tx *gorm.DB, o order.Order, except int64) (money.Fen, error) {
	var asked int64
	err := tx.Model(&Case{}).Where("order_id = ? AND id <> ? AND status NOT IN ?", o.ID, except,
		[]string{Rejected, Cancelled, Refunded}).Select("COALESCE(SUM(freight), 0)").Scan(&asked).Error
	return max(o.Freight-o.FreightRefunded-money.Fen(asked), 0), err
}

// lineCap is what one line of a case may get back: its units' price, and never more than the
// order item was paid less what it got back before.
func lineCap(it Item, line order.Item) money.Fen {
	price, err := it.UnitPrice.Times(it.Quantity)
	if err != nil {
		return 0
	}
	paid, err := line.UnitPrice.Times(line.Quantity)
	if err != nil {
		return 0
	}
	return max(min(price, paid-line.Refunded), 0)
}

// itemsCap is the most a case's lines may get back together.
func itemsCap(items []Item, lines []order.Item) money.Fen {
	var sum money.Fen
	for _, it := range items {
		for _, l := range lines {
			if l.ID == it.OrderItemID {
				sum += lineCap(it, l)
			}
		}
	}
	return sum
}

// refundNote is the order history's note of a case that refunded the whole order.
const refundNote = "售后退款"

// pay books the case's money as given back, inside tx with the case locked: the amount less the
// freight is spread over the lines in order, each up to its cap; the lines' and the order's
// refunded totals grow; an order whose every line is refunded becomes refunded (its history);
// Refunds hear of it all, the money on at, the day it went back. Any cap broken is an *AmountError or ErrOverRefund and nothing is written.
func (s *Service) pay(tx *gorm.DB, c Case, operator string, now, at time.Time) error {
	o, err := lockOrder(tx, nil, "id = ?", c.OrderID)
	if err != nil {
		return err
	}
	lines, err := orderLines(tx, o.ID)
	if err != nil {
		return err
	}
	var items []Item
	if err := tx.Where("case_id = ?", c.ID).Order("id").Find(&items).Error; err != nil {
		return err
	}
	if c.Freight > o.Freight-o.FreightRefunded {
		return &AmountError{Field: "freight", Max: max(o.Freight-o.FreightRefunded, 0)}
	}
	if most := itemsCap(items, lines) + c.Freight; c.Amount > most {
		return &AmountError{Field: "amount", Max: most}
	}
	if o.Refunded+c.Amount > o.Amount {
		return ErrOverRefund // the caps above make this unreachable; the order's total is checked anyway
	}
	left := c.Amount - c.Freight
	rec := RefundRecord{CaseNo: c.CaseNo, Amount: c.Amount, At: at}
	byID := map[int64]*order.Item{}
	for i := range lines {
		byID[lines[i].ID] = &lines[i]
	}
	for _, it := range items {
		line := byID[it.OrderItemID]
		if line == nil || line.RefundedQty+it.Quantity > line.Quantity {
			return ErrOverRefund
		}
		part := min(left, lineCap(it, *line))
		left -= part
		if err := tx.Model(&Item{}).Where("id = ?", it.ID).Update("refunded", part).Error; err != nil {
			return err
		}
		line.Refunded += part
		line.RefundedQty += it.Quantity
		rec.Lines = append(rec.Lines, RefundLine{GoodsID: line.GoodsID, GoodsName: line.GoodsName, Quantity: it.Quantity, Amount: part})
		if err := tx.Model(&order.Item{}).Where("id = ?", line.ID).
			Updates(map[string]any{"refunded": line.Refunded, "refunded_qty": line.RefundedQty}).Error; err != nil {
			return err
		}
	}
	if left != 0 {
		return ErrOverRefund
	}
	up := map[string]any{"refunded": o.Refunded + c.Amount, "freight_refunded": o.FreightRefunded + c.Freight, "update_time": now}
	whole := o.Status != order.Refunded
	for _, l := range lines {
		whole = whole && l.RefundedQty == l.Quantity
	}
	if whole {
		up["status"] = order.Refunded
	}
	if err := tx.Model(&order.Order{}).Where("id = ?", o.ID).Updates(up).Error; err != nil {
		return err
	}
	if whole {
		h := order.History{OrderID: o.ID, FromStatus: o.Status, ToStatus: order.Refunded, Operator: operator,
			Note: fmt.Sprintf("%s %s", refundNote, c.CaseNo), CreateTime: now}
		if err := tx.Create(&h).Error; err != nil {
			return err
		}
		rec.Whole = &h
	}
	if s.deps.Refunds == nil {
		return nil
	}
	return s.deps.Refunds.CaseRefunded(tx, o, rec)
}
