package aftersale

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"net/http"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/aftersale/gateway"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/money"
)

// The service's answers other than success (ErrIllegalMove is in machine.go). http.go turns each
// into one HTTP answer; nothing else in the package knows HTTP.
var (
	ErrNotFound        = errors.New("aftersale: no such case")
	ErrOrderNotFound   = errors.New("aftersale: no such order")
	ErrNoItems         = errors.New("aftersale: a case needs at least one item with a positive quantity")
	ErrType            = errors.New("aftersale: unknown case type")
	ErrReasonRequired  = errors.New("aftersale: a rejection needs a reason")
	ErrTrackingMissing = errors.New("aftersale: a return shipment needs an express company and a tracking number")
	ErrNoGateway       = errors.New("aftersale: no payment gateway is configured")
	ErrProvider        = errors.New("aftersale: unknown refund provider")
	ErrVoucherRequired = errors.New("aftersale: a manual refund needs the voucher number and picture")
	ErrRefundInFlight  = errors.New("aftersale: the refund is being processed")
	ErrApproving       = errors.New("aftersale: the refund is waiting for its approval")
	ErrNoApprovals     = errors.New("aftersale: no approval flow for big refunds")
	ErrOverRefund      = errors.New("aftersale: the refund would exceed what was paid")
	ErrGatewayAmount   = errors.New("aftersale: the gateway reports another amount")
	ErrAmountPositive  = errors.New("aftersale: the amount must be positive")
	ErrVoucherFile     = errors.New("aftersale: the voucher is not an uploaded picture")
	ErrPhotos          = errors.New("aftersale: a photo is not an uploaded picture")
	// ErrWindowClosed: the order's after-sales window (订单设置's days after completion) ended.
	ErrWindowClosed = errors.New("aftersale: the order's after-sales period is over")
)

// OrderStatusError: the order cannot have a case in its status.
type OrderStatusError struct{ Status string }

func (e *OrderStatusError) Error() string {
	return "aftersale: an order in status " + e.Status + " cannot have a case"
}

// ItemError: a line of the case is not the order's, or asks more units than are left (Max).
type ItemError struct {
	Ref string // the order item id or SKU code as given
	Max int64  // the units that may still be asked; -1: not a line of the order
}

func (e *ItemError) Error() string {
	return fmt.Sprintf("aftersale: item %s: at most %d", e.Ref, e.Max)
}

// AmountError: the amount (or freight) asked is more than may be refunded; Max is the most.
type AmountError struct {
	Field string // "amount" or "freight"
	Max   money.Fen
}

func (e *AmountError) Error() string { return fmt.Sprintf("aftersale: %s at most %s", e.Field, e.Max) }

// Approvals starts the 退款审批 workflow instance of a big refund (the workflow engine).
type Approvals interface {
	StartFor(ctx context.Context, tx *gorm.DB, formCode string, applicantID int64, data map[string]any) (int64, error)
	// Announce tells the instance's approvers, once the transaction StartFor ran in committed.
	Announce(ctx context.Context, instanceID int64)
}

// Gateway is the payment gateway's refund API (gateway.Client).
type Gateway interface {
	Refund(ctx context.Context, r gateway.Request) (gateway.Result, error)
	Query(ctx context.Context, refundNo string) (gateway.Result, error)
	Verify(h http.Header, body []byte) (gateway.Result, error)
}

// Refunds is told, inside the refund's transaction, of the money a case gave back: the figures
// kept from orders take it back on the day it went back (an error rolls the refund back).
type Refunds interface {
	CaseRefunded(tx *gorm.DB, o order.Order, r RefundRecord) error
}

// RefundRecord is one case's refund: the amount (freight included), when, what each line got
// back, and, when it refunded the order's last units, the order's move to refunded.
type RefundRecord struct {
	CaseNo string
	Amount money.Fen
	At     time.Time
	Lines  []RefundLine
	Whole  *order.History
}

// RefundLine is what one order line got back.
type RefundLine struct {
	GoodsID   int64
	GoodsName string
	Quantity  int64
	Amount    money.Fen
}

// RefundFormCode is the workflow form of the 退款审批 flow.
const RefundFormCode = "refund"

// Deps are what the service needs besides its store. Approvals nil: refunds over ApprovalOver are
// refused (ErrNoApprovals); Gateway nil: the gateway provider is refused (ErrNoGateway).
type Deps struct {
	Now           func() time.Time
	Approvals     Approvals
	Gateway       Gateway
	ApprovalOver  money.Fen // a refund above this needs an approval
	ReturnAddress string    // given to the buyer when a return is approved without one
	Log           *slog.Logger
	// Refunds hear of every case's money going back, inside its transaction (the dashboard).
	Refunds Refunds
	// OrdersChanged is called after a refund was committed (the order list forgets its counts).
	OrdersChanged func()
	// Labels name the reasons in the export (dict.LabelsOf); nil writes the values.
	Labels export.Labels
	// Files claims the photos and vouchers a case takes, inside its transaction, so the orphan
	// sweep never removes them (attach.Service; docs/decisions.md "Orphaned uploads"); nil: none.
	Files Files
}

