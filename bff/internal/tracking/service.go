package tracking

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"golang.org/x/sync/singleflight"
	"gorm.io/gorm"
)

// Errors of the service.
var (
	ErrOrderNotFound = errors.New("tracking: no such order")
	ErrNotShipped    = errors.New("tracking: the order has no shipment")
	ErrOff           = errors.New("tracking: no provider configured")
)

// Shipment is what tracking needs of an order.
type Shipment struct {
	OrderID        int64
	ExpressCompany string
	TrackingNo     string
	Phone          string
}

// Orders reads shipments (the order feature, through package app).
type Orders interface {
	// Shipment is the order's shipment inside scope (nil: every agency); ErrOrderNotFound.
	Shipment(ctx context.Context, scope *int64, id int64) (Shipment, error)
	// Shipped returns up to limit orders in 已发货, newest first.
	Shipped(ctx context.Context, limit int) ([]Shipment, error)
}

// Bounds of the service (docs/decisions.md "Parcel tracking").
const (
	// MaxAge: an answer younger than this is shown as is.
	MaxAge = 30 * time.Minute
	// MinRefresh: a forced refresh asks the provider at most this often per parcel.
	MinRefresh = time.Minute
	// Timeout bounds one question to the provider; the page answers with the cache after it.
	Timeout = 5 * time.Second
)

// Deps are the service's dependencies. Provider nil: tracking is off.
type Deps struct {
	Provider Provider
	Orders   Orders
	Now      func() time.Time
	Log      *slog.Logger
	Timeout  time.Duration // 0: Timeout
}

// Service answers an order's tracking and keeps the cache.
type Service struct {
	store  *Store
	deps   Deps
	flight singleflight.Group
}

// NewService returns the service.
func NewService(store *Store, deps Deps) *Service {
	if deps.Timeout == 0 {
		deps.Timeout = Timeout
	}
	if deps.Log == nil {
		deps.Log = slog.New(slog.DiscardHandler)
	}
	return &Service{store: store, deps: deps}
}

// Enabled tells whether a provider is configured.
func (s *Service) Enabled() bool { return s.deps.Provider != nil }

// Answer is an order's tracking as the page shows it.
type Answer struct {
	Enabled        bool
	ExpressCompany string
	TrackingNo     string
	State          string
	Events         []Event
	FetchedAt      *time.Time
	Age            time.Duration
	Error          string // the provider failed: the answer is the cache's, Age old
}

// Lookup answers the order's tracking: from the cache when younger than MaxAge (or, with
// refresh, than MinRefresh), else from the provider, one question per parcel however many ask
// at once. A provider failure answers the cache with Error set, never an error.
func (s *Service) Lookup(ctx context.Context, scope *int64, id int64, refresh bool) (Answer, error) {
	sh, err := s.deps.Orders.Shipment(ctx, scope, id)
	if err != nil {
		return Answer{}, err
	}
	a := Answer{Enabled: s.Enabled(), ExpressCompany: sh.ExpressCompany, TrackingNo: sh.TrackingNo}
	if sh.TrackingNo == "" || sh.ExpressCompany == "" {
		return a, ErrNotShipped
	}
	if !a.Enabled {
		return a, nil
	}
	p, err := s.store.Get(ctx, sh.ExpressCompany, sh.TrackingNo)
	if err != nil {
		return a, err
	}
	now := s.deps.Now()
	bound := MaxAge
	if refresh {
		bound = MinRefresh
	}
	if p == nil || p.FetchedAt == nil || now.Sub(*p.FetchedAt) >= bound {
		l := Lookup{Company: sh.ExpressCompany, TrackingNo: sh.TrackingNo, PhoneTail: tail(sh.Phone)}
		fresh, ferr := s.fetch(ctx, l)
		switch {
		case ferr == nil:
			p = fresh
		case errors.Is(ferr, ErrUnsupportedCompany):
			a.Error = "物流服务商不支持该快递公司"
		default:
			a.Error = "物流查询暂不可用，显示的是缓存的数据"
			if p == nil || p.FetchedAt == nil {
				a.Error = "物流查询暂不可用，请稍后再试"
			}
		}
	}
	if p != nil && p.FetchedAt != nil {
		a.State, a.Events, a.FetchedAt = p.State, p.events(), p.FetchedAt
		a.Age = max(now.Sub(*p.FetchedAt), 0)
	}
	return a, nil
}

// fetch asks the provider once per parcel at a time: the callers that arrive while a question
// is out share its answer. The question does not die with the first caller's request.
func (s *Service) fetch(ctx context.Context, l Lookup) (*Parcel, error) {
	v, err, _ := s.flight.Do(l.Company+"\x00"+l.TrackingNo, func() (any, error) {
		qctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.deps.Timeout)
		defer cancel()
		r, err := s.deps.Provider.Query(qctx, l)
		if err != nil {
			s.deps.Log.Warn("tracking query failed", "company", l.Company, "trackingNo", l.TrackingNo, "err", err)
			return nil, err
		}
		if err := s.store.Save(qctx, l.Company, l.TrackingNo, r, s.deps.Now()); err != nil {
			return nil, err
		}
		return s.store.Get(qctx, l.Company, l.TrackingNo)
	})
	if err != nil {
		return nil, err
	}
	return v.(*Parcel), nil
}

// Push stores what the provider pushed, after its signature is checked (ErrBadSignature,
// ErrBadPush: nothing stored). ErrOff without a provider.
func (s *Service) Push(ctx context.Context, param, sign string) (Pushed, error) {
	if !s.Enabled() {
		return Pushed{}, ErrOff
	}
	p, err := s.deps.Provider.Push(param, sign)
	if err != nil {
		return p, err
	}
	return p, s.store.Save(ctx, p.Company, p.TrackingNo, p.Result, s.deps.Now())
}

// Subscribe subscribes up to batch shipped orders' parcels not yet subscribed, looking at the
// newest 5×batch shipped orders (older ones are still answered on demand). Each subscription
// is recorded inside fence, the job's lease check. Without a provider it does nothing.
func (s *Service) Subscribe(ctx context.Context, batch int, fence func(*gorm.DB) error) (int, error) {
	if !s.Enabled() {
		return 0, nil
	}
	shipped, err := s.deps.Orders.Shipped(ctx, 5*batch)
	if err != nil {
		return 0, err
	}
	keys := make([]Lookup, 0, len(shipped))
	for _, sh := range shipped {
		if sh.ExpressCompany != "" && sh.TrackingNo != "" {
			keys = append(keys, Lookup{Company: sh.ExpressCompany, TrackingNo: sh.TrackingNo, PhoneTail: tail(sh.Phone)})
		}
	}
	todo, err := s.store.Unsubscribed(ctx, keys)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, l := range todo {
		if n == batch {
			break
		}
		qctx, cancel := context.WithTimeout(ctx, s.deps.Timeout)
		err := s.deps.Provider.Subscribe(qctx, l)
		cancel()
		if err != nil {
			// One parcel the provider refuses must not stop the others; the next run tries again.
			s.deps.Log.Warn("tracking subscription failed", "company", l.Company, "trackingNo", l.TrackingNo, "err", err)
			continue
		}
		if err := s.store.MarkSubscribed(ctx, l.Company, l.TrackingNo, s.deps.Now(), fence); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// tail is the phone's last four digits, which carriers such as 顺丰 ask for.
func tail(phone string) string {
	if len(phone) < 4 {
		return phone
	}
	return phone[len(phone)-4:]
}
