package menu

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/cache"
)

// Store reads and writes menus. Writes bump the generation so cached trees are rebuilt.
type Store struct {
	db  *gorm.DB
	gen *cache.Generation
}

// NewStore uses g; gen is bumped by writes.
func NewStore(g *gorm.DB, gen *cache.Generation) *Store { return &Store{db: g, gen: gen} }

// All returns every menu in display order.
func (s *Store) All(ctx context.Context) ([]Menu, error) {
	var ms []Menu
	err := s.db.WithContext(ctx).Order("sort, id").Find(&ms).Error
	return ms, err
}

// Ensure returns the menu titled m.Title under m.PID, creating m when missing (seeding).
func (s *Store) Ensure(ctx context.Context, m Menu) (Menu, error) {
	var got Menu
	q := s.db.WithContext(ctx).Where("title = ?", m.Title)
	if m.PID == nil {
		q = q.Where("pid IS NULL")
	} else {
		q = q.Where("pid = ?", *m.PID)
	}
	err := q.Take(&got).Error
	if err == nil {
		return got, nil
	}
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return Menu{}, err
	}
	if err := s.db.WithContext(ctx).Create(&m).Error; err != nil {
		return Menu{}, err
	}
	s.gen.Bump()
	return m, nil
}
