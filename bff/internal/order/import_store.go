package order

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// ShipMany applies change to the order of each row (by order number, inside the scope) in one
// transaction: it locks the rows, lets change decide from each row as it is now, and writes the
// changes and their history entries. The answer has one error per row (nil: written); a row's
// error (ErrNotFound, a *MoveError) leaves that order as it was and does not stop the others.
// A database error rolls the whole batch back.
func (s *Store) ShipMany(ctx context.Context, scope *int64, rows []ImportRow,
	change func(Order, ImportRow) (map[string]any, History, error)) ([]error, error) {
	errs := make([]error, len(rows))
	if len(rows) == 0 {
		return errs, nil
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		nos := make([]string, len(rows))
		for i, r := range rows {
			nos[i] = r.OrderNo
		}
		var found []Order
		err := scoped(tx, scope).Clauses(clause.Locking{Strength: "UPDATE"}).
			Where("order_no IN ?", nos).Find(&found).Error
		if err != nil {
			return err
		}
		byNo := make(map[string]Order, len(found))
		for _, o := range found {
			byNo[o.OrderNo] = o
		}
		hist := make([]History, 0, len(rows))
		ids := make([]int64, 0, len(rows))
		changes := make([]map[string]any, 0, len(rows))
		for i, r := range rows {
			o, ok := byNo[r.OrderNo]
			if !ok {
				errs[i] = ErrNotFound
				continue
			}
			updates, h, err := change(o, r)
			if err != nil {
				errs[i] = err
				continue
			}
			h.OrderID = o.ID
			hist, ids, changes = append(hist, h), append(ids, o.ID), append(changes, updates)
		}
		if len(hist) == 0 {
			return nil
		}
		if err := updateEach(tx, ids, changes); err != nil {
			return err
		}
		return tx.CreateInBatches(&hist, 250).Error
	})
	return errs, err
}

// updateEach writes changes[i] to the order ids[i] in one statement (a CASE per column): one
// round trip for a batch instead of one per order. Every change has the same columns (a ship).
func updateEach(tx *gorm.DB, ids []int64, changes []map[string]any) error {
	cols := slices.Sorted(maps.Keys(changes[0]))
	var sql strings.Builder
	args := make([]any, 0, len(ids)*(2*len(cols))+1)
	sql.WriteString("UPDATE orders SET ")
	for c, col := range cols {
		if c > 0 {
			sql.WriteString(", ")
		}
		sql.WriteString(col + " = CASE id")
		for i, id := range ids {
			v, ok := changes[i][col]
			if !ok || len(changes[i]) != len(cols) {
				return fmt.Errorf("order: updateEach needs the same columns in every change")
			}
			sql.WriteString(" WHEN ? THEN ?")
			args = append(args, id, v)
		}
		sql.WriteString(" END")
	}
	sql.WriteString(" WHERE id IN ?")
	args = append(args, ids)
	return tx.Exec(sql.String(), args...).Error
}
