package goods

import "context"

// CountByAgencies counts the goods of the agencies (an agency with any cannot be deleted).
func (s *Store) CountByAgencies(ctx context.Context, agencyIDs []int64) (int64, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&Goods{}).Where("agency_id IN ?", agencyIDs).Count(&n).Error
	return n, err
}
