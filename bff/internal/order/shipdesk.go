package order

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/platform/db"
)

// The shipping desk (docs/decisions.md "Shipping desk"): before shipping the address may change;
// after it the shipment may be corrected or cancelled back to 待发货 within the order rules'
// window (shipmentFixHours), never once the order completed or has a return. Each is one
// transaction under the order's row lock (Store.Move), so it cannot cross a move, the
// auto-complete job or an after-sales case being opened (which takes the same lock). None moves
// stock: the units stay sold.

var (
	// ErrHasReturn: the order has a 退货退款 case that is not rejected or cancelled, so its parcel
	// is (or will be) on its way back.
	ErrHasReturn = errors.New("order: the order has an after-sales return")
	// ErrFixWindow: the shipment is older than the rules' window (a *WindowError names it).
	ErrFixWindow = errors.New("order: the shipment can no longer be corrected")
)

// Operations of the shipping desk, named by a *StateError.
const (
	OpAddress  = "address"
	OpShipment = "shipment"
)

// StateError: the order's status does not allow the operation Op.
type StateError struct{ Status, Op string }

func (e *StateError) Error() string {
	return fmt.Sprintf("order: %s not allowed in status %s", e.Op, e.Status)
}
func (e *StateError) Is(target error) bool { return target == ErrIllegalMove }

// WindowError is ErrFixWindow naming the window.
type WindowError struct{ Hours int }

func (e *WindowError) Error() string {
	return fmt.Sprintf("order: shipped more than %d hours ago", e.Hours)
}
func (e *WindowError) Is(target error) bool { return target == ErrFixWindow }

// Returns tells which of the orders have a return that stands (aftersale.Service). tx is the
// caller's transaction, holding the order's lock when it decides a move.
type Returns interface {
	Returning(tx *gorm.DB, orderIDs []int64) (map[int64]bool, error)
}

// UseReturns makes the desk refuse orders with a return; nil: none is asked.
func (s *Service) UseReturns(r Returns) { s.returns = r }

// Address is where an order goes.
type Address struct {
	CustomerName string
	Phone        string
	Address      string
}

// shown is a as the history's note shows it, cut to fit both sides in the column.
func (a Address) shown() string {
	return cut(strings.Join([]string{a.CustomerName, a.Phone, a.Address}, " "))
}

// cut shortens a side of a history note so that both fit the column (255 characters).
func cut(v string) string {
	if v == "" {
		return "无"
	}
	if rs := []rune(v); len(rs) > remarkNoteSide {
		return string(rs[:remarkNoteSide-1]) + "…"
	}
	return v
}

// SetAddress changes where an unpaid or paid order goes, as actor; the answer is the address
// before. The history gets 修改收货信息 with before → after; an unchanged address writes nothing.
func (s *Service) SetAddress(ctx context.Context, scope *int64, actor string, id int64, a Address) (Address, error) {
	var before Address
	err := db.Retry(ctx, retries, func() error {
		_, err := s.store.Move(ctx, scope, id, func(_ *gorm.DB, o Order) (map[string]any, History, error) {
			before = Address{o.CustomerName, o.Phone, o.Address}
			if o.Status != Unpaid && o.Status != Paid {
				return nil, History{}, &StateError{Status: o.Status, Op: OpAddress}
			}
			if before == a {
				return nil, History{}, nil
			}
			now := s.stamp()
			return map[string]any{"customer_name": a.CustomerName, "phone": a.Phone, "address": a.Address, "update_time": now},
				History{FromStatus: o.Status, ToStatus: o.Status, Operator: actor, CreateTime: now,
					Note: "修改收货信息：" + before.shown() + " → " + a.shown()}, nil
		})
		return err
	})
	return before, err
}

// Shipment is an order's express company (a value of ExpressDict) and tracking number.
type Shipment struct {
	ExpressCompany string
	TrackingNo     string
}

// checkExpress is ErrUnknownExpress unless company is in the dictionary; the answer names each
// company by its label.
func (s *Service) checkExpress(ctx context.Context, company string) (map[string]string, error) {
	ds, err := s.dicts.Details(ctx, ExpressDict)
	if err != nil {
		return nil, err
	}
	if !slices.ContainsFunc(ds, func(d dict.Detail) bool { return d.Value == company }) {
		return nil, ErrUnknownExpress
	}
	labels := make(map[string]string, len(ds))
	for _, d := range ds {
		labels[d.Value] = d.Label
	}
	return labels, nil
}

