package dashboard

import "context"

// Contracts is what the overview asks of contracts: how many inside the scope are flagged
// 即将到期 (signed, ending within 30 days). It is a figure of now, like the low stock.
type Contracts interface {
	ExpiringCount(ctx context.Context, scope *int64) (int64, error)
}

// UseContracts lets the overview count the contracts about to expire.
func (s *Service) UseContracts(c Contracts) { s.contracts = c }

func (s *Service) expiringContracts(ctx context.Context, scope *int64) (int64, error) {
	if s.contracts == nil {
		return 0, nil
	}
	return s.contracts.ExpiringCount(ctx, scope)
}

// Aftersales is what the overview asks of after-sales: 待处理售后 inside the scope, now.
type Aftersales interface {
	PendingCount(ctx context.Context, scope *int64) (int64, error)
}

// UseAftersales lets the overview count the after-sales cases waiting for staff.
func (s *Service) UseAftersales(a Aftersales) { s.aftersales = a }

func (s *Service) pendingAftersales(ctx context.Context, scope *int64) (int64, error) {
	if s.aftersales == nil {
		return 0, nil
	}
	return s.aftersales.PendingCount(ctx, scope)
}

// waiting is the work of others the overview counts: contracts about to expire and after-sales
// cases waiting for staff, inside one scope, now.
type waiting struct{ contracts, aftersales int64 }

// waitingNow counts both for scope, remembered like the counts part (Remember): they are figures
// of now read for every overview, and a case or contract changed shows within RememberCountsFor,
// as a stock move's low-stock count does.
func (s *Service) waitingNow(ctx context.Context, scope *int64) (waiting, error) {
	if s.waiting != nil {
		ctx = context.WithoutCancel(ctx) // a remembered read serves other requests too
	}
	return remembered(s.waiting, &s.readingWaiting, scopeKey(scope), func() (w waiting, err error) {
		if w.contracts, err = s.expiringContracts(ctx, scope); err != nil {
			return w, err
		}
		w.aftersales, err = s.pendingAftersales(ctx, scope)
		return w, err
	})
}
