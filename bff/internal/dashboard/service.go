package dashboard

import (
	"context"
	"errors"
	"math"
	"strconv"
	"time"

	"golang.org/x/sync/errgroup"
	"golang.org/x/sync/singleflight"
	"gorm.io/gorm"

	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/money"
)

// MaxDays is the longest period the overview answers (a year, leap day included).
const MaxDays = 366

// DefaultDays is the period without dates: the last 30 days, today included.
const DefaultDays = 30

// How long each part of an overview is answered again without reading (Service.Remember): the
// longest a figure written through another instance takes to show. The counts (orders per
// status, 待发货) move with every shipment and are worth seeing soon; the sales part (days'
// sales, new customers, the best sellers: the costliest reads) moves only with sales and refunds,
// and half a minute behind on another instance is what the lists' totals already allow
// (order.CountTTL).
const (
	RememberCountsFor = 5 * time.Second
	RememberSalesFor  = 30 * time.Second
)

// TopGoods is how many goods the ranking shows.
const TopGoods = 10

// The service's answers other than success; http.go turns each into a 400.
var (
	ErrEndBeforeStart = errors.New("dashboard: the period ends before it starts")
	ErrTooLong        = errors.New("dashboard: the period is longer than MaxDays")
)

// Service answers the overview from the figures and rebuilds them.
type Service struct {
	db         *gorm.DB
	loc        *time.Location
	now        func() time.Time
	public     bool
	extras     *extras    // an upstream's cards, when configured (UseUpstreams)
	contracts  Contracts  // contracts about to expire (UseContracts); nil: none counted
	aftersales Aftersales // after-sales cases waiting (UseAftersales); nil: none counted
	// sales and counts are the two parts of recent overviews per scope and period (Remember);
	// nil: every request reads.
	sales         *cache.Map[string, salesPart]
	counts        *cache.Map[string, countsPart]
	waiting       *cache.Map[string, waiting] // per scope, with the counts' ttl and changes
	salesChanges  *cache.Generation
	countsChanges *cache.Generation
	// the requests that miss the same part at once wait for one read of it
	readingSales, readingCounts, readingWaiting singleflight.Group
}

// salesPart is what changes with money and customers: the days' figures and the best sellers.
type salesPart struct {
	days  []Day
	top   []Ranked
	exact bool
}

// countsPart is what changes with any status or listing.
type countsPart struct {
	statuses                          []StatusDay
	onSale, onSaleBefore, toShip, low int64
}

// Remember keeps each part of an overview for up to its ttl, or until its changes move (a figure
// of that part written on this instance), so that a room of people looking at the same period
// costs one read, and shipping an order does not read the best sellers again. Figures written
// through another instance, and stock moves that change the low-stock count, show within the
// part's ttl.
func (s *Service) Remember(sales, counts *cache.Generation, salesTTL, countsTTL time.Duration) {
	s.sales = cache.NewMap[string, salesPart](sales, salesTTL, 1_000, s.now)
	s.counts = cache.NewMap[string, countsPart](counts, countsTTL, 1_000, s.now)
	s.waiting = cache.NewMap[string, waiting](counts, countsTTL, 1_000, s.now)
	s.salesChanges, s.countsChanges = sales, counts
}

// forget drops the remembered parts (a rebuild rewrote the figures).
func (s *Service) forget() {
	if s.sales != nil {
		s.salesChanges.Bump()
		s.countsChanges.Bump()
	}
}

// remembered is build's answer through m when there is one; requests that miss key together
// share one build (a dashboard left open by many people expires for all of them at once).
func remembered[V any](m *cache.Map[string, V], reading *singleflight.Group, key string, build func() (V, error)) (V, error) {
	if m == nil {
		return build()
	}
	return m.Get(key, func() (V, error) {
		v, err, _ := reading.Do(key, func() (any, error) { return build() })
		return v.(V), err
	})
}

// NewService reads the figures from g, counts days in loc (the server's zone) and, when public,
// answers the wall display (/profiling) without a session.
func NewService(g *gorm.DB, loc *time.Location, now func() time.Time, public bool) *Service {
	return &Service{db: g, loc: loc, now: now, public: public}
}

// Period is a range of whole days, both ends included.
type Period struct{ Start, End time.Time }

// Days is how many days the period holds.
func (p Period) Days() int { return int(p.End.Sub(p.Start).Hours()/24+0.5) + 1 }

// Previous is the period of the same length just before.
func (p Period) Previous() Period {
	n := p.Days()
	return Period{Start: p.Start.AddDate(0, 0, -n), End: p.Start.AddDate(0, 0, -1)}
}

