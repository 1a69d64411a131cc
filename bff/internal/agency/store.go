package agency

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/db"
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

// ByID returns the agency, found = false when there is none.
func (s *Store) ByID(ctx context.Context, id int64) (Agency, bool, error) {
	var a Agency
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&a).Error
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
	if a.CertStatus == "" {
		a.CertStatus = CertNone
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

// SetCertStatus records the agency's certification state: the cert feature's one write here.
// found = false when there is no such agency.
func (s *Store) SetCertStatus(ctx context.Context, id int64, status string) (bool, error) {
	switch status {
	case CertNone, CertPending, CertApproved, CertRejected:
	default:
		return false, ErrCertStatus
	}
	r := s.db.WithContext(ctx).Model(&Agency{}).Where("id = ?", id).
		Updates(map[string]any{"cert_status": status, "update_time": db.Now()})
	return r.RowsAffected == 1, r.Error
}

// ErrCertStatus: a certification state that is not one of the four.
var ErrCertStatus = errors.New("agency: unknown certification state")

// Query selects agencies for the list and the export. Empty fields do not filter.
type Query struct {
	Scope         *int64 // only this agency (a channel session); nil: every row
	Blurry        string // name, code, contact or phone contains
	Enabled       *bool
	CertStatus    string
	From, To      *time.Time // creation range
	IDs           []int64    // only these rows (export of the selection)
	Order         string     // ORDER BY from a whitelist (http.go); "" = newest first
	Offset, Limit int
}

func (s *Store) where(ctx context.Context, q Query) *gorm.DB {
	tx := s.db.WithContext(ctx).Model(&Agency{})
	if q.Scope != nil {
		tx = tx.Where("id = ?", *q.Scope)
	}
	tx = db.AnyLike(tx, q.Blurry, "name", "code", "contact", "phone")
	if q.Enabled != nil {
		tx = tx.Where("enabled = ?", *q.Enabled)
	}
	if q.CertStatus != "" {
		tx = tx.Where("cert_status = ?", q.CertStatus)
	}
	if q.From != nil {
		tx = tx.Where("create_time >= ?", *q.From)
	}
	if q.To != nil {
		tx = tx.Where("create_time <= ?", *q.To)
	}
	if q.IDs != nil {
		tx = tx.Where("id IN ?", q.IDs)
	}
	return tx
}

func orderOf(q Query) string {
	if q.Order == "" {
		return "create_time DESC, id DESC"
	}
	return q.Order
}

// Search returns a page of the agencies q selects and how many match.
func (s *Store) Search(ctx context.Context, q Query) ([]Agency, int64, error) {
	return db.Paged[Agency](s.where(ctx, q), orderOf(q), q.Offset, q.Limit)
}

// Each hands every agency q selects to fn through one cursor (the export).
func (s *Store) Each(ctx context.Context, q Query, fn func(Agency) error) error {
	return db.Each(s.where(ctx, q), orderOf(q), fn)
}

// Create adds an agency; a taken code is ErrCodeConflict.
func (s *Store) Create(ctx context.Context, a *Agency, within func(tx *gorm.DB) error) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(a).Error; err != nil {
			return err
		}
		return within(tx)
	})
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return ErrCodeConflict
	}
	return err
}

// Update writes the fields staff edit (not the certification state); found = false when the
// row is gone. A status change reaches the operators' next request (gen).
func (s *Store) Update(ctx context.Context, a Agency, within func(tx *gorm.DB) error) (bool, error) {
	var n int64
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		r := tx.Model(&Agency{ID: a.ID}).
			Select("name", "code", "contact", "phone", "region", "address", "logo", "enabled", "update_time").Updates(&a)
		if n = r.RowsAffected; r.Error != nil || n == 0 {
			return r.Error
		}
		return within(tx)
	})
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return false, ErrCodeConflict
	}
	if err == nil {
		s.gen.Bump()
	}
	return n == 1, err
}

// UpdateProfile writes what an operator may change of their own agency.
func (s *Store) UpdateProfile(ctx context.Context, id int64, contact, phone, address string) error {
	return s.db.WithContext(ctx).Model(&Agency{}).Where("id = ?", id).Updates(map[string]any{
		"contact": contact, "phone": phone, "address": address, "update_time": db.Now()}).Error
}

// SetLogo stores the logo's read path, and runs within (the logo's claim) in the same transaction.
func (s *Store) SetLogo(ctx context.Context, id int64, path string, within func(tx *gorm.DB) error) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Model(&Agency{}).Where("id = ?", id).
			Updates(map[string]any{"logo": path, "update_time": db.Now()}).Error; err != nil {
			return err
		}
		return within(tx)
	})
}

// Delete removes agencies. The caller has checked that none has operators or orders; the
// operators' foreign key refuses a race that adds one meanwhile.
func (s *Store) Delete(ctx context.Context, ids []int64) error {
	return s.db.WithContext(ctx).Where("id IN ?", ids).Delete(&Agency{}).Error
}

// Count tells how many of ids exist.
func (s *Store) Count(ctx context.Context, ids []int64) (int64, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&Agency{}).Where("id IN ?", ids).Count(&n).Error
	return n, err
}
