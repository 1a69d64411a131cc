package user

import (
	"context"

	"mallconsole/bff/internal/platform/authz"
)

// Operators returns the channel accounts of an agency (渠道管理 manages them), oldest first.
func (s *Store) Operators(ctx context.Context, agencyID int64) ([]User, error) {
	var us []User
	err := s.db.WithContext(ctx).Where("agency_id = ? AND kind = ?", agencyID, authz.KindChannel).
		Order("id").Find(&us).Error
	return us, err
}

// CountOperators counts the accounts of the agencies (an agency with any cannot be deleted).
func (s *Store) CountOperators(ctx context.Context, agencyIDs []int64) (int64, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&User{}).Where("agency_id IN ?", agencyIDs).Count(&n).Error
	return n, err
}
