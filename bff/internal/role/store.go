package role

import (
	"context"
	"errors"
	"slices"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"mallconsole/bff/internal/platform/cache"
)

// Store reads and writes roles. Writes bump the generation so cached grants are rebuilt.
type Store struct {
	db  *gorm.DB
	gen *cache.Generation
}

// NewStore uses g; gen is bumped by writes.
func NewStore(g *gorm.DB, gen *cache.Generation) *Store { return &Store{db: g, gen: gen} }

// MenuIDs returns the distinct menus granted to any of the roles.
func (s *Store) MenuIDs(ctx context.Context, roleIDs []int64) ([]int64, error) {
	ids := []int64{}
	if len(roleIDs) == 0 {
		return ids, nil
	}
	err := s.db.WithContext(ctx).Model(&RoleMenu{}).Where("role_id IN ?", roleIDs).
		Distinct().Order("menu_id").Pluck("menu_id", &ids).Error
	return ids, err
}

// ByIDs returns the roles, by level then ID.
func (s *Store) ByIDs(ctx context.Context, ids []int64) ([]Role, error) {
	rs := []Role{}
	if len(ids) == 0 {
		return rs, nil
	}
	err := s.db.WithContext(ctx).Where("id IN ?", ids).Order("level, id").Find(&rs).Error
	return rs, err
}

// DeptIDs returns the departments granted to the roles (for the custom data scope).
func (s *Store) DeptIDs(ctx context.Context, roleIDs []int64) ([]int64, error) {
	ids := []int64{}
	if len(roleIDs) == 0 {
		return ids, nil
	}
	err := s.db.WithContext(ctx).Model(&RoleDept{}).Where("role_id IN ?", roleIDs).
		Distinct().Order("dept_id").Pluck("dept_id", &ids).Error
	return ids, err
}

// Ensure returns the role called r.Name, creating it with the menus when missing (seeding). An
// existing role is left as it is: an administrator may have changed its grants on purpose.
func (s *Store) Ensure(ctx context.Context, r Role, menuIDs []int64) (Role, error) {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Where("name = ?", r.Name).Take(&r).Error
		if !errors.Is(err, gorm.ErrRecordNotFound) {
			return err
		}
		if err := tx.Create(&r).Error; err != nil {
			return err
		}
		slices.Sort(menuIDs)
		grants := make([]RoleMenu, 0, len(menuIDs))
		for _, id := range slices.Compact(menuIDs) {
			grants = append(grants, RoleMenu{RoleID: r.ID, MenuID: id})
		}
		if len(grants) == 0 {
			return nil
		}
		return tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&grants).Error
	})
	if err == nil {
		s.gen.Bump()
	}
	return r, err
}
