package goods

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/money"
)

// Store reads and writes goods. It knows gorm and nothing of HTTP; a taken code comes back as
// a *CodeTakenError.
type Store struct {
	db *gorm.DB
	// totals are list totals per filter and lowTotals those of the low-stock filter: a stock
	// change forgets only the latter. A write that can move a row in or out of a filter forgets both.
	totals, lowTotals *cache.Counts[int64]
	// marks are where pages begin, per filter and order, apart for the orders by price and by
	// stock (forgotten when one of those changes) and by anything else.
	marks, priceMarks, stockMarks *cache.Marks
	watchers                      []Watcher
	files                         Files // nil: pictures are not claimed (tests of other rules)
}

// Files claims the pictures a goods item shows (attach.Service): inside the save's transaction,
// so the orphan sweep never removes them (docs/decisions.md "Orphaned uploads").
type Files interface {
	ClaimIn(tx *gorm.DB, texts ...string) error
}

// claimPictures claims g's main picture, gallery and the pictures of its description, inside tx.
func (s *Store) claimPictures(tx *gorm.DB, g *Goods) error {
	if s.files == nil {
		return nil
	}
	return s.files.ClaimIn(tx, append([]string{g.MainPicture, g.Description}, g.Gallery...)...)
}

// CountTTL is how long a list's total is remembered: writes through this store forget it at
// once, writes elsewhere (another instance) show within this time (docs/decisions.md "Goods and
// orders at a million rows").
const CountTTL = 30 * time.Second

// Watcher hears, inside the writing transaction, of every row that went on or off sale (a row
// deleted or moved to another agency while on sale goes off sale, for its old agency), so that
// the on-sale history (the dashboard's 在售商品) changes with the goods or not at all. An error
// rolls the write back.
type Watcher interface {
	SaleChanged(tx *gorm.DB, changes []SaleChange) error
}

// SaleChange is one row going on sale (OnSale) or off it, for its agency, at At.
type SaleChange struct {
	GoodsID  int64
	AgencyID *int64
	OnSale   bool
	At       time.Time
}

// NewStore uses g and tells watchers of every change of what is on sale.
func NewStore(g *gorm.DB, watchers ...Watcher) *Store {
	return NewStoreWithClock(g, time.Now, watchers...)
}

// NewStoreWithClock is NewStore with now for the age of remembered totals.
func NewStoreWithClock(g *gorm.DB, now func() time.Time, watchers ...Watcher) *Store {
	return &Store{db: g, totals: cache.NewCounts[int64](CountTTL, 10_000, now),
		lowTotals: cache.NewCounts[int64](CountTTL, 10_000, now), marks: cache.NewMarks(CountTTL, 1_000, now),
		priceMarks: cache.NewMarks(CountTTL, 1_000, now), stockMarks: cache.NewMarks(CountTTL, 1_000, now),
		watchers: watchers}
}

// forget drops the remembered totals and page marks: a write changed the rows.
func (s *Store) forget() { s.forgetEdit(edit{filters: true, price: true}) }

// edit is what a write changed of what lists filter and sort by besides stock, which every
// write here is taken to change (an edit books the counted stock of each SKU).
type edit struct{ filters, price bool }

// forgetEdit drops what e can have made wrong.
func (s *Store) forgetEdit(e edit) {
	if e.filters {
		s.totals.Invalidate()
		s.marks.Invalidate()
	}
	s.lowTotals.Invalidate()
	s.stockMarks.Invalidate()
	if e.filters || e.price {
		s.priceMarks.Invalidate()
	}
}

// marksOf are the marks of q's list: the low-stock filter's rows come and go with stock.
func (s *Store) marksOf(q Query) *cache.Marks {
	o := order(q)
	switch {
	case q.LowStock, strings.HasPrefix(o, "stock"):
		return s.stockMarks
	case strings.HasPrefix(o, "price"), strings.HasPrefix(o, "max_price"):
		return s.priceMarks
	}
	return s.marks
}

