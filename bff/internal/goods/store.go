package goods

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// Store reads and writes goods. It knows gorm and nothing of HTTP; a taken code comes back as
// a *CodeTakenError.
type Store struct{ db *gorm.DB }

// NewStore uses g.
func NewStore(g *gorm.DB) *Store { return &Store{db: g} }

// Query selects goods for the list and the export. Empty fields do not filter.
type Query struct {
	Scope         *int64 // only this agency's goods (a channel session); nil: every row
	Blurry        string // name or code contains
	Category      string
	Status        string
	AgencyID      *int64
	From, To      *time.Time // creation range
	GroundingFrom *time.Time // listing (上架) range
	GroundingTo   *time.Time
	IDs           []int64 // only these rows (export of the selection)
	Order         string  // ORDER BY built from a whitelist (http.go); "" = newest first
	Offset, Limit int
}

func (s *Store) where(ctx context.Context, q Query) *gorm.DB {
	tx := scoped(s.db.WithContext(ctx).Model(&Goods{}), q.Scope)
	tx = db.AnyLike(tx, q.Blurry, "name", "code")
	if q.Category != "" {
		tx = tx.Where("category = ?", q.Category)
	}
	if q.Status != "" {
		tx = tx.Where("status = ?", q.Status)
	}
	if q.AgencyID != nil {
		tx = tx.Where("agency_id = ?", *q.AgencyID)
	}
	// One bound at a time, in a fixed order: the same filters give the same SQL text, so one
	// prepared statement serves them.
	for _, b := range []struct {
		cond string
		v    *time.Time
	}{{"create_time >= ?", q.From}, {"create_time <= ?", q.To},
		{"grounding_time >= ?", q.GroundingFrom}, {"grounding_time <= ?", q.GroundingTo}} {
		if b.v != nil {
			tx = tx.Where(b.cond, *b.v)
		}
	}
	if len(q.IDs) > 0 {
		tx = tx.Where("id IN ?", q.IDs)
	}
	return tx
}

func order(q Query) string {
	if q.Order == "" {
		return "create_time DESC, id DESC"
	}
	return q.Order
}

// scoped narrows tx to one agency's rows when scope is set.
func scoped(tx *gorm.DB, scope *int64) *gorm.DB {
	if scope != nil {
		return tx.Where("agency_id = ?", *scope)
	}
	return tx
}

// Search returns a page of goods and the number that match.
func (s *Store) Search(ctx context.Context, q Query) ([]Goods, int64, error) {
	return db.Paged[Goods](s.where(ctx, q), order(q), q.Offset, q.Limit)
}

// Each hands every row that matches q to fn in order, reading through one cursor.
func (s *Store) Each(ctx context.Context, q Query, fn func(Goods) error) error {
	rows, err := s.where(ctx, q).Order(order(q)).Rows()
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var g Goods
		if err := s.db.ScanRows(rows, &g); err != nil {
			return err
		}
		if err := fn(g); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Get returns one row inside the scope, or ErrNotFound.
func (s *Store) Get(ctx context.Context, scope *int64, id int64) (Goods, error) {
	var g Goods
	err := scoped(s.db.WithContext(ctx), scope).Where("id = ?", id).Take(&g).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return g, ErrNotFound
	}
	return g, err
}

// Create adds g; a taken code is a *CodeTakenError.
func (s *Store) Create(ctx context.Context, g *Goods) error {
	return codeTaken(s.db.WithContext(ctx).Create(g).Error, g.Code)
}

// Update writes every field of g but its creation time.
func (s *Store) Update(ctx context.Context, g *Goods) error {
	err := s.db.WithContext(ctx).Model(&Goods{ID: g.ID}).Select("name", "code", "category", "price", "cost",
		"stock", "status", "grounding_time", "agency_id", "main_picture", "gallery", "description", "update_time").
		Updates(g).Error
	return codeTaken(err, g.Code)
}

func codeTaken(err error, code string) error {
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return &CodeTakenError{Code: code}
	}
	return err
}

// Delete removes the rows inside the scope.
func (s *Store) Delete(ctx context.Context, scope *int64, ids []int64) error {
	return scoped(s.db.WithContext(ctx), scope).Where("id IN ?", ids).Delete(&Goods{}).Error
}

// PutOnSale sets the rows inside the scope that are not on sale on sale, listed at now.
func (s *Store) PutOnSale(ctx context.Context, scope *int64, ids []int64, now time.Time) error {
	return scoped(s.db.WithContext(ctx).Model(&Goods{}), scope).Where("id IN ? AND status <> ?", ids, OnSale).
		Updates(map[string]any{"status": OnSale, "grounding_time": now, "update_time": now}).Error
}

// TakeOffSale sets the rows inside the scope that are on sale off sale.
func (s *Store) TakeOffSale(ctx context.Context, scope *int64, ids []int64, now time.Time) error {
	return scoped(s.db.WithContext(ctx).Model(&Goods{}), scope).Where("id IN ? AND status = ?", ids, OnSale).
		Updates(map[string]any{"status": OffSale, "update_time": now}).Error
}
