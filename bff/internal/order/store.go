package order

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
)

// Store reads and writes orders with their items and history. It knows gorm and nothing of
// HTTP.
type Store struct {
	db       *gorm.DB
	lists    lists                           // list totals and where pages begin (as goods'), per filter and order
	tabs     *cache.Counts[map[string]int64] // tab counts per filter
	watchers []Watcher
}

// CountTTL is how long a list's total and the tab counts are remembered: writes through this
// store forget them at once, writes elsewhere (another instance) show within this time
// (docs/decisions.md "Goods and orders at a million rows").
const CountTTL = 30 * time.Second

// NewStore uses g and tells watchers of every write.
func NewStore(g *gorm.DB, watchers ...Watcher) *Store {
	return NewStoreWithClock(g, time.Now, watchers...)
}

// NewStoreWithClock is NewStore with now for the age of remembered counts.
func NewStoreWithClock(g *gorm.DB, now func() time.Time, watchers ...Watcher) *Store {
	return &Store{db: g, lists: newLists(now), tabs: cache.NewCounts[map[string]int64](CountTTL, 10_000, now),
		watchers: watchers}
}

// Forget drops the remembered totals and tab counts at once: for writes to orders made outside
// this store in this process (an after-sales case that refunds an order).
func (s *Store) Forget() { s.invalidate() }

func (s *Store) invalidate() {
	s.lists.forgetAll()
	s.tabs.Invalidate()
}

// seekKeys are the sorts a page can start from a mark in.
var seekKeys = db.SeekKeys{
	"create_time": func() any { return new(time.Time) },
	"amount":      func() any { return new(int64) },
	"pay_time":    func() any { return new(time.Time) },
}

// countKey names q's filters but the status (not its order or page).
func countKey(q Query) string {
	i := func(v *int64) string {
		if v == nil {
			return "-"
		}
		return strconv.FormatInt(*v, 10)
	}
	t := func(v *time.Time) string {
		if v == nil {
			return "-"
		}
		return v.UTC().Format(time.RFC3339Nano)
	}
	return strings.Join([]string{i(q.Scope), q.OrderNo, q.Phone, q.PhoneTail, i(q.AgencyID), t(q.From), t(q.To)}, "|")
}

// Watcher hears of every order written, inside the transaction that writes it, so that what is
// kept from the orders (the dashboard's daily figures) changes with them or not at all. An error
// rolls the write back. Every write of an order's status goes through Create or Move.
type Watcher interface {
	// OrderCreated: o (with its ID) and its items were just added.
	OrderCreated(tx *gorm.DB, o Order, items []Item) error
	// OrderMoved: o, as it was before, moved to another status as h says (h.CreateTime is when).
	OrderMoved(tx *gorm.DB, o Order, h History) error
}

// Query selects orders for the list, the tab counts and the export. Empty fields do not filter.
type Query struct {
	Scope         *int64 // only this agency's orders (a channel session); nil: every row
	OrderNo       string // prefix
	Phone         string // prefix
	PhoneTail     string // the last four digits; alone, the start of the number matches too
	Status        string
	AgencyID      *int64
	From, To      *time.Time // creation range
	IDs           []int64    // only these rows (export of the selection)
	Order         string     // ORDER BY built from a whitelist (http.go); "" = newest first
	Offset, Limit int
}

// scoped narrows tx to one agency's rows when scope is set.
func scoped(tx *gorm.DB, scope *int64) *gorm.DB {
	if scope != nil {
		return tx.Where("agency_id = ?", *scope)
	}
	return tx
}

// where applies every filter but the status (the tabs count over the others).
func (s *Store) where(ctx context.Context, q Query) *gorm.DB {
	tx := s.filters(ctx, q)
	if e := either(q); e != nil {
		tx = tx.Where(db.AnyOf(e))
	}
	return tx
}

// either is the filter that matches one of two: four digits alone are the start of the number
// (phone_head) or its 尾号 (phone_tail), each with an index of its own that goes on in creation
// order, so that a page reads each side's first rows (db.PageByIDs) instead of every match.
func either(q Query) []clause.Expr {
	if q.Phone != "" || q.PhoneTail == "" {
		return nil
	}
	return []clause.Expr{{SQL: "phone_head = ?", Vars: []any{q.PhoneTail}}, {SQL: "phone_tail = ?", Vars: []any{q.PhoneTail}}}
}

