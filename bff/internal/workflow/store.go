package workflow

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// Store reads and writes leave applications and entitlements.
type Store struct{ db *gorm.DB }

// NewStore uses g.
func NewStore(g *gorm.DB) *Store { return &Store{db: g} }

// Entitlement returns a user's annual days per year; ok is false when none is recorded.
func (s *Store) Entitlement(ctx context.Context, userID int64) (days int64, ok bool, err error) {
	return entitlement(s.db.WithContext(ctx), userID)
}

func entitlement(tx *gorm.DB, userID int64) (int64, bool, error) {
	var e Entitlement
	err := tx.Where("user_id = ?", userID).Take(&e).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return 0, false, nil
	}
	return e.AnnualDays, err == nil, err
}

// EnsureEntitlement records days for a user who has none (seeding); an existing one stays.
func (s *Store) EnsureEntitlement(ctx context.Context, userID, days int64) error {
	return s.db.WithContext(ctx).Where(Entitlement{UserID: userID}).Attrs(Entitlement{AnnualDays: days}).
		FirstOrCreate(&Entitlement{}).Error
}

// usedAnnual sums the annual-leave hundredths of a user's applications that start in
// [from, to) and were not rejected.
func usedAnnual(tx *gorm.DB, userID int64, from, to time.Time) (int64, error) {
	var sum int64
	err := tx.Model(&Leave{}).Select("COALESCE(SUM(day_hundredths), 0)").
		Where("applicant_id = ? AND type = ? AND status <> ? AND start_time >= ? AND start_time < ?",
			userID, AnnualLeave, StatusRejected, from, to).Scan(&sum).Error
	return sum, err
}

// Remaining returns a user's remaining annual leave in hundredths of a day for the year that
// holds at; ok is false when the user has no entitlement.
func (s *Store) Remaining(ctx context.Context, userID int64, at time.Time) (int64, bool, error) {
	return remaining(s.db.WithContext(ctx), userID, at)
}

func remaining(tx *gorm.DB, userID int64, at time.Time) (int64, bool, error) {
	days, ok, err := entitlement(tx, userID)
	if err != nil || !ok {
		return 0, false, err
	}
	from := time.Date(at.Year(), 1, 1, 0, 0, 0, 0, at.Location())
	used, err := usedAnnual(tx, userID, from, from.AddDate(1, 0, 0))
	if err != nil {
		return 0, false, err
	}
	// Requests made through the engine (the leave form) count as well as the first slice's.
	more, err := usedByInstances(tx, userID, from, from.AddDate(1, 0, 0))
	return days*100 - used - more, true, err
}

// Overdrawn is returned by the leave form's rule when a request would take more annual leave
// than its applicant has left.
type Overdrawn struct {
	Leave          Leave
	LeftHundredths int64
}

func (o *Overdrawn) Error() string { return "annual leave overdrawn" }

// Mine returns a page of the applications a user made or was the applicant of, newest first.
func (s *Store) Mine(ctx context.Context, userID int64, offset, limit int) ([]Leave, int64, error) {
	tx := s.db.WithContext(ctx).Model(&Leave{}).Where("applicant_id = ? OR creator_id = ?", userID, userID)
	return db.Paged[Leave](tx, "id DESC", offset, limit)
}
