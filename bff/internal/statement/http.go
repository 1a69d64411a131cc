package statement

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/platform/pdf"
	"mallconsole/bff/internal/platform/perm"
)

// Routes registers the statements. Reading and downloading are for staff and operators alike
// (an operator sees their agency's only); making and adjusting are staff's.
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/statements", authz.Perm(perm.StatementList), s.handleList).
		Doc(authz.Doc{Summary: "agencies' monthly statements, newest month first (channel: the agency's)", Params: listParams{}, Resp: httpx.List[RowAnswer]{}})
	r.GET("/api/statements/:id", authz.Perm(perm.StatementList), s.handleGet).
		Doc(authz.Doc{Summary: "a statement with its lines", Params: httpx.IDPath{}, Resp: DetailAnswer{}})
	r.GET("/api/statements/:id/download", authz.Perm(perm.StatementList), s.handleDownload).
		Doc(authz.Doc{Summary: "a statement as xlsx or PDF (503 without a PDF font)", Params: downloadParams{},
			RespType: "application/octet-stream"})
	r.POST("/api/statements/generate", authz.Perm(perm.StatementGenerate), s.handleGenerate).
		Doc(authz.Doc{Summary: "make a month not yet frozen again as an open draft (409 frozen, 400 future)", Body: generateBody{},
			Resp: httpx.Created{}, Status: http.StatusCreated})
	r.POST("/api/statements/:id/adjustments", authz.Perm(perm.StatementAdjust), s.handleAdjust).
		Doc(authz.Doc{Summary: "add an adjustment line (a signed amount and its reason) to a statement", Params: httpx.IDPath{}, Body: adjustBody{}})
}

type listParams struct {
	AgencyID string `query:"agencyId" description:"one agency (staff)"`
	Month    string `query:"month" description:"yyyy-MM"`
	Page     int    `query:"page" description:"0-based"`
	Size     int    `query:"size"`
}

type downloadParams struct {
	ID     int64  `path:"id" minimum:"1"`
	Format string `query:"format" enum:"xlsx,pdf"`
}

// RowAnswer is a statement in the list; money in yuan.
type RowAnswer struct {
	ID          int64     `json:"id"`
	AgencyID    int64     `json:"agencyId"`
	AgencyName  string    `json:"agencyName"`
	Month       string    `json:"month" description:"yyyy-MM"`
	State       string    `json:"state" enum:"open,frozen"`
	Sales       money.Fen `json:"sales"`
	Refunds     money.Fen `json:"refunds"`
	Adjustments money.Fen `json:"adjustments"`
	Net         money.Fen `json:"net" description:"sales − refunds + adjustments"`
	OrderCount  int64     `json:"orderCount"`
	RefundCount int64     `json:"refundCount"`
	MadeAt      string    `json:"madeAt" description:"yyyy-MM-dd HH:mm:ss"`
	FrozenAt    *string   `json:"frozenAt" description:"yyyy-MM-dd HH:mm:ss; null while open"`
}

// LineAnswer is one line of a statement.
type LineAnswer struct {
	ID      int64     `json:"id"`
	Kind    string    `json:"kind" enum:"order,refund,adjustment"`
	OrderNo string    `json:"orderNo"`
	CaseNo  string    `json:"caseNo" description:"the after-sales case of a refund"`
	Date    string    `json:"date" description:"yyyy-MM-dd HH:mm:ss"`
	Amount  money.Fen `json:"amount" description:"positive for sales and refunds; signed for adjustments"`
	Note    string    `json:"note"`
}

// DetailAnswer is a statement with its lines.
type DetailAnswer struct {
	RowAnswer
	Lines []LineAnswer `json:"lines"`
}

type generateBody struct {
	AgencyID int64  `json:"agencyId" minimum:"1"`
	Month    string `json:"month" description:"yyyy-MM, not after the current month"`
}

type adjustBody struct {
	Amount string `json:"amount" description:"yuan, signed: -12.34 takes back"`
	Reason string `json:"reason" maxLength:"200"`
}

func rowAnswer(r Row) RowAnswer {
	a := RowAnswer{ID: r.ID, AgencyID: r.AgencyID, AgencyName: r.AgencyName, Month: r.Month, State: r.State,
		Sales: r.Sales, Refunds: r.Refunds, Adjustments: r.Adjustments, Net: r.Net, OrderCount: r.OrderCount,
		RefundCount: r.RefundCount, MadeAt: httpx.FormatTime(r.MadeAt)}
	if r.FrozenAt != nil {
		t := httpx.FormatTime(*r.FrozenAt)
		a.FrozenAt = &t
	}
	return a
}