// seekKeys are the sorts a page can start from a mark in.
var seekKeys = db.SeekKeys{
	"price":          func() any { return new(int64) },
	"stock":          func() any { return new(int64) },
	"create_time":    func() any { return new(time.Time) },
	"grounding_time": func() any { return new(time.Time) },
}

// tell hands changes, if any, to the watchers.
func (s *Store) tell(tx *gorm.DB, changes []SaleChange) error {
	if len(changes) == 0 {
		return nil
	}
	for _, w := range s.watchers {
		if err := w.SaleChanged(tx, changes); err != nil {
			return err
		}
	}
	return nil
}

// onSale is the part of a row the sale history needs.
type onSale struct {
	ID            int64
	AgencyID      *int64
	Status        string
	GroundingTime *time.Time
	// what lists filter and sort by besides, for an edit to tell what it changed
	Name, Code, Category string
	Price, MaxPrice      money.Fen
}

// edited is what saving g over w changes of what lists filter and sort by.
func (w onSale) edited(g *Goods) edit {
	filters := w.Name != g.Name || w.Code != g.Code || w.Category != g.Category || w.Status != g.Status ||
		!sameID(w.AgencyID, g.AgencyID)
	return edit{filters: filters, price: w.Price != g.Price || w.MaxPrice != g.MaxPrice}
}

// saleOf is what an edit compares of the row g was.
func saleOf(g Goods) onSale {
	return onSale{ID: g.ID, AgencyID: g.AgencyID, Status: g.Status, GroundingTime: g.GroundingTime, Name: g.Name,
		Code: g.Code, Category: g.Category, Price: g.Price, MaxPrice: g.MaxPrice}
}

