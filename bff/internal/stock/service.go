package stock

import (
	"context"
	"errors"
	"time"

	"mallconsole/bff/internal/platform/db"
)

// The service's answers other than success (ErrNoSku, *ShortError are move.go's). http.go
// turns each into one HTTP answer (httpError).
var (
	// ErrSameCount: a stocktake counted what the SKU already holds; there is nothing to book.
	ErrSameCount = errors.New("stock: the counted figure is the stock")
	// ErrAdjustType: an adjustment of an unknown type (a programming error: http.go checks).
	ErrAdjustType = errors.New("stock: unknown adjustment type")
)

// Types of a person's adjustment (POST /api/stock/adjust).
const (
	AdjustIn        = "in"        // 入库: units arrive
	AdjustOut       = "out"       // 出库: units leave (damaged, samples, …)
	AdjustStocktake = "stocktake" // 盘点: the counted figure replaces the stock
)

// reasonOf is the ledger reason of an adjustment type.
var reasonOf = map[string]string{AdjustIn: ManualIn, AdjustOut: ManualOut, AdjustStocktake: Stocktake}

// Service holds the rules of a person's stock changes and reads the ledger.
type Service struct {
	store *Store
	now   func() time.Time
}

// NewService uses store and now for the time of a change.
func NewService(store *Store, now func() time.Time) *Service {
	return &Service{store: store, now: now}
}

// AdjustInput is one adjustment: Quantity units in or out, or for a stocktake the counted
// figure; Reason is the person's explanation (required, the ledger's note).
type AdjustInput struct {
	SkuID    int64
	Type     string
	Quantity int64
	Reason   string
}

// retries is how many times a transaction InnoDB gave up for another's (a deadlock) runs again.
const retries = 5

// Adjust books a person's change of one SKU inside the scope as operator: in adds, out takes (a
// *ShortError when the SKU holds less), a stocktake books the difference between the counted
// figure and the stock as it is under the row's lock (ErrSameCount when there is none). A SKU
// outside the scope is ErrNoSku.
func (s *Service) Adjust(ctx context.Context, scope *int64, operator string, in AdjustInput) (Entry, error) {
	reason, ok := reasonOf[in.Type]
	if !ok {
		return Entry{}, ErrAdjustType
	}
	var e Entry
	err := db.Retry(ctx, retries, func() (err error) {
		now := s.now().UTC().Truncate(time.Millisecond)
		e, err = s.store.Adjust(ctx, scope, in.SkuID, now, func(sku Sku) (Move, error) {
			m := Move{SkuID: sku.ID, Reason: reason, Operator: operator, Note: in.Reason}
			switch in.Type {
			case AdjustIn:
				m.Delta = in.Quantity
			case AdjustOut:
				m.Delta = -in.Quantity
			default:
				m.Delta = in.Quantity - sku.Stock
			}
			if m.Delta == 0 {
				return m, ErrSameCount
			}
			return m, nil
		})
		return err
	})
	return e, err
}

// List returns a page of the ledger rows q selects, newest first, and how many match.
func (s *Service) List(ctx context.Context, q Query) ([]Entry, int64, error) {
	return s.store.Search(ctx, q)
}

// Each hands every row q selects to fn (the export).
func (s *Service) Each(ctx context.Context, q Query, fn func(Entry) error) error {
	return s.store.Each(ctx, q, fn)
}

// FindSkus returns up to limit SKUs inside the scope matching blurry (code or goods name).
func (s *Service) FindSkus(ctx context.Context, scope *int64, blurry string, limit int) ([]Sku, error) {
	return s.store.FindSkus(ctx, scope, blurry, limit)
}