// filters are where's but either's.
func (s *Store) filters(ctx context.Context, q Query) *gorm.DB {
	tx := scoped(s.db.WithContext(ctx).Model(&Order{}), q.Scope)
	if q.OrderNo != "" {
		tx = tx.Where(db.LikeSQL("order_no"), db.StartsWith(q.OrderNo))
	}
	switch {
	case q.Phone != "" && q.PhoneTail != "": // the masked form: 138****1019
		tx = tx.Where(db.LikeSQL("phone"), db.StartsWith(q.Phone)).Where("phone_tail = ?", q.PhoneTail)
	case q.Phone != "":
		tx = tx.Where(db.LikeSQL("phone"), db.StartsWith(q.Phone))
	}
	if q.AgencyID != nil {
		tx = tx.Where("agency_id = ?", *q.AgencyID)
	}
	if q.From != nil {
		tx = tx.Where("create_time >= ?", *q.From)
	}
	if q.To != nil {
		tx = tx.Where("create_time <= ?", *q.To)
	}
	if len(q.IDs) > 0 {
		tx = tx.Where("id IN ?", q.IDs)
	}
	return tx
}

func withStatus(tx *gorm.DB, status string) *gorm.DB {
	if status != "" {
		return tx.Where("status = ?", status)
	}
	return tx
}

// pageIndexes are the indexes a page of the list can be read from in its order (db.IndexFor).
var pageIndexes = []db.PageIndex{
	{Name: "idx_orders_create", Order: "create_time"},
	{Name: "idx_orders_amount", Order: "amount"},
	{Name: "idx_orders_pay", Order: "pay_time"},
	{Name: "idx_orders_status_create", Equal: []string{"status"}, Order: "create_time"},
	{Name: "idx_orders_status_amount", Equal: []string{"status"}, Order: "amount"},
	{Name: "idx_orders_status_pay", Equal: []string{"status"}, Order: "pay_time"},
	{Name: "idx_orders_agency_status_create", Equal: []string{"agency_id", "status"}, Order: "create_time"},
}

// pageShape is what q's page asks of the orders table (db.PageShape): a creation range goes with
// an order by creation; a number or phone search, or a selection of ids, have indexes of their
// own that the optimizer weighs.
func pageShape(q Query) db.PageShape {
	col := db.OrderColumn(order(q))
	shape := db.PageShape{Order: col, Other: q.OrderNo != "" || q.Phone != "" || q.PhoneTail != "" || len(q.IDs) > 0 ||
		(q.From != nil || q.To != nil) && col != "create_time"}
	shape.Equals("status", q.Status != "")
	shape.Equals("agency_id", q.Scope != nil || q.AgencyID != nil)
	return shape
}

func order(q Query) string {
	if q.Order == "" {
		return "create_time DESC, id DESC"
	}
	return q.Order
}

// unlisted are the columns a list page does not show (the detail does): its rows are read
// without them.
func unlisted() []string {
	return []string{"address", "freight_refunded", "pay_deadline", "auto_complete_at", "aftersale_until",
		"aftersale_closed", "update_time"}
}

// Search returns a page of orders and the number that match. The page is read through its ids
// from the nearest page mark (db.PageByIDsMarked, as goods: paging on walks an index from where
// the page before ended); the number is remembered per filter.
func (s *Store) Search(ctx context.Context, q Query) ([]Order, int64, error) {
	count := func() (int64, error) {
		var n int64
		err := withStatus(s.where(ctx, q), q.Status).Count(&n).Error
		return n, err
	}
	var n int64
	var err error
	if len(q.IDs) > 0 {
		n, err = count()
	} else {
		n, err = s.lists.of(q.Status).totals.Get(q.Status+"|"+countKey(q), count)
	}
	if err != nil || n == 0 {
		return []Order{}, n, err
	}
	id := func(o Order) int64 { return o.ID }
	if len(q.IDs) > 0 {
		rows, err := db.PageByIDs[Order](withStatus(s.where(ctx, q), q.Status).Omit(unlisted()...), order(q), q.Offset, q.Limit)
		return rows, n, err
	}
	page := db.ReadFrom(withStatus(s.filters(ctx, q), q.Status), "orders", db.IndexFor(pageIndexes, pageShape(q)))
	rows, err := db.PageByIDsMarked(page.Omit(unlisted()...), order(q), q.Offset, q.Limit, id, s.lists.of(q.Status).marks,
		q.Status+"|"+countKey(q)+"|"+order(q), seekKeys, either(q)...)
	return rows, n, err
}

// Counts returns how many orders match q (its status aside) in each status, remembered per
// filter like the list's total.
func (s *Store) Counts(ctx context.Context, q Query) (map[string]int64, error) {
	return s.tabs.Get(countKey(q), func() (map[string]int64, error) {
		var rows []struct {
			Status string
			N      int64
		}
		err := s.where(ctx, q).Select("status, COUNT(*) AS n").Group("status").Scan(&rows).Error
		out := map[string]int64{}
		for _, r := range rows {
			out[r.Status] = r.N
		}
		return out, err
	})
}

// Each hands every order q selects to fn in order, reading through one cursor.
func (s *Store) Each(ctx context.Context, q Query, fn func(Order) error) error {
	return db.Each(withStatus(s.where(ctx, q), q.Status), order(q), fn)
}