// fixable is why o's shipment may not change now (nil: it may): it must be shipped, within the
// window and without a return. tx holds o's lock.
func (s *Service) fixable(tx *gorm.DB, o Order, st Settings, now time.Time) error {
	if o.Status != Shipped {
		return &StateError{Status: o.Status, Op: OpShipment}
	}
	if until, ok := st.fixUntil(o); !ok || now.After(until) {
		return &WindowError{Hours: st.ShipmentFixHours}
	}
	if s.returns == nil {
		return nil
	}
	has, err := s.returns.Returning(tx, []int64{o.ID})
	if err == nil && has[o.ID] {
		return ErrHasReturn
	}
	return err
}

// fixUntil is until when o's shipment may be corrected; false for an order without a ship time.
func (st Settings) fixUntil(o Order) (time.Time, bool) {
	if o.ShipTime == nil {
		return time.Time{}, false
	}
	return o.ShipTime.Add(time.Duration(st.ShipmentFixHours) * time.Hour), true
}

// SetShipment corrects the express company and tracking number of a shipped order, as actor;
// the answer is the shipment before. The history gets 修改物流 with before → after.
func (s *Service) SetShipment(ctx context.Context, scope *int64, actor string, id int64, in Shipment) (Shipment, error) {
	labels, err := s.checkExpress(ctx, in.ExpressCompany)
	if err != nil {
		return Shipment{}, err
	}
	st, err := s.settings(ctx)
	if err != nil {
		return Shipment{}, err
	}
	label := func(sh Shipment) string {
		name := labels[sh.ExpressCompany]
		if name == "" {
			name = sh.ExpressCompany
		}
		return cut(name + " " + sh.TrackingNo)
	}
	var before Shipment
	err = db.Retry(ctx, retries, func() error {
		_, err := s.store.Move(ctx, scope, id, func(tx *gorm.DB, o Order) (map[string]any, History, error) {
			before = Shipment{o.ExpressCompany, o.TrackingNo}
			now := s.stamp()
			if err := s.fixable(tx, o, st, now); err != nil {
				return nil, History{}, err
			}
			if before == in {
				return nil, History{}, nil
			}
			return map[string]any{"express_company": in.ExpressCompany, "tracking_no": in.TrackingNo, "update_time": now},
				History{FromStatus: o.Status, ToStatus: o.Status, Operator: actor, CreateTime: now,
					Note: "修改物流：" + label(before) + " → " + label(in)}, nil
		})
		return err
	})
	return before, err
}

// Unship cancels the shipment of a shipped order, as actor, for reason: back to 待发货 without
// company, number, ship time or auto-complete deadline. The move goes through the watchers, so
// the dashboard's status counts follow; the units stay sold.
func (s *Service) Unship(ctx context.Context, scope *int64, actor string, id int64, reason string) error {
	st, err := s.settings(ctx)
	if err != nil {
		return err
	}
	return db.Retry(ctx, retries, func() error {
		_, err := s.store.Move(ctx, scope, id, func(tx *gorm.DB, o Order) (map[string]any, History, error) {
			to, err := Next(o.Status, Unship)
			if err != nil {
				return nil, History{}, err
			}
			now := s.stamp()
			if err := s.fixable(tx, o, st, now); err != nil {
				return nil, History{}, err
			}
			return map[string]any{"status": to, "express_company": "", "tracking_no": "", "ship_time": nil,
					"auto_complete_at": nil, "update_time": now},
				History{FromStatus: o.Status, ToStatus: to, Operator: actor, CreateTime: now, Note: "取消发货：" + reason}, nil
		})
		return err
	})
}

// FixUntil is, for the orders of os whose shipment may be corrected or cancelled now, until
// when: the list and the detail offer 修改物流 and 取消发货 only then.
func (s *Service) FixUntil(ctx context.Context, os []Order) (map[int64]time.Time, error) {
	out := map[int64]time.Time{}
	var ids []int64
	for _, o := range os {
		if o.Status == Shipped && o.ShipTime != nil {
			ids = append(ids, o.ID)
		}
	}
	if len(ids) == 0 {
		return out, nil
	}
	st, err := s.settings(ctx)
	if err != nil {
		return nil, err
	}
	returning := map[int64]bool{}
	if s.returns != nil {
		if returning, err = s.returns.Returning(s.store.db.WithContext(ctx), ids); err != nil {
			return nil, err
		}
	}
	now := s.stamp()
	for _, o := range os {
		if until, ok := st.fixUntil(o); ok && o.Status == Shipped && !returning[o.ID] && !now.After(until) {
			out[o.ID] = until
		}
	}
	return out, nil
}
