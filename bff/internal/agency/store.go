package agency

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/cache"
)

// ErrCodeConflict: another agency has the code.
var ErrCodeConflict = errors.New("agency: code taken")

// Store reads and writes agencies. Writes that change who may sign in (the status) bump gen, the
// generation of the sign-in caches, so a disabled agency's operators are refused at their next
// request.
type Store struct {
	db  *gorm.DB
	gen *cache.Generation
}

// NewStore uses g; gen is the generation shared with auth's access cache.
func NewStore(g *gorm.DB, gen *cache.Generation) *Store { return &Store{db: g, gen: gen} }

// Enabled tells whether the agency exists and is enabled (what auth asks on every request, cached).
func (s *Store) Enabled(ctx context.Context, id int64) (bool, error) {
	var a Agency
	err := s.db.WithContext(ctx).Select("id", "enabled").Where("id = ?", id).Take(&a).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return false, nil
	}
	return a.Enabled, err
}

// ByCode returns the agency with the code, found = false when there is none.
func (s *Store) ByCode(ctx context.Context, code string) (Agency, bool, error) {
	var a Agency
	err := s.db.WithContext(ctx).Where("code = ?", code).Take(&a).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return a, false, nil
	}
	return a, err == nil, err
}

// Ensure returns the agency with a.Code, creating it from a when missing (the demo seed).
func (s *Store) Ensure(ctx context.Context, a Agency) (Agency, error) {
	got, found, err := s.ByCode(ctx, a.Code)
	if err != nil || found {
		return got, err
	}
	err = s.db.WithContext(ctx).Create(&a).Error
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return a, ErrCodeConflict
	}
	return a, err
}

// SetEnabled switches an agency on or off; its operators' next request sees it.
func (s *Store) SetEnabled(ctx context.Context, id int64, enabled bool) error {
	err := s.db.WithContext(ctx).Model(&Agency{}).Where("id = ?", id).Update("enabled", enabled).Error
	if err == nil {
		s.gen.Bump()
	}
	return err
}