// httpError is the one place where the service's errors become answers.
func httpError(err error) error {
	switch {
	case errors.Is(err, ErrNotFound):
		return httpx.NotFound("对账单不存在")
	case errors.Is(err, ErrFrozen):
		return httpx.Conflict("month", "该月对账单已冻结，只能添加调整项")
	case errors.Is(err, ErrFutureMonth):
		return httpx.BadRequest("month", "不能生成未来月份的对账单")
	case errors.Is(err, ErrUnknownAgency):
		return httpx.BadRequest("agencyId", "渠道不存在")
	case errors.Is(err, ErrStaffOnly):
		return httpx.Forbidden("渠道账号不能生成或调整对账单")
	case errors.Is(err, pdf.ErrOff):
		return &httpx.Error{Status: http.StatusServiceUnavailable, Message: "未配置PDF字体，暂不能生成PDF，请下载Excel"}
	}
	return err
}

// month checks a yyyy-MM field.
func month(chk *httpx.Check, field, v string, required bool) {
	if v == "" {
		if required {
			chk.Fail(field, httpx.ReasonRequired)
		}
		return
	}
	if t, err := time.Parse(MonthLayout, v); err != nil || !httpx.StorableYear(t) {
		chk.Fail(field, "月份格式应为yyyy-MM")
	}
}

func (s *Service) handleList(c echo.Context) error {
	page, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	q := Query{Month: c.QueryParam("month"), Offset: page.Offset(), Limit: page.Size}
	var chk httpx.Check
	month(&chk, "month", q.Month, false)
	if v := c.QueryParam("agencyId"); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id < 1 {
			chk.Fail("agencyId", "必须是正整数")
		}
		q.Agency = &id
	}
	if chk.Err != nil {
		return chk.Err
	}
	rows, n, err := s.List(c.Request().Context(), authz.From(c), q)
	if err != nil {
		return httpError(err)
	}
	out := make([]RowAnswer, len(rows))
	for i, r := range rows {
		out[i] = rowAnswer(r)
	}
	return c.JSON(http.StatusOK, httpx.List[RowAnswer]{Content: out, TotalElements: int(n)})
}

func (s *Service) handleGet(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	d, err := s.Get(c.Request().Context(), authz.From(c), id)
	if err != nil {
		return httpError(err)
	}
	a := DetailAnswer{RowAnswer: rowAnswer(d.Row), Lines: make([]LineAnswer, len(d.Lines))}
	for i, l := range d.Lines {
		a.Lines[i] = LineAnswer{ID: l.ID, Kind: l.Kind, OrderNo: l.OrderNo, CaseNo: l.CaseNo,
			Date: httpx.FormatTime(l.Date), Amount: l.Amount, Note: l.Note}
	}
	return c.JSON(http.StatusOK, a)
}

func (s *Service) handleGenerate(c echo.Context) error {
	var b generateBody
	if err := httpx.JSON(c, &b); err != nil {
		return err
	}
	var chk httpx.Check
	chk.Positive("agencyId", b.AgencyID)
	month(&chk, "month", b.Month, true)
	if chk.Err != nil {
		return chk.Err
	}
	id, err := s.Generate(c.Request().Context(), authz.From(c), b.AgencyID, b.Month)
	if err != nil {
		return httpError(err)
	}
	return httpx.Saved(c, true, id)
}

func (s *Service) handleAdjust(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	var b adjustBody
	if err := httpx.JSON(c, &b); err != nil {
		return err
	}
	var chk httpx.Check
	amount, perr := money.Parse(b.Amount)
	switch {
	case b.Amount == "":
		chk.Fail("amount", httpx.ReasonRequired)
	case perr != nil:
		chk.Fail("amount", "金额格式不正确")
	case amount == 0:
		chk.Fail("amount", "调整金额不能为0")
	}
	chk.Text("reason", &b.Reason, 200, true)
	if chk.Err != nil {
		return chk.Err
	}
	if err := s.Adjust(c.Request().Context(), authz.From(c), id, Adjustment{Amount: amount, Reason: b.Reason}); err != nil {
		return httpError(err)
	}
	return c.NoContent(http.StatusOK)
}
