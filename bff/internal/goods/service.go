package goods

import (
	"context"
	"errors"
	"time"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/platform/money"
)

// The service's answers other than success. http.go turns each into one HTTP answer (httpError);
// nothing else in the package knows HTTP.
var (
	ErrNotFound         = errors.New("goods: no such goods")
	ErrCodeConflict     = errors.New("goods: code taken")
	ErrUnknownCategory  = errors.New("goods: no such category")
	ErrCategoryDisabled = errors.New("goods: the category is disabled")
	ErrUnknownSku       = errors.New("goods: a SKU id that is not the goods item's")
)

// SkuInUseError: a SKU to remove (or the goods item to delete) is on an order that can still
// give its units back (unpaid or paid, not shipped), so the SKU must stay.
type SkuInUseError struct{ Code string }

func (e *SkuInUseError) Error() string { return "goods: SKU " + e.Code + " is on an open order" }

// CodeTakenError is ErrCodeConflict naming the code, so that the answer can name it too.
type CodeTakenError struct{ Code string }

func (e *CodeTakenError) Error() string        { return "goods: code " + e.Code + " taken" }
func (e *CodeTakenError) Is(target error) bool { return target == ErrCodeConflict }

// Categories is what the service needs of the category tree (package category): whether a
// code may be chosen (nil, ErrUnknownCategory or ErrCategoryDisabled), and a code with the codes
// below it, for the filter.
type Categories interface {
	Valid(ctx context.Context, code string) error
	WithChildren(ctx context.Context, code string) ([]string, error)
	Names(ctx context.Context) (map[string]string, error) // every category's name by code
}

// Sanitizer cleans rich-text HTML (platform/richtext).
type Sanitizer interface{ HTML(string) string }

// Service holds the rules of goods. Its input is already well formed (http.go checks lengths,
// ranges and formats); it checks what needs the data.
type Service struct {
	store      *Store
	categories Categories
	clean      Sanitizer
	now        func() time.Time
	defaults   Defaults     // nil: DefaultLowStock
	agencies   *agency.Book // nil: names read per page
}

// Defaults are the shop's defaults for what a form leaves empty (order.Rules: 订单设置).
type Defaults interface {
	LowStockDefault(ctx context.Context) (int64, error)
}

// UseFiles makes every save claim the pictures it keeps (Files).
func (s *Service) UseFiles(f Files) { s.store.files = f }

// UseDefaults makes SKUs saved without a threshold take d's default low-stock threshold.
func (s *Service) UseDefaults(d Defaults) { s.defaults = d }

// lowDefaults puts the shop's default threshold into the SKUs whose form left it empty. An edit
// from a client written before SKUs keeps the SKU's threshold (saveSkus) and needs none.
func (s *Service) lowDefaults(ctx context.Context, skus []SkuInput, edit bool) error {
	if s.defaults == nil {
		return nil
	}
	var low *int64
	for i := range skus {
		if !skus[i].lowDefault || edit && skus[i].legacy {
			continue
		}
		if low == nil {
			v, err := s.defaults.LowStockDefault(ctx)
			if err != nil {
				return err
			}
			low = &v
		}
		skus[i].LowStock = *low
	}
	return nil
}

// NewService uses store, the category tree, clean for descriptions and now for listing times.
func NewService(store *Store, categories Categories, clean Sanitizer, now func() time.Time) *Service {
	return &Service{store: store, categories: categories, clean: clean, now: now}
}

// Input is a goods item to create (ID 0) or change.
type Input struct {
	ID       int64
	Name     string
	Code     string // the goods item's own code (SPU); SKUs have theirs
	Category string
	Specs    []Spec
	// Skus are exactly one per combination of the Specs' values (checkMatrix). A goods item
	// without specs and without Skus is one SKU made of Code, Price, Cost and Stock: what a
	// client written before SKUs sends.
	Skus        []SkuInput
	Price, Cost money.Fen // ≥ 0; only for the one-SKU fallback
	Stock       int64     // ≥ 0; likewise
	Status      string    // Draft, OnSale or OffSale
	AgencyID    *int64
	MainPicture string
	Gallery     []string
	Description string // HTML, cleaned here
	Operator    string // who saves: the stock ledger's operator
}

// skus are in's SKUs, or the one SKU of the fallback.
func (in Input) skus() []SkuInput {
	if len(in.Specs) == 0 && len(in.Skus) == 0 {
		return []SkuInput{{Code: in.Code, Specs: []string{}, Price: in.Price, Cost: in.Cost, Stock: in.Stock,
			LowStock: DefaultLowStock, OnSale: true, legacy: true, lowDefault: true}}
	}
	return in.Skus
}

// stamp is the time written into rows: UTC in milliseconds, as platform/db stores.
func (s *Service) stamp() time.Time { return s.now().UTC().Truncate(time.Millisecond) }

