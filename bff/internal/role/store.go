package role

import (
	"context"
	"errors"
	"slices"

	"gorm.io/gorm"

	"gorm.io/gorm/clause"
	"mallconsole/bff/internal/platform/db"

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

// Search returns a page of roles (name or description contains blurry), by level then ID.
func (s *Store) Search(ctx context.Context, blurry string, offset, limit int) ([]Role, int64, error) {
	tx := s.db.WithContext(ctx).Model(&Role{})
	tx = db.AnyLike(tx, blurry, "name", "description")
	return db.Paged[Role](tx, "level, id", offset, limit)
}

// Each hands the roles Search finds (ids, when not nil, only those) to fn in the list's order:
// the export.
func (s *Store) Each(ctx context.Context, blurry string, ids []int64, fn func(Role) error) error {
	tx := db.AnyLike(s.db.WithContext(ctx).Model(&Role{}), blurry, "name", "description")
	if ids != nil {
		tx = tx.Where("id IN ?", ids)
	}
	return db.Each(tx, "level, id", fn)
}

// All returns every role, by level then ID.
func (s *Store) All(ctx context.Context) ([]Role, error) {
	rs := []Role{}
	return rs, s.db.WithContext(ctx).Order("level, id").Find(&rs).Error
}

// Grants returns the menus and departments of each role.
func (s *Store) Grants(ctx context.Context, roleIDs []int64) (menus, depts map[int64][]int64, err error) {
	menus, depts = map[int64][]int64{}, map[int64][]int64{}
	if len(roleIDs) == 0 {
		return menus, depts, nil
	}
	var rms []RoleMenu
	if err := s.db.WithContext(ctx).Where("role_id IN ?", roleIDs).Order("menu_id").Find(&rms).Error; err != nil {
		return nil, nil, err
	}
	for _, g := range rms {
		menus[g.RoleID] = append(menus[g.RoleID], g.MenuID)
	}
	var rds []RoleDept
	if err := s.db.WithContext(ctx).Where("role_id IN ?", roleIDs).Order("dept_id").Find(&rds).Error; err != nil {
		return nil, nil, err
	}
	for _, g := range rds {
		depts[g.RoleID] = append(depts[g.RoleID], g.DeptID)
	}
	return menus, depts, nil
}

// ErrDuplicate is returned when a role name is taken.
var ErrDuplicate = gorm.ErrDuplicatedKey

// Save creates (ID 0) or updates a role with its menus and departments, replacing the grants.
func (s *Store) Save(ctx context.Context, r *Role, menuIDs, deptIDs []int64) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if r.ID == 0 {
			if err := tx.Create(r).Error; err != nil {
				return err
			}
		} else if err := tx.Model(&Role{ID: r.ID}).Select("name", "level", "description", "data_scope",
			"update_time").Updates(r).Error; err != nil {
			return err
		}
		if err := tx.Where("role_id = ?", r.ID).Delete(&RoleMenu{}).Error; err != nil {
			return err
		}
		if err := tx.Where("role_id = ?", r.ID).Delete(&RoleDept{}).Error; err != nil {
			return err
		}
		return insertGrants(tx, r.ID, menuIDs, deptIDs)
	})
	s.gen.Bump()
	return err
}

func insertGrants(tx *gorm.DB, roleID int64, menuIDs, deptIDs []int64) error {
	ms := make([]RoleMenu, 0, len(menuIDs))
	for _, id := range menuIDs {
		ms = append(ms, RoleMenu{RoleID: roleID, MenuID: id})
	}
	if len(ms) > 0 {
		if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&ms).Error; err != nil {
			return err
		}
	}
	ds := make([]RoleDept, 0, len(deptIDs))
	for _, id := range deptIDs {
		ds = append(ds, RoleDept{RoleID: roleID, DeptID: id})
	}
	if len(ds) > 0 {
		return tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&ds).Error
	}
	return nil
}

// Grant adds menus to a role, keeping what it has (seeding new pages for the superuser role).
func (s *Store) Grant(ctx context.Context, roleID int64, menuIDs []int64) error {
	err := insertGrants(s.db.WithContext(ctx), roleID, menuIDs, nil)
	s.gen.Bump()
	return err
}

// Delete removes roles and their grants.
func (s *Store) Delete(ctx context.Context, ids []int64) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, m := range []any{&RoleMenu{}, &RoleDept{}} {
			if err := tx.Where("role_id IN ?", ids).Delete(m).Error; err != nil {
				return err
			}
		}
		return tx.Where("id IN ?", ids).Delete(&Role{}).Error
	})
	s.gen.Bump()
	return err
}

// CountExisting counts how many of ids exist in table (menus or depts), to validate grants.
func (s *Store) CountExisting(ctx context.Context, table string, ids []int64) (int64, error) {
	var n int64
	if len(ids) == 0 {
		return 0, nil
	}
	err := s.db.WithContext(ctx).Table(table).Where("id IN ?", ids).Count(&n).Error
	return n, err
}
