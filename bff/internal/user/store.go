package user

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/cache"
)

// Store reads and writes users. Writes bump the generation so cached principals are rebuilt.
type Store struct {
	db  *gorm.DB
	gen *cache.Generation
}

// NewStore uses g; gen is bumped by writes.
func NewStore(g *gorm.DB, gen *cache.Generation) *Store { return &Store{db: g, gen: gen} }

func (s *Store) one(ctx context.Context, where string, arg any) (User, bool, error) {
	var u User
	err := s.db.WithContext(ctx).Where(where, arg).Take(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return User{}, false, nil
	}
	return u, err == nil, err
}

// ByUsername finds a user by exact user name.
func (s *Store) ByUsername(ctx context.Context, name string) (User, bool, error) {
	return s.one(ctx, "username = ?", name)
}

// ByEmpNo finds a user by employee number.
func (s *Store) ByEmpNo(ctx context.Context, empNo string) (User, bool, error) {
	return s.one(ctx, "emp_no = ?", empNo)
}

// ByID finds a user by ID.
func (s *Store) ByID(ctx context.Context, id int64) (User, bool, error) {
	return s.one(ctx, "id = ?", id)
}

// ByIDs returns the users with the given IDs, by ID.
func (s *Store) ByIDs(ctx context.Context, ids []int64) (map[int64]User, error) {
	out := map[int64]User{}
	if len(ids) == 0 {
		return out, nil
	}
	var us []User
	if err := s.db.WithContext(ctx).Where("id IN ?", ids).Find(&us).Error; err != nil {
		return nil, err
	}
	for _, u := range us {
		out[u.ID] = u
	}
	return out, nil
}

// RoleIDs returns the user's roles, sorted.
func (s *Store) RoleIDs(ctx context.Context, userID int64) ([]int64, error) {
	ids := []int64{}
	err := s.db.WithContext(ctx).Model(&UserRole{}).Where("user_id = ?", userID).Order("role_id").Pluck("role_id", &ids).Error
	return ids, err
}

// Ensure returns the user called u.Username, creating it with the roles when missing (seeding);
// created tells which. An existing user is left as it is.
func (s *Store) Ensure(ctx context.Context, u User, roleIDs []int64) (User, bool, error) {
	created := false
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Where("username = ?", u.Username).Take(&u).Error
		if !errors.Is(err, gorm.ErrRecordNotFound) {
			return err
		}
		if err := tx.Create(&u).Error; err != nil {
			return err
		}
		created = true
		for _, r := range roleIDs {
			if err := tx.Create(&UserRole{UserID: u.ID, RoleID: r}).Error; err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil && created {
		s.gen.Bump()
	}
	return u, created, err
}

// Count returns how many users exist.
func (s *Store) Count(ctx context.Context) (int64, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&User{}).Count(&n).Error
	return n, err
}
