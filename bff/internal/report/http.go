package report

import (
	"errors"
	"net/http"
	"slices"
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/platform/perm"
)

// Routes registers the sales report and its export. A channel operator sees their agency's
// figures only.
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/reports/sales", authz.Perm(perm.ReportList), s.handleSales).
		Doc(authz.Doc{Summary: "sales by day, goods, SKU, category or agency over a date range (channel: the agency)", Params: Params{}, Resp: Answer{}})
	export.Routes(r, "/api/reports/sales", authz.Perm(perm.ReportList), export.Resource{
		Title:   "销售报表",
		Fields:  export.Keys(columns),
		Filters: []string{"start", "end", "by"},
		Rows:    s.exportRows,
	})
}

// Params are the report's range and dimension.
type Params struct {
	Start string `query:"start" description:"first day, yyyy-MM-dd"`
	End   string `query:"end" description:"last day, yyyy-MM-dd (at most 366 days after start)"`
	By    string `query:"by" enum:"day,goods,sku,category,agency" description:"the rows' dimension (default day)"`
}

// Figures are a row's or the total's sums; money in yuan.
type Figures struct {
	Orders  int64     `json:"orders" description:"orders paid (by goods, SKU, category: the orders that had it)"`
	Units   int64     `json:"units"`
	Sales   money.Fen `json:"sales" description:"unit price × quantity; freight on the 运费 row"`
	Refunds money.Fen `json:"refunds" description:"given back on the day, after-sales and whole-order refunds"`
	Net     money.Fen `json:"net" description:"sales less refunds: the dashboard's 销售额 for the same days"`
}

// RowAnswer is one row of the report.
type RowAnswer struct {
	Key   string `json:"key" description:"the day, the id, freight (the orders' freight), g<goodsId> (SKU report: lines sold before SKUs)"`
	Label string `json:"label"`
	Figures
}

// Answer is a report.
type Answer struct {
	Rows  []RowAnswer `json:"rows"`
	Total Figures     `json:"total"`
	// AsOf is when the figures last caught up with the orders (null before the first refresh).
	AsOf *string `json:"asOf" description:"yyyy-MM-dd HH:mm:ss"`
}

func figures(f Sums) Figures {
	return Figures{Orders: f.Orders, Units: f.Units, Sales: money.Fen(f.Sales), Refunds: money.Fen(f.Refunds), Net: money.Fen(f.Net())}
}

// httpError is the one place where the service's errors become answers.
func httpError(err error) error {
	switch {
	case errors.Is(err, ErrEndBeforeStart):
		return httpx.BadRequest("end", "结束日期不能早于开始日期")
	case errors.Is(err, ErrTooLong):
		return httpx.BadRequest("end", "时间跨度不能超过366天")
	case errors.Is(err, ErrUnknownBy):
		return httpx.BadRequest("by", "只能是day、goods、sku、category或agency")
	}
	return err
}

// query reads and checks start, end and by, from a query string or an export's filters.
func query(get func(string) string, p *authz.Principal) (Query, error) {
	var chk httpx.Check
	q := Query{Start: get("start"), End: get("end"), By: get("by"), Scope: agency.Scope(p)}
	for _, f := range []string{"start", "end"} {
		v := get(f)
		if v == "" {
			chk.Fail(f, httpx.ReasonRequired)
			continue
		}
		if t, err := time.Parse(time.DateOnly, v); err != nil || !httpx.StorableYear(t) {
			chk.Fail(f, "日期格式应为yyyy-MM-dd")
		}
	}
	if chk.Err != nil {
		return q, chk.Err
	}
	if q.By == "" {
		q.By = ByDay
	}
	return q, httpError(Check(q))
}

func (s *Service) handleSales(c echo.Context) error {
	q, err := query(c.QueryParam, authz.From(c))
	if err != nil {
		return err
	}
	res, err := s.Sales(c.Request().Context(), q)
	if err != nil {
		return httpError(err)
	}
	a := Answer{Rows: make([]RowAnswer, len(res.Rows)), Total: figures(res.Total)}
	if res.AsOf != nil {
		t := httpx.FormatTime(*res.AsOf)
		a.AsOf = &t
	}
	for i, r := range res.Rows {
		a.Rows[i] = RowAnswer{Key: r.Key, Label: r.Label, Figures: figures(r.Sums)}
	}
	return c.JSON(http.StatusOK, a)
}

// columns are the export's fields: numbers as numbers, money as yuan with two decimals.
var columns = export.Columns[Row]{
	"key":     func(r Row) any { return r.Key },
	"label":   func(r Row) any { return r.Label },
	"orders":  func(r Row) any { return r.Orders },
	"units":   func(r Row) any { return r.Units },
	"sales":   export.Money(func(r Row) money.Fen { return money.Fen(r.Sales) }),
	"refunds": export.Money(func(r Row) money.Fen { return money.Fen(r.Refunds) }),
	"net":     export.Money(func(r Row) money.Fen { return money.Fen(r.Net()) }),
}

// exportRows writes the report's rows (those named by ids for /download) and, for downloadAll,
// a last row 合计.
func (s *Service) exportRows(c echo.Context, eq export.Query, emit export.Emit) error {
	get := func(k string) string { return eq.Filters[k] }
	q, err := query(get, authz.From(c))
	if err != nil {
		return err
	}
	res, err := s.Sales(c.Request().Context(), q)
	if err != nil {
		return httpError(err)
	}
	write := columns.Emitter(eq, emit)
	for _, r := range res.Rows {
		if len(eq.IDs) > 0 && !slices.Contains(eq.IDs, r.Key) {
			continue
		}
		if err := write(r); err != nil {
			return err
		}
	}
	if len(eq.IDs) > 0 {
		return nil
	}
	return write(Row{Key: "total", Label: "合计", Sums: res.Total})
}
