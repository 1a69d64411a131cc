package menu

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

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

// Save creates (ID 0) or updates a menu.
func (s *Store) Save(ctx context.Context, m *Menu) error {
	err := save(s.db.WithContext(ctx), m)
	s.gen.Bump()
	return err
}

func save(tx *gorm.DB, m *Menu) error {
	if m.ID == 0 {
		return tx.Create(m).Error
	}
	return tx.Model(&Menu{ID: m.ID}).Select("pid", "type", "title", "name", "component",
		"path", "sort", "icon", "permission", "hidden", "cache", "always_show", "redirect", "active_menu",
		"breadcrumb", "i_frame", "update_time").Updates(m).Error
}

// locked runs fn in a transaction holding every menu row locked (MySQL: SELECT … FOR UPDATE;
// SQLite: the database's write lock, taken when the transaction starts), with the rows.
func (s *Store) locked(ctx context.Context, fn func(tx *gorm.DB, all []Menu) error) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var all []Menu
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Order("id").Find(&all).Error; err != nil {
			return err
		}
		return fn(tx, all)
	})
	s.gen.Bump()
	return err
}

// Delete removes menus (the caller passes whole subtrees; grants go by foreign key cascade and
// explicitly, for databases without it).
func (s *Store) Delete(ctx context.Context, ids []int64) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec("DELETE FROM roles_menus WHERE menu_id IN ?", ids).Error; err != nil {
			return err
		}
		// children first, so no row ever points at a deleted parent
		for i := len(ids) - 1; i >= 0; i-- {
			if err := tx.Where("id = ?", ids[i]).Delete(&Menu{}).Error; err != nil {
				return err
			}
		}
		return nil
	})
	s.gen.Bump()
	return err
}

// PermissionName is what a person knows perm by: the title of the menu carrying it, a button's
// after its page's ("流程申请（多人） - 批量发起"); "" when no menu carries it.
func (s *Store) PermissionName(ctx context.Context, perm string) string {
	var m Menu
	if err := s.db.WithContext(ctx).Where("permission = ?", perm).Order("type, id").Take(&m).Error; err != nil {
		return ""
	}
	if m.Type != TypeButton || m.PID == nil {
		return m.Title
	}
	var page Menu
	if err := s.db.WithContext(ctx).Take(&page, *m.PID).Error; err != nil {
		return m.Title
	}
	return page.Title + " - " + m.Title
}