// Today is the server's day now.
func (s *Service) Today() time.Time {
	y, m, d := s.now().In(s.loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// NewPeriod checks a period: start ≤ end, at most MaxDays. Nil ends default to the last
// DefaultDays days (or DefaultDays days from the given one).
func (s *Service) NewPeriod(start, end *time.Time) (Period, error) {
	var p Period
	switch {
	case start == nil && end == nil:
		p.End = s.Today()
		p.Start = p.End.AddDate(0, 0, 1-DefaultDays)
	case start == nil:
		p.End, p.Start = *end, end.AddDate(0, 0, 1-DefaultDays)
	case end == nil:
		p.Start, p.End = *start, s.Today()
		if p.End.Before(p.Start) {
			p.End = p.Start
		}
	default:
		p.Start, p.End = *start, *end
	}
	if p.End.Before(p.Start) {
		return p, ErrEndBeforeStart
	}
	if p.Days() > MaxDays {
		return p, ErrTooLong
	}
	return p, nil
}

// Figure is a count in the period and in the previous one.
type Figure struct {
	Value, Previous int64
}

// Rate is the change against the previous period in percent, one decimal; nil when there was
// nothing before to compare with.
func Rate(value, previous int64) *float64 {
	if previous == 0 {
		return nil
	}
	r := math.Round(float64(value-previous)*1000/float64(previous)) / 10
	return &r
}

// Point is one day of the trend.
type Point struct {
	Day    string
	Orders int64
	Sales  money.Fen
}

// Ranked is one goods of the ranking.
type Ranked struct {
	GoodsID   int64
	GoodsName string
	Quantity  int64
	Sales     money.Fen
}

// Overview is what the dashboard shows for a period.
type Overview struct {
	Period, Previous                Period
	Orders, Sales, Customers, Goods Figure // Sales in fen
	// Pending work: orders waiting to ship now (whatever the period), the period's orders that
	// were refunded, goods on sale with an on-sale SKU at or under its threshold now.
	ToShip, Refunded, LowStock int64
	Trend                      []Point
	Statuses                   map[string]int64 // orders of the period by their status now
	Top                        []Ranked
	TopExact                   bool // false: the best of each day's best sellers (store.go top)
}

// Overview computes the figures of p for the scope (nil: the whole shop; an agency: its own).
func (s *Service) Overview(ctx context.Context, scope *int64, p Period) (Overview, error) {
	prev := p.Previous()
	out := Overview{Period: p, Previous: prev, Statuses: map[string]int64{}}
	if s.sales != nil {
		// a remembered read serves other requests too: one leaving early must not cancel it
		ctx = context.WithoutCancel(ctx)
	}
	r := reader{db: s.db.WithContext(ctx), scope: scope}
	from, to, prevTo := day(prev.Start), day(p.End), day(prev.End)

	period := make([]string, p.Days())
	for i := range period {
		period[i] = day(p.Start.AddDate(0, 0, i))
	}
	key := scopeKey(scope) + "|" + from + "|" + to
	var sp salesPart
	var cp countsPart
	var g errgroup.Group
	g.Go(func() (err error) {
		sp, err = remembered(s.sales, &s.readingSales, key, func() (salesPart, error) { return r.salesPart(from, to, period) })
		return
	})
	g.Go(func() (err error) {
		cp, err = remembered(s.counts, &s.readingCounts, key, func() (countsPart, error) { return r.countsPart(from, to, prevTo) })
		return
	})
	if err := g.Wait(); err != nil {
		return out, err
	}
	days, statuses := sp.days, cp.statuses
	out.Top, out.TopExact = sp.top, sp.exact
	out.Goods.Value, out.Goods.Previous, out.ToShip, out.LowStock = cp.onSale, cp.onSaleBefore, cp.toShip, cp.low
	out.Trend = make([]Point, len(period))
	byDay := map[string]*Point{}
	for i := range out.Trend {
		out.Trend[i].Day = period[i]
		byDay[out.Trend[i].Day] = &out.Trend[i]
	}
	for _, d := range days {
		now := d.Day >= day(p.Start)
		add(&out.Sales, now, d.Sales)
		add(&out.Customers, now, d.NewCustomers)
		if pt := byDay[d.Day]; pt != nil {
			pt.Sales = money.Fen(d.Sales)
		}
	}
	for _, st := range statuses {
		now := st.Day >= day(p.Start)
		add(&out.Orders, now, st.Orders)
		if now {
			out.Statuses[st.Status] += st.Orders
			byDay[st.Day].Orders += st.Orders
		}
	}
	for _, st := range order.Statuses {
		out.Statuses[st] += 0
	}
	out.Refunded = out.Statuses[order.Refunded]
	return out, nil
}

func day(t time.Time) string { return t.Format(time.DateOnly) }

// scopeKey names a scope in the remembered parts' keys: "-" the whole shop, else the agency.
func scopeKey(scope *int64) string {
	if scope == nil {
		return "-"
	}
	return strconv.FormatInt(*scope, 10)
}

func add(f *Figure, now bool, n int64) {
	if now {
		f.Value += n
	} else {
		f.Previous += n
	}
}
