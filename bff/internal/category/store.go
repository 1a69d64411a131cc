package category

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Store reads and writes categories.
type Store struct {
	db  *gorm.DB
	mem *memory // the remembered tree (Remember); nil: every read asks the database
}

// NewStore uses g.
func NewStore(g *gorm.DB) *Store { return &Store{db: g} }

func (s *Store) readAll(ctx context.Context) ([]Category, error) {
	var all []Category
	err := s.db.WithContext(ctx).Order("sort, id").Find(&all).Error
	return all, err
}

// ByCode returns the category with code, or ErrNotFound.
func (s *Store) ByCode(ctx context.Context, code string) (Category, error) {
	var c Category
	err := s.db.WithContext(ctx).Where("code = ?", code).Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return c, ErrNotFound
	}
	return c, err
}

// locked runs fn in a transaction holding every category row locked (MySQL: SELECT … FOR
// UPDATE; SQLite: the database's write lock), with the rows: two moves racing cannot each pass
// the loop and depth checks and together break them, as with departments.
func (s *Store) locked(ctx context.Context, fn func(tx *gorm.DB, all []Category) error) error {
	defer s.forget()
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var all []Category
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Order("id").Find(&all).Error; err != nil {
			return err
		}
		return fn(tx, all)
	})
}

// save creates (c.ID 0) or updates c; the code is written only on creation. A taken code is
// ErrCodeConflict: the unique key, not a read before the write, is the guard.
func save(tx *gorm.DB, c *Category) error {
	var err error
	if c.ID == 0 {
		err = tx.Create(c).Error
	} else {
		err = tx.Model(&Category{ID: c.ID}).Select("parent_id", "name", "name_en", "sort", "enabled", "update_time").Updates(c).Error
	}
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return ErrCodeConflict
	}
	return err
}

// delete removes one category.
func remove(tx *gorm.DB, id int64) error {
	return tx.Where("id = ?", id).Delete(&Category{}).Error
}
