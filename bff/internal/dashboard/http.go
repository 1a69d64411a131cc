package dashboard

import (
	"errors"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/upstream"
)

// Routes registers the overview and its public twin for a wall display.
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/dashboard", authz.Perm(perm.DashboardView), s.handleOverview).
		Doc(authz.Doc{Summary: "the shop's figures for a period (staff: the shop; channel: the agency)", Params: Params{}, Resp: Answer{}})
	r.POST("/api/dashboard/rebuild", authz.Perm(perm.DashboardRebuild), s.handleRebuild).
		Doc(authz.Doc{Summary: "recompute every figure from the orders and goods tables (after a load past the console)"})
	r.GET("/api/profiling", authz.Public(), s.handlePublic).
		Doc(authz.Doc{Summary: "the whole shop's figures without a session, when BFF_PROFILING_PUBLIC=on (else 404)", Params: Params{}, Resp: Answer{}})
}

// Params are the period's days; both default (the last 30 days).
type Params struct {
	Start string `query:"start" description:"first day, yyyy-MM-dd"`
	End   string `query:"end" description:"last day, yyyy-MM-dd (at most 366 days after start)"`
}

// Count is a count in the period, in the previous one, and the change in percent (null when
// the previous period had none).
type Count struct {
	Value    int64    `json:"value"`
	Previous int64    `json:"previous"`
	Rate     *float64 `json:"rate"`
}

// Amount is Count for money.
type Amount struct {
	Value    money.Fen `json:"value"`
	Previous money.Fen `json:"previous"`
	Rate     *float64  `json:"rate"`
}

// Figures are the four cards.
type Figures struct {
	Orders    Count  `json:"orders"`    // 订单数: placed in the period
	Sales     Amount `json:"sales"`     // 销售额: paid in the period, refunds taken back
	Customers Count  `json:"customers"` // 新增客户: phones whose first order is in the period
	Goods     Count  `json:"goods"`     // 在售商品: on sale at the end of the period
}

// Pending is the work waiting: to ship (now), refunded (orders of the period), low stock (now).
type Pending struct {
	ToShip        int64 `json:"toShip"`
	Refunded      int64 `json:"refunded"`
	LowStock      int64 `json:"lowStock" description:"goods on sale with a SKU at or under its own low-stock threshold"`
	LowStockBelow int64 `json:"lowStockBelow" description:"a new SKU's default threshold; each SKU has its own (kept for older pages)"`
	// ExpiringContracts: signed contracts ending within 30 days (合同即将到期), now.
	ExpiringContracts int64 `json:"expiringContracts"`
	// PendingAftersales: after-sales cases waiting for staff (待处理售后), now.
	PendingAftersales int64 `json:"pendingAftersales"`
}

// TrendRow is one day of the trend: orders placed and sales paid.
type TrendRow struct {
	Day    string    `json:"day"`
	Orders int64     `json:"orders"`
	Sales  money.Fen `json:"sales"`
}

// StatusRow is how many of the period's orders are in a status now.
type StatusRow struct {
	Status string `json:"status" enum:"unpaid,paid,shipped,completed,closed,refunded"`
	Orders int64  `json:"orders"`
}

// TopRow is a goods of the ranking.
type TopRow struct {
	GoodsID   int64     `json:"goodsId"`
	GoodsName string    `json:"goodsName"`
	Quantity  int64     `json:"quantity"`
	Sales     money.Fen `json:"sales"`
}

// Answer is the overview of a period. It names no customer: no names, phones or addresses.
type Answer struct {
	Start         string      `json:"start"`
	End           string      `json:"end"`
	PreviousStart string      `json:"previousStart"`
	PreviousEnd   string      `json:"previousEnd"`
	Figures       Figures     `json:"figures"`
	Pending       Pending     `json:"pending"`
	Trend         []TrendRow  `json:"trend"`
	Statuses      []StatusRow `json:"statuses"`
	Top           []TopRow    `json:"top"`
	// TopExact is false when sales spread so evenly over so many goods that the ranking is the
	// best of each day's 20 best sellers rather than proven exact.
	TopExact bool `json:"topExact"`
	// Extra are an upstream's cards (ExtraPath), none without one.
	Extra []Card `json:"extra"`
	// Unavailable names the parts that failed or were late; the rest of the answer stands.
	Unavailable []upstream.Unavailable `json:"unavailable"`
}

