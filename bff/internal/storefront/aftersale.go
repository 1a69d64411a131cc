package storefront

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/aftersale"
	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/money"
)

// Cases is what the API needs of the after-sales service.
type Cases interface {
	Open(ctx context.Context, scope *int64, in aftersale.OpenInput) (aftersale.Detail, error)
	GetByNo(ctx context.Context, scope *int64, caseNo string) (aftersale.Detail, error)
	ReturnShipment(ctx context.Context, scope *int64, caseNo, company, trackingNo, operator string) (aftersale.Detail, error)
	Cancel(ctx context.Context, scope *int64, caseNo, operator string) (aftersale.Detail, error)
}

// Dicts gives the values a case's reason and a return's express company may take.
type Dicts interface {
	Details(ctx context.Context, name string) ([]dict.Detail, error)
}

// OpenCases is the after-sales part of /open/v1: a storefront opens a case for its customer,
// reports the return parcel, cancels, and reads where the case is. The client's orders scopes
// cover them: a case is part of its order.
type OpenCases struct {
	open  *Open
	cases Cases
	dicts Dicts
}

// NewOpenCases serves cases through o's verifier and idempotency keys.
func NewOpenCases(o *Open, cases Cases, dicts Dicts) *OpenCases {
	return &OpenCases{open: o, cases: cases, dicts: dicts}
}

// Routes registers the after-sales routes of the API.
func (a *OpenCases) Routes(r *authz.Router) {
	rule := authz.Signed(a.open.verifier.Middleware, Scheme)
	write := func(h echo.HandlerFunc) echo.HandlerFunc { return need(ScopeOrdersWrite, a.open.idem.Wrap(h)) }
	r.POST("/open/v1/orders/:orderNo/aftersales", rule, write(a.handleOpen)).
		Doc(authz.Doc{Summary: "open an after-sales case for lines of the order; an amount over what may still be refunded is 400 {field: amount, maxAmount}",
			Params: orderWriteParams{}, Body: CaseBody{}, Resp: CaseState{}, Status: http.StatusCreated})
	r.POST("/open/v1/aftersales/:caseNo/return-shipment", rule, write(a.handleShipment)).
		Doc(authz.Doc{Summary: "the customer's return parcel of an approved return (待买家退货 → 买家已发货)",
			Params: caseWriteParams{}, Body: ReturnBody{}, Resp: CaseState{}})
	r.POST("/open/v1/aftersales/:caseNo/cancel", rule, write(a.handleCancel)).
		Doc(authz.Doc{Summary: "the customer withdraws the case (before the return is received)", Params: caseWriteParams{}, Resp: CaseState{}})
	r.GET("/open/v1/aftersales/:caseNo", rule, need(ScopeOrdersRead, a.handleGet)).
		Doc(authz.Doc{Summary: "one case of the client's scope: status, lines, money, the return", Params: caseParams{}, Resp: CaseView{}})
}

type caseParams struct {
	signedHeaders
	CaseNo string `path:"caseNo"`
}

type caseWriteParams struct {
	writeHeaders
	CaseNo string `path:"caseNo"`
}

// CaseBody is a case as a storefront opens it.
type CaseBody struct {
	Type        string     `json:"type" enum:"refund,return" description:"refund: 仅退款; return: 退货退款"`
	Reason      string     `json:"reason" description:"a value of the aftersale_reason dictionary"`
	Items       []LineBody `json:"items" minItems:"1" maxItems:"100"`
	Amount      string     `json:"amount" description:"yuan, the refund asked (freight not included)"`
	Description string     `json:"description,omitempty" maxLength:"500"`
}

// ReturnBody is the return parcel.
type ReturnBody struct {
	ExpressCompany string `json:"expressCompany" description:"a value of the express_company dictionary"`
	TrackingNo     string `json:"trackingNo" maxLength:"64" pattern:"^[A-Za-z0-9-]+$"`
}

// CaseState is a case's number and status (what a write answers).
type CaseState struct {
	CaseNo string `json:"caseNo"`
	Status string `json:"status" enum:"applied,approved,awaiting_return,returned,received,refunding,refunded,rejected,cancelled"`
}

// CaseView is one case as the API shows it.
type CaseView struct {
	CaseState
	OrderNo       string         `json:"orderNo"`
	Type          string         `json:"type"`
	Reason        string         `json:"reason"`
	Amount        money.Fen      `json:"amount"`
	Refunded      bool           `json:"refunded" description:"true once the money went back"`
	RefundTime    string         `json:"refundTime" description:"empty until refunded"`
	ReturnAddress string         `json:"returnAddress" description:"where a return goes, once approved"`
	Return        *ReturnBody    `json:"returnShipment" description:"null until the customer sent it"`
	CreateTime    string         `json:"createTime"`
	Items         []CaseLineView `json:"items"`
}

// CaseLineView is a line of a case.
type CaseLineView struct {
	SkuCode   string    `json:"skuCode"`
	GoodsName string    `json:"goodsName"`
	Quantity  int64     `json:"quantity"`
	UnitPrice money.Fen `json:"unitPrice"`
}

