package goods

import (
	"context"

	"mallconsole/bff/internal/agency"
)

// AgencyNames reads the names of the agencies of a page of goods in one query.
func (s *Service) AgencyNames(ctx context.Context, gs []Goods) (map[int64]string, error) {
	return agency.Names(ctx, s.store.db, agency.IDs(gs, func(g Goods) *int64 { return g.AgencyID }))
}

// CountByAgencies counts the goods of the agencies (an agency with any cannot be deleted).
func (s *Store) CountByAgencies(ctx context.Context, agencyIDs []int64) (int64, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&Goods{}).Where("agency_id IN ?", agencyIDs).Count(&n).Error
	return n, err
}
