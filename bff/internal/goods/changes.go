package goods

import (
	"cmp"
	"slices"

	"github.com/labstack/echo/v4"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"mallconsole/bff/internal/audit"
)

// noteChanges leaves on the request what an edit changed, the row compared as GET /api/goods/:id
// shows it (its SKUs included), for the edit's operation-log entry.
func (s *Service) noteChanges(c echo.Context, e Edit) {
	names, err := s.AgencyNames(c.Request().Context(), []Goods{e.Before, e.After})
	if err != nil {
		return // the edit happened; a name that cannot be read is not a reason to fail it
	}
	before := slices.SortedStableFunc(slices.Values(e.BeforeSkus), func(a, b Sku) int {
		return cmp.Or(cmp.Compare(a.Sort, b.Sort), cmp.Compare(a.ID, b.ID))
	})
	audit.Changes(c, detailOf(rowOf(e.Before, names, true), e.Before.Specs, before),
		detailOf(rowOf(e.After, names, true), e.After.Specs, e.AfterSkus))
}

// Edit is a goods row with its SKUs as an edit found it (locked) and left it: what its
// operation-log entry compares. SKUs before are in id order, after in the dialog's.
type Edit struct {
	Before, After         Goods
	BeforeSkus, AfterSkus []Sku
}

// lockForEdit reads and locks the row inside the scope as stock.Apply locks rows: SKUs first.
func lockForEdit(tx *gorm.DB, scope *int64, id int64) (Edit, error) {
	var e Edit
	err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("goods_id = ?", id).Order("id").Find(&e.BeforeSkus).Error
	if err != nil {
		return e, err
	}
	var rows []Goods
	if err := scoped(tx.Model(&Goods{}), scope).Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id).Find(&rows).Error; err != nil {
		return e, err
	}
	if len(rows) == 0 {
		return e, ErrNotFound
	}
	e.Before = rows[0]
	return e, nil
}