func sameID(a, b *int64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// lockSale reads and locks the rows inside the scope that cond selects.
func lockSale(tx *gorm.DB, scope *int64, cond string, args ...any) ([]onSale, error) {
	var rows []onSale
	err := scoped(tx.Model(&Goods{}), scope).Clauses(clause.Locking{Strength: "UPDATE"}).
		Select("id", "agency_id", "status", "grounding_time", "name", "code", "category", "price", "max_price").
		Where(cond, args...).Order("id").Find(&rows).Error
	return rows, err
}

func changes(rows []onSale, on bool, at time.Time) []SaleChange {
	out := make([]SaleChange, len(rows))
	for i, r := range rows {
		out[i] = SaleChange{GoodsID: r.ID, AgencyID: r.AgencyID, OnSale: on, At: at}
	}
	return out
}

// Query selects goods for the list and the export. Empty fields do not filter.
type Query struct {
	Scope         *int64   // only this agency's goods (a channel session); nil: every row
	Blurry        string   // name or code contains
	Category      string   // a category's code, as asked
	Categories    []string // Category and the codes below it (the service fills it); nil: Category alone
	Status        string
	AgencyID      *int64
	From, To      *time.Time // creation range
	GroundingFrom *time.Time // listing (上架) range
	GroundingTo   *time.Time
	LowStock      bool    // only rows with a SKU at or under its threshold (库存预警)
	IDs           []int64 // only these rows (export of the selection)
	Order         string  // ORDER BY built from a whitelist (http.go); "" = newest first
	Offset, Limit int
}

func (s *Store) where(ctx context.Context, q Query) *gorm.DB {
	tx := scoped(s.db.WithContext(ctx).Model(&Goods{}), q.Scope)
	tx = db.AnyLike(tx, q.Blurry, "name", "code")
	switch {
	case len(q.Categories) > 0:
		tx = tx.Where("category IN ?", q.Categories)
	case q.Category != "": // a caller of the store that did not widen it: that category alone
		tx = tx.Where("category = ?", q.Category)
	}
	if q.Status != "" {
		tx = tx.Where("status = ?", q.Status)
	}
	if q.AgencyID != nil {
		tx = tx.Where("agency_id = ?", *q.AgencyID)
	}
	if q.LowStock {
		tx = tx.Where("low_skus > 0") // idx_goods_low_skus
	}
	// One bound at a time, in a fixed order: the same filters give the same SQL text, so one
	// prepared statement serves them.
	for _, b := range []struct {
		cond string
		v    *time.Time
	}{{"create_time >= ?", q.From}, {"create_time <= ?", q.To},
		{"grounding_time >= ?", q.GroundingFrom}, {"grounding_time <= ?", q.GroundingTo}} {
		if b.v != nil {
			tx = tx.Where(b.cond, *b.v)
		}
	}
	if len(q.IDs) > 0 {
		tx = tx.Where("id IN ?", q.IDs)
	}
	return tx
}

// pageIndexes are the indexes a page of the list can be read from in its order (db.IndexFor).
var pageIndexes = []db.PageIndex{
	{Name: "idx_goods_create", Order: "create_time"},
	{Name: "idx_goods_price", Order: "price"},
	{Name: "idx_goods_stock", Order: "stock"},
	{Name: "idx_goods_grounding", Order: "grounding_time"},
	{Name: "idx_goods_status_grounding", Equal: []string{"status"}, Order: "grounding_time"},
	{Name: "idx_goods_category_create", Equal: []string{"category"}, Order: "create_time"},
	{Name: "idx_goods_category_grounding", Equal: []string{"category"}, Order: "grounding_time"},
	{Name: "idx_goods_agency_create", Equal: []string{"agency_id"}, Order: "create_time"},
	{Name: "idx_goods_status_category_create", Equal: []string{"status", "category"}, Order: "create_time"},
	{Name: "idx_goods_list_price", Equal: []string{"status", "category"}, Order: "price"},
	{Name: "idx_goods_list_stock", Equal: []string{"status", "category"}, Order: "stock"},
}

// pageShape is what q's page asks of the goods table (db.PageShape): a range on the creation or
// listing time goes with an order by that time; a category with sub-categories, a text search,
// the low-stock filter or a selection of ids have no index of their own.
func pageShape(q Query) db.PageShape {
	col := db.OrderColumn(order(q))
	shape := db.PageShape{Order: col, Other: q.Blurry != "" || q.LowStock || len(q.IDs) > 0 || len(q.Categories) > 1 ||
		(q.From != nil || q.To != nil) && col != "create_time" ||
		(q.GroundingFrom != nil || q.GroundingTo != nil) && col != "grounding_time"}
	shape.Equals("status", q.Status != "")
	shape.Equals("category", len(q.Categories) == 1 || q.Category != "" && q.Categories == nil)
	shape.Equals("agency_id", q.Scope != nil || q.AgencyID != nil)
	return shape
}

func order(q Query) string {
	if q.Order == "" {
		return "create_time DESC, id DESC"
	}
	return q.Order
}

// scoped narrows tx to one agency's rows when scope is set.
func scoped(tx *gorm.DB, scope *int64) *gorm.DB {
	if scope != nil {
		return tx.Where("agency_id = ?", *scope)
	}
	return tx
}

// Search returns a page of goods and the number that match. The page is read through its ids
// from the nearest page mark (db.PageByIDsMarked: deep pages walk an index from where an earlier
// page ended, not rows from the start) and the number is remembered per filter (Count).
func (s *Store) Search(ctx context.Context, q Query) ([]Goods, int64, error) {
	n, err := s.Count(ctx, q)
	if err != nil || n == 0 {
		return []Goods{}, n, err
	}
	id := func(g Goods) int64 { return g.ID }
	// A list row has no description (the detail's alone): up to 20,000 characters a row not read.
	rows := db.ReadFrom(s.where(ctx, q), "goods", db.IndexFor(pageIndexes, pageShape(q))).Omit("description")
	if len(q.IDs) > 0 {
		page, err := db.PageByIDs[Goods](rows, order(q), q.Offset, q.Limit)
		return page, n, err
	}
	page, err := db.PageByIDsMarked(rows, order(q), q.Offset, q.Limit, id, s.marksOf(q), countKey(q)+"|"+order(q), seekKeys)
	return page, n, err
}

// Count is how many goods match q's filters, remembered per filter for CountTTL or until the
// next write through this store.
func (s *Store) Count(ctx context.Context, q Query) (int64, error) {
	count := func() (int64, error) {
		var n int64
		err := s.where(ctx, q).Count(&n).Error
		return n, err
	}
	if len(q.IDs) > 0 {
		return count()
	}
	if q.LowStock {
		return s.lowTotals.Get(countKey(q), count)
	}
	return s.totals.Get(countKey(q), count)
}

// countKey names q's filters (not its order or page).
func countKey(q Query) string {
	t := func(v *time.Time) string {
		if v == nil {
			return "-"
		}
		return v.UTC().Format(time.RFC3339Nano)
	}
	i := func(v *int64) string {
		if v == nil {
			return "-"
		}
		return strconv.FormatInt(*v, 10)
	}
	return strings.Join([]string{i(q.Scope), strconv.Quote(q.Blurry), strconv.Quote(q.Category), strconv.Quote(strings.Join(q.Categories, ",")), q.Status, i(q.AgencyID), strconv.FormatBool(q.LowStock),
		t(q.From), t(q.To), t(q.GroundingFrom), t(q.GroundingTo)}, "|")
}

// Each hands every row that matches q to fn in order, reading through one cursor.
func (s *Store) Each(ctx context.Context, q Query, fn func(Goods) error) error {
	return db.Each(s.where(ctx, q), order(q), fn)
}

// Get returns one row inside the scope, or ErrNotFound.
func (s *Store) Get(ctx context.Context, scope *int64, id int64) (Goods, error) {
	var g Goods
	err := scoped(s.db.WithContext(ctx), scope).Where("id = ?", id).Take(&g).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return g, ErrNotFound
	}
	return g, err
}