// Files marks uploads as taken by a record inside its transaction.
type Files interface {
	Claim(tx *gorm.DB, ids ...int64) error
}

// claim claims ids inside tx (nothing without Files).
func (s *Service) claim(tx *gorm.DB, ids ...int64) error {
	if s.deps.Files == nil {
		return nil
	}
	return s.deps.Files.Claim(tx, ids...)
}

// Service holds the rules of after-sales cases.
type Service struct {
	store  *Store
	deps   Deps
	notify Notifier // nil: nobody is told of new cases
}

// NewService uses store and deps.
func NewService(store *Store, deps Deps) *Service {
	if deps.Now == nil {
		deps.Now = time.Now
	}
	if deps.Log == nil {
		deps.Log = slog.Default()
	}
	return &Service{store: store, deps: deps}
}

// retries is how many times a transaction InnoDB gave up for another's (a deadlock) runs again.
const retries = 5

// stamp is the time written into rows: UTC in milliseconds, as platform/db stores.
func (s *Service) stamp() time.Time { return s.deps.Now().UTC().Truncate(time.Millisecond) }

// Actor is who refunds: the approval's applicant and the history's operator.
type Actor struct {
	UserID int64
	Name   string
}

// OpenInput is a case as the storefront or staff (代客申请) open it.
type OpenInput struct {
	OrderNo                   string
	Type, Reason, Description string
	Photos                    []int64
	Items                     []ItemInput
	Amount, Freight           money.Fen
	Operator, Source          string
}

// ItemInput is one line: the console names the order item, the open API its SKU code.
type ItemInput struct {
	OrderItemID int64
	SkuCode     string
	Quantity    int64
}

// Orders that may have a case: paid and not refunded or closed.
var openable = []string{order.Paid, order.Shipped, order.Completed}

// Open records a new case in applied for the order numbered in.OrderNo inside the scope. The
// order's row is locked while the lines and the amount are checked against what other cases
// hold, so two cases opened at once cannot both take the last units.
func (s *Service) Open(ctx context.Context, scope *int64, in OpenInput) (Detail, error) {
	if in.Type != TypeRefund && in.Type != TypeReturn {
		return Detail{}, ErrType
	}
	if len(in.Items) == 0 {
		return Detail{}, ErrNoItems
	}
	for _, it := range in.Items {
		if it.Quantity <= 0 {
			return Detail{}, ErrNoItems
		}
	}
	if in.Amount <= 0 {
		return Detail{}, ErrAmountPositive
	}
	if in.Freight < 0 || in.Freight > in.Amount {
		return Detail{}, &AmountError{Field: "freight", Max: in.Amount}
	}
	if ok, err := s.pictures(ctx, in.Photos); err != nil || !ok {
		return Detail{}, errors.Join(err, ErrPhotos)
	}
	photos, err := json.Marshal(append([]int64{}, in.Photos...))
	if err != nil {
		return Detail{}, err
	}
	var id int64
	for try := 0; try < retries; try++ { // a number drawn twice in one second is drawn again
		err = db.Retry(ctx, retries, func() error {
			return s.store.db.WithContext(ctx).Transaction(func(tx *gorm.DB) (err error) {
				if id, err = s.open(tx, scope, in, string(photos)); err != nil {
					return err
				}
				return s.claim(tx, in.Photos...)
			})
		})
		if !errors.Is(err, gorm.ErrDuplicatedKey) {
			break
		}
	}
	if err != nil {
		return Detail{}, err
	}
	d, err := s.store.get(ctx, nil, "id = ?", id)
	if err == nil {
		s.opened(ctx, d.Case)
	}
	return d, err
}

