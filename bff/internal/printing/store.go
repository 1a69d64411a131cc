package printing

import (
	"context"

	"gorm.io/gorm"
)

// Store reads orders and their lines.
type Store struct{ db *gorm.DB }

// NewStore reads through db.
func NewStore(db *gorm.DB) *Store { return &Store{db: db} }

// Orders are the orders of ids, within the agency of scope when it is not nil, in the order of
// ids, each with its lines; an id that does not exist or lies outside the scope is left out.
func (s *Store) Orders(ctx context.Context, scope *int64, ids []int64) ([]Order, error) {
	var found []Order
	q := s.db.WithContext(ctx).Where("id IN ?", ids)
	if scope != nil {
		q = q.Where("agency_id = ?", *scope)
	}
	if err := q.Find(&found).Error; err != nil {
		return nil, err
	}
	var items []Item
	if len(found) > 0 {
		have := make([]int64, len(found))
		for i, o := range found {
			have[i] = o.ID
		}
		if err := s.db.WithContext(ctx).Where("order_id IN ?", have).Order("order_id, id").Find(&items).Error; err != nil {
			return nil, err
		}
	}
	byID := make(map[int64]*Order, len(found))
	for i := range found {
		byID[found[i].ID] = &found[i]
	}
	for _, it := range items {
		if o := byID[it.OrderID]; o != nil {
			o.Items = append(o.Items, it)
		}
	}
	out := make([]Order, 0, len(found))
	for _, id := range ids {
		if o := byID[id]; o != nil {
			out = append(out, *o)
			delete(byID, id) // an id given twice prints once
		}
	}
	return out, nil
}