// saleMoves are the sale changes of editing old into g: off for the old agency, on for the new.
func saleMoves(old onSale, g *Goods) []SaleChange {
	was, is := old.Status == OnSale, g.Status == OnSale
	moved := !sameID(old.AgencyID, g.AgencyID)
	var out []SaleChange
	if was && (!is || moved) {
		out = append(out, SaleChange{GoodsID: g.ID, AgencyID: old.AgencyID, OnSale: false, At: g.UpdateTime})
	}
	if is && (!was || moved) {
		out = append(out, SaleChange{GoodsID: g.ID, AgencyID: g.AgencyID, OnSale: true, At: g.UpdateTime})
	}
	return out
}

func codeTaken(err error, code string) error {
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return &CodeTakenError{Code: code}
	}
	return err
}

// PutOnSale sets the rows inside the scope that are not on sale on sale, listed at now.
func (s *Store) PutOnSale(ctx context.Context, scope *int64, ids []int64, now time.Time) error {
	defer s.forget()
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		rows, err := lockSale(tx, scope, "id IN ? AND status <> ?", ids, OnSale)
		if err != nil || len(rows) == 0 {
			return err
		}
		err = tx.Model(&Goods{}).Where("id IN ?", idsOf(rows)).
			Updates(map[string]any{"status": OnSale, "grounding_time": now, "update_time": now}).Error
		if err != nil {
			return err
		}
		return s.tell(tx, changes(rows, true, now))
	})
}

// TakeOffSale sets the rows inside the scope that are on sale off sale.
func (s *Store) TakeOffSale(ctx context.Context, scope *int64, ids []int64, now time.Time) error {
	defer s.forget()
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		rows, err := lockSale(tx, scope, "id IN ? AND status = ?", ids, OnSale)
		if err != nil || len(rows) == 0 {
			return err
		}
		err = tx.Model(&Goods{}).Where("id IN ?", idsOf(rows)).
			Updates(map[string]any{"status": OffSale, "update_time": now}).Error
		if err != nil {
			return err
		}
		return s.tell(tx, changes(rows, false, now))
	})
}

func idsOf(rows []onSale) []int64 {
	out := make([]int64, len(rows))
	for i, r := range rows {
		out[i] = r.ID
	}
	return out
}
