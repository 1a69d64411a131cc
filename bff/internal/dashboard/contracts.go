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