// List returns a page of the goods q selects, and how many match.
func (s *Service) List(ctx context.Context, q Query) ([]Goods, int64, error) {
	if err := s.withChildren(ctx, &q); err != nil {
		return nil, 0, err
	}
	return s.store.Search(ctx, q)
}

// Each hands every row q selects to fn (the export).
func (s *Service) Each(ctx context.Context, q Query, fn func(Goods) error) error {
	if err := s.withChildren(ctx, &q); err != nil {
		return err
	}
	return s.store.Each(ctx, q, fn)
}

// withChildren widens q's category to the category with everything below it (filtering by 服装
// finds the goods of 男装 › T恤).
func (s *Service) withChildren(ctx context.Context, q *Query) error {
	if q.Category == "" {
		return nil
	}
	codes, err := s.categories.WithChildren(ctx, q.Category)
	q.Categories = codes
	return err
}

// Get returns one row inside the scope.
func (s *Service) Get(ctx context.Context, scope *int64, id int64) (Goods, error) {
	return s.store.Get(ctx, scope, id)
}

// Detail returns one row inside the scope with its SKUs in their order.
func (s *Service) Detail(ctx context.Context, scope *int64, id int64) (Goods, []Sku, error) {
	g, err := s.store.Get(ctx, scope, id)
	if err != nil {
		return g, nil, err
	}
	skus, err := s.store.Skus(ctx, []int64{id})
	return g, skus, err
}

// Save creates the row (in.ID 0) or changes one inside the scope with its SKUs, and returns its
// ID. Codes — the goods item's and each SKU's — are unique per seller (an agency, or the shop's
// own goods); the category must be an enabled one; a row that goes on sale is listed now.
// Inside a scope (a channel session) the row belongs to the scope's agency whatever
// in.AgencyID says. Stock moves only through the ledger (store.go's saveSkus).
func (s *Service) Save(ctx context.Context, scope *int64, in Input) (int64, error) {
	id, _, err := s.write(ctx, scope, in)
	return id, err
}

// write is Save, and for an edit the row as it found and left it.
func (s *Service) write(ctx context.Context, scope *int64, in Input) (int64, Edit, error) {
	skus := in.skus()
	if bad := checkMatrix(in.Specs, skus); bad != nil {
		return 0, Edit{}, bad
	}
	if err := s.lowDefaults(ctx, skus, in.ID != 0); err != nil {
		return 0, Edit{}, err
	}
	keptOnly, err := s.checkCategory(ctx, in)
	if err != nil {
		return 0, Edit{}, err
	}
	if scope != nil {
		in.AgencyID = scope
	}
	now := s.stamp()
	g := Goods{ID: in.ID, Name: in.Name, Code: in.Code, Category: in.Category, Specs: SpecList(in.Specs),
		Status: in.Status, AgencyID: in.AgencyID, MainPicture: in.MainPicture,
		Gallery: in.Gallery, Description: s.clean.HTML(in.Description)}
	if g.Specs == nil {
		g.Specs = SpecList{}
	}
	if g.Gallery == nil {
		g.Gallery = []string{}
	}
	g.Price, g.MaxPrice, g.Cost = skus[0].Price, skus[0].Price, skus[0].Cost
	for _, k := range skus {
		g.Price, g.MaxPrice = min(g.Price, k.Price), max(g.MaxPrice, k.Price)
	}
	if in.ID == 0 {
		g.CreateTime, g.UpdateTime = now, now
		if g.Status == OnSale {
			g.GroundingTime = &now
		}
		err := s.store.Create(ctx, &g, skus, in.Operator)
		return g.ID, Edit{}, err
	}
	g.UpdateTime = now
	seen, err := s.store.Update(ctx, scope, &g, skus, in.Operator, keptOnly)
	return g.ID, seen, err
}

// Delete removes rows inside the scope with their SKUs; IDs outside it or unknown are ignored.
// Orders keep their items' name, price and SKU snapshots, and the ledger its rows, so nothing
// else needs the row; stock still held is written out (manual_out) by operator. A SKU on an open
// order refuses (*SkuInUseError): closing that order gives its units back to the SKU.
func (s *Service) Delete(ctx context.Context, scope *int64, ids []int64, operator string) error {
	return s.store.Delete(ctx, scope, ids, s.stamp(), operator)
}

// SetStatus puts rows on sale (listed now; rows already on sale keep their listing time) or
// takes them off sale (only rows on sale change: a draft stays a draft). Rows outside the scope
// are ignored.
func (s *Service) SetStatus(ctx context.Context, scope *int64, ids []int64, status string) error {
	if status == OnSale {
		return s.store.PutOnSale(ctx, scope, ids, s.stamp())
	}
	return s.store.TakeOffSale(ctx, scope, ids, s.stamp())
}