func (s *Service) open(tx *gorm.DB, scope *int64, in OpenInput, photos string) (int64, error) {
	o, err := lockOrder(tx, scope, "order_no = ?", in.OrderNo)
	if err != nil {
		return 0, err
	}
	if !contains(openable, o.Status) {
		return 0, &OrderStatusError{Status: o.Status}
	}
	if windowClosed(o, s.stamp()) {
		return 0, ErrWindowClosed
	}
	lines, err := orderLines(tx, o.ID)
	if err != nil {
		return 0, err
	}
	taken, err := unitsTaken(tx, o.ID, 0)
	if err != nil {
		return 0, err
	}
	items := make([]Item, 0, len(in.Items))
	seen := map[int64]bool{}
	for _, it := range in.Items {
		ref := it.SkuCode
		if it.OrderItemID != 0 {
			ref = fmt.Sprint(it.OrderItemID)
		}
		line, ok := findLine(lines, it)
		if !ok || seen[line.ID] {
			return 0, &ItemError{Ref: ref, Max: -1}
		}
		seen[line.ID] = true
		if left := line.Quantity - taken[line.ID]; it.Quantity > left {
			return 0, &ItemError{Ref: ref, Max: left}
		}
		items = append(items, Item{OrderItemID: line.ID, SkuID: line.SkuID, SkuCode: line.SkuCode, GoodsName: line.GoodsName,
			SpecText: line.SpecText, UnitPrice: line.UnitPrice, Quantity: it.Quantity})
	}
	freightMax, err := freightLeft(tx, o, 0)
	if err != nil {
		return 0, err
	}
	if in.Freight > freightMax {
		return 0, &AmountError{Field: "freight", Max: freightMax}
	}
	if most := itemsCap(items, lines) + in.Freight; in.Amount > most {
		return 0, &AmountError{Field: "amount", Max: most}
	}
	now := s.stamp()
	no, err := newCaseNo(now)
	if err != nil {
		return 0, err
	}
	source := in.Source
	if source == "" {
		source = "console"
	}
	c := Case{CaseNo: no, OrderID: o.ID, OrderNo: o.OrderNo, AgencyID: o.AgencyID, CustomerName: o.CustomerName,
		Phone: o.Phone, Type: in.Type, Status: Applied, Reason: in.Reason, Description: in.Description, Photos: photos,
		Amount: in.Amount, Freight: in.Freight, Source: source, CreateBy: in.Operator, CreateTime: now, UpdateTime: now}
	if err := tx.Create(&c).Error; err != nil {
		return 0, err
	}
	for i := range items {
		items[i].CaseID = c.ID
	}
	if err := tx.Create(&items).Error; err != nil {
		return 0, err
	}
	note := "买家申请"
	if source == "console" {
		note = "代客申请"
	}
	return c.ID, tx.Create(&History{CaseID: c.ID, ToStatus: Applied, Operator: in.Operator, Note: note, CreateTime: now}).Error
}

func findLine(lines []order.Item, it ItemInput) (order.Item, bool) {
	for _, l := range lines {
		if (it.OrderItemID != 0 && l.ID == it.OrderItemID) || (it.OrderItemID == 0 && it.SkuCode != "" && l.SkuCode == it.SkuCode) {
			return l, true
		}
	}
	return order.Item{}, false
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// newCaseNo is "AS", the time to the second and six random digits (the unique key refuses the
// rare collision, and Open draws again).
func newCaseNo(now time.Time) (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("AS%s%06d", now.In(time.Local).Format("20060102150405"), n.Int64()), nil
}

// Get returns one case inside the scope.
func (s *Service) Get(ctx context.Context, scope *int64, id int64) (Detail, error) {
	return s.store.get(ctx, scope, "id = ?", id)
}

// GetByNo returns the case numbered caseNo inside the scope.
func (s *Service) GetByNo(ctx context.Context, scope *int64, caseNo string) (Detail, error) {
	return s.store.get(ctx, scope, "case_no = ?", caseNo)
}

// List returns a page of the cases q selects, newest first, and how many match.
func (s *Service) List(ctx context.Context, q Query) ([]Case, int64, error) {
	return s.store.Search(ctx, q)
}

// Counts returns how many cases match q in each status (q.Status ignored), every status present.
func (s *Service) Counts(ctx context.Context, q Query) (map[string]int64, error) {
	got, err := s.store.Counts(ctx, q)
	out := make(map[string]int64, len(Statuses))
	for _, st := range Statuses {
		out[st] = got[st]
	}
	return out, err
}

// Each hands every case q selects to fn (the export).
func (s *Service) Each(ctx context.Context, q Query, fn func(Case) error) error {
	return s.store.Each(ctx, q, fn)
}

// OrderCases are the cases of one order (the order detail).
func (s *Service) OrderCases(ctx context.Context, orderID int64) ([]Case, error) {
	return s.store.OrderCases(ctx, orderID)
}

// PendingCount is 待处理售后: cases waiting for staff — applied, returned (to receive), received
// (to refund), and in refunding with no refund asked yet, a failed one, or one approved and
// waiting for its voucher.
func (s *Service) PendingCount(ctx context.Context, scope *int64) (int64, error) {
	var n int64
	err := scoped(s.store.db.WithContext(ctx).Model(&Case{}), scope).
		Where("status IN ? OR (status = ? AND refund_state IN ?)", []string{Applied, Returned, Received}, Refunding,
			[]string{RefundNone, RefundFailed, RefundApproved}).Count(&n).Error
	return n, err
}

// pictures tells whether every id is an uploaded picture (attach's table, read by name: the
// upload is the shared Upload's, any owner).
func (s *Service) pictures(ctx context.Context, ids []int64) (bool, error) {
	if len(ids) == 0 {
		return true, nil
	}
	var n int64
	err := s.store.db.WithContext(ctx).Table("attachments").Where("id IN ? AND content_type LIKE ?", ids, "image/%").Count(&n).Error
	distinct := map[int64]bool{}
	for _, id := range ids {
		distinct[id] = true
	}
	return err == nil && n == int64(len(distinct)), err
}
