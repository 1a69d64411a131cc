package order

import (
	"context"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/platform/money"
)

// AgencyNames names the agencies of a page of orders: from the book when there is one (UseAgencyBook),
// else in one query.
func (s *Service) AgencyNames(ctx context.Context, os []Order) (map[int64]string, error) {
	ids := agency.IDs(os, func(o Order) *int64 { return o.AgencyID })
	if s.agencies != nil {
		return s.agencies.Names(ctx, ids)
	}
	return agency.Names(ctx, s.store.db, ids)
}

// UseAgencyBook names the agencies of list pages from book (read only maps).
func (s *Service) UseAgencyBook(book *agency.Book) { s.agencies = book }

// CountByAgencies counts the orders the agencies sold (an agency with any cannot be deleted).
func (s *Store) CountByAgencies(ctx context.Context, agencyIDs []int64) (int64, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&Order{}).Where("agency_id IN ?", agencyIDs).Count(&n).Error
	return n, err
}

// AgencyFigures are one agency's orders: how many, and its sales (the amount of the orders that
// were paid and not refunded, freight included, less what after-sales cases refunded of them).
func (s *Store) AgencyFigures(ctx context.Context, agencyID int64) (count int64, sales money.Fen, err error) {
	var r struct {
		N     int64
		Sales int64
	}
	err = s.db.WithContext(ctx).Model(&Order{}).Where("agency_id = ?", agencyID).
		Select("COUNT(*) AS n, COALESCE(SUM(CASE WHEN pay_time IS NOT NULL AND status <> ? THEN amount - refunded ELSE 0 END), 0) AS sales", Refunded).
		Scan(&r).Error
	return r.N, money.Fen(r.Sales), err
}
