package cert

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// Store reads and writes certifications.
type Store struct{ db *gorm.DB }

// NewStore uses g.
func NewStore(g *gorm.DB) *Store { return &Store{db: g} }

// Query narrows the list.
type Query struct {
	Agency        *int64 // a channel session's own agency; nil: every agency
	Status        string
	Blurry        string // company name, credit code or agency name
	Offset, Limit int
}

// Listed is a row of the list with its agency's name.
type Listed struct {
	Cert
	AgencyName string
}

// ByAgency returns the agency's certification, found = false when it has none.
func (s *Store) ByAgency(ctx context.Context, agencyID int64) (Cert, bool, error) {
	return s.find(ctx, "agency_id = ?", agencyID)
}

// ByID returns the certification, found = false when there is none.
func (s *Store) ByID(ctx context.Context, id int64) (Cert, bool, error) {
	return s.find(ctx, "id = ?", id)
}

func (s *Store) find(ctx context.Context, where string, arg any) (Cert, bool, error) {
	var c Cert
	err := s.db.WithContext(ctx).Where(where, arg).Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return c, false, nil
	}
	return c, err == nil, err
}

// StatusShowing is the state, among states, of a certification that shows file (either side of
// the identity card or the licence), "" when none does. Approved sorts before pending, so an
// approved one is named first.
func (s *Store) StatusShowing(ctx context.Context, file int64, states []string) (string, error) {
	var found []string
	err := s.db.WithContext(ctx).Model(&Cert{}).
		Where("(id_front = ? OR id_back = ? OR license = ?) AND status IN ?", file, file, file, states).
		Order("status").Limit(1).Pluck("status", &found).Error
	if len(found) == 0 {
		return "", err
	}
	return found[0], err
}

// Create adds the agency's first certification, and runs within (the pictures' claim) in the
// same transaction; a second one racing it meets uk_certs_agency.
func (s *Store) Create(ctx context.Context, c *Cert, within func(tx *gorm.DB) error) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(c).Error; err != nil {
			return err
		}
		return within(tx)
	})
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return ErrState
	}
	return err
}

// Resubmit replaces a rejected certification's content and makes it pending again; changed =
// false when it was no longer rejected (another submission got there first). within (the
// pictures' claim) runs in the same transaction.
func (s *Store) Resubmit(ctx context.Context, c Cert, within func(tx *gorm.DB) error) (changed bool, err error) {
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		changed, err = resubmit(tx, c)
		if err != nil || !changed {
			return err
		}
		return within(tx)
	})
	return changed, err
}

func resubmit(tx *gorm.DB, c Cert) (bool, error) {
	res := tx.Model(&Cert{}).Where("id = ? AND status = ?", c.ID, Rejected).Updates(map[string]any{
		"company_name": c.CompanyName, "credit_code": c.CreditCode, "legal_person": c.LegalPerson,
		"id_number": c.IDNumber, "id_front": c.IDFront, "id_back": c.IDBack, "license": c.License,
		"status": Pending, "reason": "", "submitter_id": c.SubmitterID, "submit_time": c.SubmitTime,
		"auditor_id": nil, "audit_time": nil, "update_time": c.SubmitTime,
	})
	return res.RowsAffected == 1, res.Error
}

// Decide moves a pending certification to status; changed = false when it was not pending (two
// reviewers at once: the second finds it decided).
func (s *Store) Decide(ctx context.Context, id int64, status, reason string, auditor int64, at time.Time) (bool, error) {
	res := s.db.WithContext(ctx).Model(&Cert{}).Where("id = ? AND status = ?", id, Pending).Updates(map[string]any{
		"status": status, "reason": reason, "auditor_id": auditor, "audit_time": at, "update_time": at,
	})
	return res.RowsAffected == 1, res.Error
}

// List returns a page of certifications, newest submission first, and the count of all.
func (s *Store) List(ctx context.Context, q Query) ([]Listed, int64, error) {
	tx := s.db.WithContext(ctx).Table("certs").Joins("LEFT JOIN agencies ON agencies.id = certs.agency_id")
	if q.Agency != nil {
		tx = tx.Where("certs.agency_id = ?", *q.Agency)
	}
	if q.Status != "" {
		tx = tx.Where("certs.status = ?", q.Status)
	}
	tx = db.AnyLike(tx, q.Blurry, "certs.company_name", "certs.credit_code", "agencies.name")
	var n int64
	if err := tx.Count(&n).Error; err != nil {
		return nil, 0, err
	}
	rows := []Listed{}
	err := tx.Select("certs.*, agencies.name AS agency_name").Order("certs.submit_time DESC, certs.id DESC").
		Offset(q.Offset).Limit(q.Limit).Scan(&rows).Error
	return rows, n, err
}

// AgencyName is the agency's name, "" when there is none.
func (s *Store) AgencyName(ctx context.Context, id int64) (string, error) {
	var names []string
	err := s.db.WithContext(ctx).Table("agencies").Where("id = ?", id).Limit(1).Pluck("name", &names).Error
	if len(names) == 0 {
		return "", err
	}
	return names[0], err
}