// AmountTooHigh is the 400 of an amount over what may be refunded: the envelope and the most.
type AmountTooHigh struct {
	httpx.Envelope
	MaxAmount money.Fen `json:"maxAmount"`
}

var (
	caseNoPattern   = regexp.MustCompile(`^[A-Za-z0-9-]{1,32}$`)
	trackingPattern = regexp.MustCompile(`^[A-Za-z0-9-]{1,64}$`)
)

// The dictionaries a case's fields are checked against.
const (
	reasonDict  = "aftersale_reason"
	expressDict = "express_company"
)

func (a *OpenCases) inDict(ctx context.Context, name, value string) (bool, error) {
	ds, err := a.dicts.Details(ctx, name)
	if err != nil {
		return false, err
	}
	return slices.ContainsFunc(ds, func(d dict.Detail) bool { return d.Value == value }), nil
}

// caseError is where the after-sales service's errors become the API's answers.
func (a *OpenCases) caseError(c echo.Context, err error, lines []LineBody) error {
	var amount *aftersale.AmountError
	var item *aftersale.ItemError
	var move *aftersale.MoveError
	var status *aftersale.OrderStatusError
	switch {
	case errors.As(err, &amount):
		return c.JSON(http.StatusBadRequest, AmountTooHigh{Envelope: httpx.Envelope{Status: http.StatusBadRequest,
			Code: "invalid", Message: "最多可退" + amount.Max.String() + "元",
			Errors:    []httpx.FieldError{{Field: "amount", Code: httpx.FieldRange, Message: "最多可退" + amount.Max.String() + "元"}},
			Timestamp: a.open.verifier.now().UnixMilli()}, MaxAmount: amount.Max})
	case errors.As(err, &item):
		for i, l := range lines {
			if l.SkuCode != item.Ref {
				continue
			}
			if item.Max < 0 {
				return httpx.BadRequest(fmt.Sprintf("items[%d].skuCode", i), "不是该订单的商品规格")
			}
			return httpx.BadRequest(fmt.Sprintf("items[%d].quantity", i), fmt.Sprintf("最多还可申请%d件", item.Max))
		}
		return httpx.BadRequest("items", "商品规格不属于该订单")
	case errors.Is(err, aftersale.ErrOrderNotFound):
		return httpx.NotFound("订单不存在")
	case errors.Is(err, aftersale.ErrNotFound):
		return httpx.NotFound("售后单不存在")
	case errors.As(err, &status):
		return httpx.Conflict("status", "订单状态不允许申请售后")
	case errors.Is(err, aftersale.ErrWindowClosed):
		return httpx.Conflict("status", "已超过售后期")
	case errors.As(err, &move):
		return httpx.Conflict("status", fmt.Sprintf("售后单状态为%s，不能变为%s",
			aftersale.StatusLabels[move.From], aftersale.StatusLabels[move.To]))
	case errors.Is(err, aftersale.ErrNoItems):
		return httpx.BadRequest("items", "至少需要一件商品")
	case errors.Is(err, aftersale.ErrAmountPositive):
		return httpx.BadRequest("amount", "应为大于0的金额")
	}
	return err
}

func (a *OpenCases) handleOpen(c echo.Context) error {
	var b CaseBody
	if err := httpx.JSON(c, &b); err != nil {
		return err
	}
	ctx := c.Request().Context()
	var chk httpx.Check
	if b.Type != aftersale.TypeRefund && b.Type != aftersale.TypeReturn {
		chk.FailCode("type", httpx.FieldFormat, "应为refund或return")
	}
	chk.Text("reason", &b.Reason, 64, true)
	if !chk.Failed("reason") {
		ok, err := a.inDict(ctx, reasonDict, b.Reason)
		if err != nil {
			return err
		}
		if !ok {
			chk.FailCode("reason", httpx.FieldFormat, "不是售后原因字典的值")
		}
	}
	chk.Text("description", &b.Description, 500, false)
	amount, err := money.Parse(strings.TrimSpace(b.Amount))
	switch {
	case strings.TrimSpace(b.Amount) == "":
		chk.FailCode("amount", httpx.FieldRequired, httpx.ReasonRequired)
	case err != nil || amount <= 0:
		chk.FailCode("amount", httpx.FieldFormat, "应为大于0的金额（元，最多两位小数）")
	}
	checkLines(&chk, b.Items)
	if chk.Err != nil {
		return chk.Err
	}
	no, err := a.open.orderNo(c)
	if err != nil {
		return err
	}
	cl := ClientOf(c)
	in := aftersale.OpenInput{OrderNo: no, Type: b.Type, Reason: b.Reason, Description: b.Description,
		Amount: amount, Operator: operator(cl), Source: "open"}
	for _, l := range b.Items {
		in.Items = append(in.Items, aftersale.ItemInput{SkuCode: l.SkuCode, Quantity: l.Quantity})
	}
	d, err := a.cases.Open(ctx, cl.Scope(), in)
	if err != nil {
		return a.caseError(c, err, b.Items)
	}
	return c.JSON(http.StatusCreated, CaseState{CaseNo: d.CaseNo, Status: d.Status})
}