// Get returns one order inside the scope with its items, history and stock moves, or
// ErrNotFound.
func (s *Store) Get(ctx context.Context, scope *int64, id int64) (Detail, error) {
	return s.get(ctx, scope, "id = ?", id)
}

// GetByNo is Get for the order numbered no.
func (s *Store) GetByNo(ctx context.Context, scope *int64, no string) (Detail, error) {
	return s.get(ctx, scope, "order_no = ?", no)
}

func (s *Store) get(ctx context.Context, scope *int64, cond string, key any) (Detail, error) {
	var d Detail
	tx := s.db.WithContext(ctx)
	err := scoped(tx, scope).Where(cond, key).Take(&d.Order).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return d, ErrNotFound
	}
	if err == nil {
		err = tx.Where("order_id = ?", d.ID).Order("id").Find(&d.Items).Error
	}
	if err == nil {
		err = tx.Where("order_id = ?", d.ID).Order("create_time, id").Find(&d.History).Error
	}
	if err == nil {
		err = tx.Where("order_no = ?", d.OrderNo).Order("id").Find(&d.StockMoves).Error
	}
	return d, err
}

// Create adds the order with its items and its first history entry, in one transaction; a
// taken order number is ErrOrderNoConflict.
func (s *Store) Create(ctx context.Context, o *Order, items []Item, h History) error {
	defer s.invalidate()
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return s.create(tx, o, items, h, nil)
	})
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return ErrOrderNoConflict
	}
	return err
}

// create writes the order, its items (their ids set), then lets take (if any) move their stock,
// then writes the history entry and tells the watchers: stock rows are locked before the
// dashboard's, the order every transaction takes them in (docs/decisions.md "Stock").
func (s *Store) create(tx *gorm.DB, o *Order, items []Item, h History, take func(tx *gorm.DB, o Order, items []Item) error) error {
	if err := tx.Create(o).Error; err != nil {
		return err
	}
	for i := range items {
		items[i].OrderID = o.ID
	}
	if err := tx.Create(&items).Error; err != nil {
		return err
	}
	if take != nil {
		if err := take(tx, *o, items); err != nil {
			return err
		}
	}
	h.OrderID = o.ID
	if err := tx.Create(&h).Error; err != nil {
		return err
	}
	for _, w := range s.watchers {
		if err := w.OrderCreated(tx, *o, items); err != nil {
			return err
		}
	}
	return nil
}

// Change decides, from an order as it is now (locked), what a move writes: the columns and the
// history entry. tx is the move's transaction, so a change can move stock with the status.
// Nil updates and no error: nothing to do (the move was already made), nothing is written.
type Change func(tx *gorm.DB, o Order) (updates map[string]any, h History, err error)

// Move changes one order inside the scope in one transaction: it locks the row, lets change
// decide (from the row as it is now) what to write, writes it and the history entry. An error
// from change rolls everything back. The answer is the order as it is after.
func (s *Store) Move(ctx context.Context, scope *int64, id int64, change Change) (Order, error) {
	return s.move(ctx, scope, "id = ?", id, change)
}

// tell lets the watchers hear of a status move; a change that keeps the status (an address, a
// corrected shipment) changes nothing they keep by status.
func (s *Store) tell(tx *gorm.DB, o Order, h History) error {
	if h.FromStatus == h.ToStatus {
		return nil
	}
	for _, w := range s.watchers {
		if err := w.OrderMoved(tx, o, h); err != nil {
			return err
		}
	}
	return nil
}

// MoveByNo is Move for the order numbered no.
func (s *Store) MoveByNo(ctx context.Context, scope *int64, no string, change Change) (Order, error) {
	return s.move(ctx, scope, "order_no = ?", no, change)
}

func (s *Store) move(ctx context.Context, scope *int64, cond string, key any, change Change) (Order, error) {
	var o Order
	var written map[string]any // nil: nothing to write
	var moved History
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := scoped(tx, scope).Clauses(clause.Locking{Strength: "UPDATE"}).Where(cond, key).Take(&o).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		updates, h, err := change(tx, o)
		if err != nil || updates == nil {
			return err
		}
		if err := tx.Model(&Order{}).Where("id = ?", o.ID).Updates(updates).Error; err != nil {
			return err
		}
		h.OrderID = o.ID
		if err := tx.Create(&h).Error; err != nil {
			return err
		}
		if err := s.tell(tx, o, h); err != nil {
			return err
		}
		written, moved = updates, h
		return tx.Where("id = ?", o.ID).Take(&o).Error
	})
	// The lists forget what the move wrote: a shipment only the lists of its two statuses.
	if err != nil {
		s.invalidate()
	} else {
		s.lists.forgetMove(written, moved.FromStatus, moved.ToStatus)
		s.tabs.Invalidate()
	}
	return o, err
}
