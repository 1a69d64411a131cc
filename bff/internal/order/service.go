package order

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"time"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/gate"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/stock"
)

// The service's answers other than success (ErrIllegalMove is in machine.go). http.go turns
// each into one HTTP answer (httpError); nothing else in the package knows HTTP.
var (
	ErrNotFound         = errors.New("order: no such order")
	ErrOrderNoConflict  = errors.New("order: order number taken")
	ErrUnknownExpress   = errors.New("order: express company is not in the express_company dictionary")
	ErrTrackingRequired = errors.New("order: shipping needs an express company and a tracking number")
	ErrNoItems          = errors.New("order: an order needs at least one item with a positive quantity")
	ErrAmount           = errors.New("order: a price is negative or the total is out of range")
)

// ExpressDict is the dictionary of express companies.
const ExpressDict = "express_company"

// Dicts is what the service needs of dictionaries: the entries of one.
type Dicts interface {
	Details(ctx context.Context, name string) ([]dict.Detail, error)
}

// Service holds the rules of orders.
type Service struct {
	store    *Store
	dicts    Dicts
	rules    SettingsReader // nil: DefaultSettings
	notify   Notifier       // nil: no messages
	returns  Returns        // nil: no order has a return (shipdesk.go)
	log      *slog.Logger
	now      func() time.Time
	imports  *gate.Gate   // the express imports this process reads at once
	agencies *agency.Book // nil: names read per page
}

// NewService uses store, the express companies of dicts and now for time stamps.
func NewService(store *Store, dicts Dicts, now func() time.Time) *Service {
	return &Service{store: store, dicts: dicts, now: now, imports: gate.New(importSlots, importWait), log: slog.Default()}
}

// stamp is the time written into rows: UTC in milliseconds, as platform/db stores.
func (s *Service) stamp() time.Time { return s.now().UTC().Truncate(time.Millisecond) }

// NewOrder is an order as the shop makes it (the seed, the tests; the console never creates
// orders). OrderNo "" gets a new one.
type NewOrder struct {
	OrderNo      string
	CustomerName string
	Phone        string
	Address      string
	Freight      money.Fen
	AgencyID     *int64
	Remark       string
	Items        []NewItem
}

// NewItem is a line of a new order: the goods' name and unit price at the time of the order.
type NewItem struct {
	GoodsID   int64
	Name      string
	UnitPrice money.Fen
	Quantity  int64
}

// Create records a new unpaid order, its amount the items' total plus the freight.
func (s *Service) Create(ctx context.Context, in NewOrder) (int64, error) {
	if len(in.Items) == 0 {
		return 0, ErrNoItems
	}
	lines := []money.Fen{in.Freight}
	items := make([]Item, len(in.Items))
	for i, it := range in.Items {
		if it.Quantity <= 0 {
			return 0, ErrNoItems
		}
		sub, err := it.UnitPrice.Times(it.Quantity)
		if err != nil || it.UnitPrice < 0 {
			return 0, ErrAmount
		}
		lines = append(lines, sub)
		items[i] = Item{GoodsID: it.GoodsID, GoodsName: it.Name, UnitPrice: it.UnitPrice, Quantity: it.Quantity}
	}
	amount, err := money.Sum(lines...)
	if err != nil || in.Freight < 0 {
		return 0, ErrAmount
	}
	st, err := s.settings(ctx)
	if err != nil {
		return 0, err
	}
	now := s.stamp()
	if in.OrderNo == "" {
		if in.OrderNo, err = newOrderNo(now); err != nil {
			return 0, err
		}
	}
	o := Order{OrderNo: in.OrderNo, CustomerName: in.CustomerName, Phone: in.Phone, Address: in.Address,
		Amount: amount, Freight: in.Freight, AgencyID: in.AgencyID, Status: Unpaid, Remark: in.Remark,
		PayDeadline: st.payDeadline(now), CreateTime: now, UpdateTime: now}
	err = s.store.Create(ctx, &o, items, History{ToStatus: Unpaid, Operator: "system", Note: "下单", CreateTime: now})
	return o.ID, err
}

