package goods

import (
	"context"

	"mallconsole/bff/internal/agency"
)

// AgencyNames names the agencies of a page of goods: from the book when there is one (UseAgencyBook),
// else in one query.
func (s *Service) AgencyNames(ctx context.Context, gs []Goods) (map[int64]string, error) {
	ids := agency.IDs(gs, func(g Goods) *int64 { return g.AgencyID })
	if s.agencies != nil {
		return s.agencies.Names(ctx, ids)
	}
	return agency.Names(ctx, s.store.db, ids)
}

// UseAgencyBook names the agencies of list pages from book (read only maps).
func (s *Service) UseAgencyBook(book *agency.Book) { s.agencies = book }

// CountByAgencies counts the goods of the agencies (an agency with any cannot be deleted).
func (s *Store) CountByAgencies(ctx context.Context, agencyIDs []int64) (int64, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&Goods{}).Where("agency_id IN ?", agencyIDs).Count(&n).Error
	return n, err
}