// checkLines checks a body's lines as an order's are checked: codes given once, quantities in range.
func checkLines(chk *httpx.Check, items []LineBody) {
	switch {
	case len(items) == 0:
		chk.FailCode("items", httpx.FieldRequired, "至少需要一件商品")
	case len(items) > maxLines:
		chk.FailCode("items", httpx.FieldRange, fmt.Sprintf("最多%d行", maxLines))
	}
	seen := map[string]bool{}
	for i := range items {
		l := &items[i]
		field := fmt.Sprintf("items[%d]", i)
		chk.Text(field+".skuCode", &l.SkuCode, maxCode, true)
		if !chk.Failed(field+".skuCode") && seen[l.SkuCode] {
			chk.FailCode(field+".skuCode", httpx.FieldConflict, "同一规格只能占一行")
		}
		seen[l.SkuCode] = true
		if l.Quantity < 1 || l.Quantity > maxQuantity {
			chk.FailCode(field+".quantity", httpx.FieldRange, fmt.Sprintf("应为1到%d", maxQuantity))
		}
	}
}

// caseNo reads the path's case number and makes sure the case is the client's. A shop client's
// scope is "no agency", which the service's nil scope (every case) is not, so an agency's case
// answers 404 as a missing one would.
func (a *OpenCases) caseNo(c echo.Context) (string, error) {
	no := c.Param("caseNo")
	if !caseNoPattern.MatchString(no) {
		return "", httpx.NotFound("售后单不存在")
	}
	cl := ClientOf(c)
	if cl.AgencyID == nil {
		d, err := a.cases.GetByNo(c.Request().Context(), nil, no)
		if err != nil {
			return "", a.caseError(c, err, nil)
		}
		if d.AgencyID != nil {
			return "", httpx.NotFound("售后单不存在")
		}
	}
	return no, nil
}

func (a *OpenCases) handleShipment(c echo.Context) error {
	var b ReturnBody
	if err := httpx.JSON(c, &b); err != nil {
		return err
	}
	ctx := c.Request().Context()
	var chk httpx.Check
	chk.Text("expressCompany", &b.ExpressCompany, 64, true)
	if !chk.Failed("expressCompany") {
		ok, err := a.inDict(ctx, expressDict, b.ExpressCompany)
		if err != nil {
			return err
		}
		if !ok {
			chk.FailCode("expressCompany", httpx.FieldFormat, "不是快递公司字典的值")
		}
	}
	chk.Text("trackingNo", &b.TrackingNo, 64, true)
	if !chk.Failed("trackingNo") && !trackingPattern.MatchString(b.TrackingNo) {
		chk.FailCode("trackingNo", httpx.FieldFormat, "只能包含字母、数字和-")
	}
	if chk.Err != nil {
		return chk.Err
	}
	no, err := a.caseNo(c)
	if err != nil {
		return err
	}
	cl := ClientOf(c)
	d, err := a.cases.ReturnShipment(ctx, cl.Scope(), no, b.ExpressCompany, b.TrackingNo, operator(cl))
	if err != nil {
		return a.caseError(c, err, nil)
	}
	return c.JSON(http.StatusOK, CaseState{CaseNo: d.CaseNo, Status: d.Status})
}

func (a *OpenCases) handleCancel(c echo.Context) error {
	no, err := a.caseNo(c)
	if err != nil {
		return err
	}
	cl := ClientOf(c)
	d, err := a.cases.Cancel(c.Request().Context(), cl.Scope(), no, operator(cl))
	if err != nil {
		return a.caseError(c, err, nil)
	}
	return c.JSON(http.StatusOK, CaseState{CaseNo: d.CaseNo, Status: d.Status})
}

func (a *OpenCases) handleGet(c echo.Context) error {
	no, err := a.caseNo(c)
	if err != nil {
		return err
	}
	d, err := a.cases.GetByNo(c.Request().Context(), ClientOf(c).Scope(), no)
	if err != nil {
		return a.caseError(c, err, nil)
	}
	v := CaseView{CaseState: CaseState{CaseNo: d.CaseNo, Status: d.Status}, OrderNo: d.OrderNo, Type: d.Type,
		Reason: d.Reason, Amount: d.Amount, Refunded: d.Status == aftersale.Refunded, ReturnAddress: d.ReturnAddress,
		CreateTime: httpx.FormatTime(d.CreateTime), Items: make([]CaseLineView, len(d.Items))}
	if d.RefundTime != nil {
		v.RefundTime = httpx.FormatTime(*d.RefundTime)
	}
	if d.ReturnTrackingNo != "" {
		v.Return = &ReturnBody{ExpressCompany: d.ReturnCompany, TrackingNo: d.ReturnTrackingNo}
	}
	for i, it := range d.Items {
		v.Items[i] = CaseLineView{SkuCode: it.SkuCode, GoodsName: it.GoodsName, Quantity: it.Quantity, UnitPrice: it.UnitPrice}
	}
	return c.JSON(http.StatusOK, v)
}