// newOrderNo is the time to the second and six random digits: readable, sortable by time, and
// unlikely to collide (the unique key refuses the rare collision).
func newOrderNo(now time.Time) (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s%06d", now.In(time.Local).Format("20060102150405"), n.Int64()), nil
}

// List returns a page of the orders q selects, newest first, and how many match. The rows hold
// what the list shows: the columns unlisted names are left zero (Get has them).
func (s *Service) List(ctx context.Context, q Query) ([]Order, int64, error) {
	return s.store.Search(ctx, q)
}

// Counts returns how many orders match q in each status (q.Status is ignored: these are the
// tabs), every status present.
func (s *Service) Counts(ctx context.Context, q Query) (map[string]int64, error) {
	got, err := s.store.Counts(ctx, q)
	if err != nil {
		return nil, err
	}
	out := make(map[string]int64, len(Statuses))
	for _, st := range Statuses {
		out[st] = got[st]
	}
	return out, nil
}

// Each hands every order q selects to fn (the export).
func (s *Service) Each(ctx context.Context, q Query, fn func(Order) error) error {
	return s.store.Each(ctx, q, fn)
}

// Detail is an order with its items, its history and the stock its lines moved, oldest first.
type Detail struct {
	Order
	Items      []Item
	History    []History
	StockMoves []stock.Entry
}

// Get returns one order inside the scope.
func (s *Service) Get(ctx context.Context, scope *int64, id int64) (Detail, error) {
	return s.store.Get(ctx, scope, id)
}

// MoveInput is what a move carries: the shipment for Ship, a note for any.
type MoveInput struct {
	ExpressCompany string
	TrackingNo     string
	Note           string
}

// Move applies action to one order inside the scope, as actor (a username). The status is read
// and changed under the row's lock in one transaction, so two moves racing cannot both start
// from the same status; an illegal move is a *MoveError and changes nothing. Close and refund
// give the lines' units back in that transaction (stockChange).
func (s *Service) Move(ctx context.Context, scope *int64, actor string, id int64, action string, in MoveInput) error {
	if action == Ship {
		if in.ExpressCompany == "" || in.TrackingNo == "" {
			return ErrTrackingRequired
		}
		if _, err := s.checkExpress(ctx, in.ExpressCompany); err != nil {
			return err
		}
	}
	st, err := s.settings(ctx)
	if err != nil {
		return err
	}
	return db.Retry(ctx, retries, func() error {
		_, err := s.store.Move(ctx, scope, id, s.stockedChange(actor, action, in, s.stamp(), st))
		return err
	})
}

// moveChange is the status machine's step for one order: what to write and the history entry,
// or the *MoveError of an illegal move. A manual move, the express import and the jobs all go
// through it; st are the order rules now, for the deadlines a ship or a completion starts.
func (s *Service) moveChange(actor, action string, in MoveInput, now time.Time, st Settings) func(Order) (map[string]any, History, error) {
	return func(o Order) (map[string]any, History, error) {
		to, err := Next(o.Status, action)
		if err != nil {
			return nil, History{}, err
		}
		up := map[string]any{"status": to, "update_time": now}
		switch action {
		case Pay:
			up["pay_time"] = now
		case Ship:
			up["express_company"], up["tracking_no"], up["ship_time"] = in.ExpressCompany, in.TrackingNo, now
		}
		st.deadlines(action, now, up)
		return up, History{FromStatus: o.Status, ToStatus: to, Operator: actor, Note: in.Note, CreateTime: now}, nil
	}
}

// importNote is the history note of an order shipped by the express import.
const importNote = "快递单号导入"

// shipChange is moveChange's ship for a row of the express import.
func (s *Service) shipChange(actor string, st Settings) func(Order, ImportRow) (map[string]any, History, error) {
	now := s.stamp()
	return func(o Order, r ImportRow) (map[string]any, History, error) {
		in := MoveInput{ExpressCompany: r.Company, TrackingNo: r.TrackingNo, Note: importNote}
		return s.moveChange(actor, Ship, in, now, st)(o)
	}
}