// httpError is the one place where the service's errors become answers.
func httpError(err error) error {
	switch {
	case errors.Is(err, ErrEndBeforeStart):
		return httpx.BadRequest("end", "结束日期不能早于开始日期")
	case errors.Is(err, ErrTooLong):
		return httpx.BadRequest("end", "时间跨度不能超过366天")
	}
	return err
}

func (s *Service) handleOverview(c echo.Context) error {
	p := authz.From(c)
	return s.answer(c, p, agency.Scope(p))
}

func (s *Service) handleRebuild(c echo.Context) error {
	if err := s.Rebuild(c.Request().Context()); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// handlePublic answers the whole shop without a session only in public mode; otherwise the
// wall display signs in and uses /api/dashboard like any page.
func (s *Service) handlePublic(c echo.Context) error {
	if !s.public {
		return httpx.NotFound("数据大屏未公开，请登录后查看")
	}
	return s.answer(c, nil, nil)
}

// answer reads the local figures of the period for scope and, at the same time, the upstream's
// cards as p (none for the wall display, which has no user to send).
func (s *Service) answer(c echo.Context, p *authz.Principal, scope *int64) error {
	var chk httpx.Check
	start, end := date(&chk, "start", c.QueryParam("start")), date(&chk, "end", c.QueryParam("end"))
	if chk.Err != nil {
		return chk.Err
	}
	period, err := s.NewPeriod(start, end)
	if err != nil {
		return httpError(err)
	}
	ctx := c.Request().Context()
	extra, missing := []Card{}, []upstream.Unavailable{}
	// The upstream's cards are fetched while the local figures are read; with no upstream to ask
	// there is no goroutine to start and wait for.
	var got chan struct{}
	if s.extras.asked(p) {
		got = make(chan struct{})
		go func() {
			defer close(got)
			extra, missing = s.extras.fetch(ctx, p, day(period.Start), day(period.End))
		}()
	}
	o, err := s.Overview(ctx, scope, period)
	if got != nil {
		<-got
	}
	if err != nil {
		return httpError(err)
	}
	a := answerOf(o)
	a.Extra, a.Unavailable = extra, missing
	w, err := s.waitingNow(ctx, scope)
	if err != nil {
		return err
	}
	a.Pending.ExpiringContracts, a.Pending.PendingAftersales = w.contracts, w.aftersales
	return c.JSON(http.StatusOK, a)
}

// date reads an optional yyyy-MM-dd.
func date(chk *httpx.Check, field, v string) *time.Time {
	if v == "" {
		return nil
	}
	t, err := time.Parse(time.DateOnly, v)
	if err != nil || !httpx.StorableYear(t) {
		chk.Fail(field, "日期格式应为yyyy-MM-dd")
		return nil
	}
	return &t
}

func count(f Figure) Count {
	return Count{Value: f.Value, Previous: f.Previous, Rate: Rate(f.Value, f.Previous)}
}

func answerOf(o Overview) Answer {
	a := Answer{Start: day(o.Period.Start), End: day(o.Period.End),
		PreviousStart: day(o.Previous.Start), PreviousEnd: day(o.Previous.End),
		Figures: Figures{Orders: count(o.Orders), Customers: count(o.Customers), Goods: count(o.Goods),
			Sales: Amount{Value: money.Fen(o.Sales.Value), Previous: money.Fen(o.Sales.Previous), Rate: Rate(o.Sales.Value, o.Sales.Previous)}},
		Pending: Pending{ToShip: o.ToShip, Refunded: o.Refunded, LowStock: o.LowStock, LowStockBelow: goods.DefaultLowStock},
		Trend:   make([]TrendRow, len(o.Trend)), Top: make([]TopRow, len(o.Top)), TopExact: o.TopExact}
	for i, p := range o.Trend {
		a.Trend[i] = TrendRow(p)
	}
	for _, st := range order.Statuses {
		a.Statuses = append(a.Statuses, StatusRow{Status: st, Orders: o.Statuses[st]})
	}
	for i, g := range o.Top {
		a.Top[i] = TopRow(g)
	}
	return a
}
