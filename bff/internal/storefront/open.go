package storefront

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/limits"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/stock"
)

// Orders is what the API needs of the order service.
type Orders interface {
	Place(ctx context.Context, in order.PlaceInput) (order.Order, error)
	MarkPaid(ctx context.Context, scope *int64, orderNo string, amount money.Fen, operator string) (order.Order, error)
	CancelUnpaid(ctx context.Context, scope *int64, orderNo, operator string) (order.Order, error)
	GetByNo(ctx context.Context, scope *int64, orderNo string) (order.Detail, error)
}

// Open is the /open/v1 API.
type Open struct {
	orders   Orders
	skus     *Skus
	verifier *Verifier
	idem     *Idempotency
}

// NewOpen serves orders and skus to clients the verifier accepts; writes go through idem.
func NewOpen(orders Orders, skus *Skus, verifier *Verifier, idem *Idempotency) *Open {
	return &Open{orders: orders, skus: skus, verifier: verifier, idem: idem}
}

// Routes registers the API. Every route is signed (authz.Signed): no session, cookie or CSRF
// token is read, and the scope of the data is the client's.
func (o *Open) Routes(r *authz.Router) {
	rule := authz.Signed(o.verifier.Middleware, Scheme)
	write := func(h echo.HandlerFunc) echo.HandlerFunc { return need(ScopeOrdersWrite, o.idem.Wrap(h)) }
	r.POST("/open/v1/orders", rule, write(o.handlePlace)).
		Doc(authz.Doc{Summary: "place an order: every line reserved or none; a short line is 409 {code: out_of_stock, skuCode, available}",
			Params: writeHeaders{}, Body: PlaceBody{}, Resp: OrderState{}, Status: http.StatusCreated})
	r.POST("/open/v1/orders/:orderNo/paid", rule, write(o.handlePaid)).
		Doc(authz.Doc{Summary: "report the payment: the amount must be the order's; a second report changes nothing",
			Params: orderWriteParams{}, Body: PaidBody{}, Resp: OrderState{}})
	r.POST("/open/v1/orders/:orderNo/cancel", rule, write(o.handleCancel)).
		Doc(authz.Doc{Summary: "cancel an unpaid order; its units go back to stock", Params: orderWriteParams{}, Resp: OrderState{}})
	r.GET("/open/v1/orders/:orderNo", rule, need(ScopeOrdersRead, o.handleGet)).
		Doc(authz.Doc{Summary: "one order of the client's scope: status, lines, shipment", Params: orderParams{}, Resp: OrderView{}})
	r.GET("/open/v1/skus", rule, need(ScopeSkusRead, o.handleSkus)).
		Doc(authz.Doc{Summary: "SKUs on sale among the codes, with the stock free to sell", Params: skuParams{}, Resp: SkuList{}})
}

// need refuses a client that does not hold scope (403 missing_scope).
func need(scope string, h echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if !ClientOf(c).Has(scope) {
			return &httpx.Error{Status: http.StatusForbidden, Code: "missing_scope", Message: "客户端没有权限 " + scope}
		}
		return h(c)
	}
}

// signedHeaders document the signature headers (authz.Signed checks them).
type signedHeaders struct {
	ClientID  string `header:"X-Client-Id" required:"true"`
	Timestamp string `header:"X-Timestamp" required:"true" description:"Unix seconds"`
	Nonce     string `header:"X-Nonce" required:"true" minLength:"16" maxLength:"64" pattern:"^[A-Za-z0-9_-]+$"`
	Signature string `header:"X-Signature" required:"true" pattern:"^[0-9a-f]{64}$"`
}

type writeHeaders struct {
	signedHeaders
	IdempotencyKey string `header:"Idempotency-Key" required:"true" maxLength:"64" pattern:"^[A-Za-z0-9_.:-]+$" description:"the same key and body answer the first result again (24 h)"`
}

type orderParams struct {
	signedHeaders
	OrderNo string `path:"orderNo"`
}

type orderWriteParams struct {
	writeHeaders
	OrderNo string `path:"orderNo"`
}

type skuParams struct {
	signedHeaders
	Codes string `query:"codes" required:"true" description:"SKU codes, comma-separated, at most 100"`
}

// PlaceBody is an order as a storefront sends it.
type PlaceBody struct {
	CustomerName string     `json:"customerName" maxLength:"64"`
	Phone        string     `json:"phone" maxLength:"32"`
	Address      string     `json:"address" maxLength:"255"`
	Freight      string     `json:"freight" description:"yuan, two decimals at most (\"12.50\")"`
	Items        []LineBody `json:"items" minItems:"1" maxItems:"100"`
	Remark       string     `json:"remark,omitempty" maxLength:"500"`
}

// LineBody is one line: a SKU code and how many.
type LineBody struct {
	SkuCode  string `json:"skuCode" maxLength:"64" description:"the SKU's code (规格编码) in the client's scope"`
	Quantity int64  `json:"quantity" minimum:"1" maximum:"99999"`
}

// PaidBody is a payment notice.
type PaidBody struct {
	Amount string `json:"amount" description:"yuan; must be the order's amount"`
}

// OrderState is an order's number, status and amount (what a write answers).
type OrderState struct {
	OrderNo string    `json:"orderNo"`
	Status  string    `json:"status" enum:"unpaid,paid,shipped,completed,closed,refunded"`
	Amount  money.Fen `json:"amount"`
}

// OrderView is one order as the API shows it.
type OrderView struct {
	OrderState
	Freight      money.Fen  `json:"freight"`
	CustomerName string     `json:"customerName"`
	Phone        string     `json:"phone"`
	Address      string     `json:"address"`
	CreateTime   string     `json:"createTime"`
	PayTime      string     `json:"payTime" description:"empty while unpaid"`
	Items        []LineView `json:"items"`
	Shipment     *Shipment  `json:"shipment" description:"null until shipped"`
}

// LineView is a line as sold.
type LineView struct {
	SkuCode   string    `json:"skuCode"`
	GoodsName string    `json:"goodsName"`
	SpecText  string    `json:"specText"`
	UnitPrice money.Fen `json:"unitPrice"`
	Quantity  int64     `json:"quantity"`
}

// Shipment is where a shipped order is.
type Shipment struct {
	ExpressCompany string `json:"expressCompany" description:"a value of the express_company dictionary"`
	TrackingNo     string `json:"trackingNo"`
	ShipTime       string `json:"shipTime"`
}

// SkuList answers GET /open/v1/skus.
type SkuList struct {
	Skus    []SkuView `json:"skus"`
	Missing []string  `json:"missing" description:"codes that are not on sale in the client's scope"`
}

// SkuView is a SKU with its free stock.
type SkuView struct {
	SkuCode   string    `json:"skuCode"`
	GoodsName string    `json:"goodsName"`
	Specs     []string  `json:"specs"`
	Price     money.Fen `json:"price"`
	Available int64     `json:"available"`
}

// OutOfStock is the 409 of a short line: the error envelope with the line's code and what is left.
type OutOfStock struct {
	httpx.Envelope
	SkuCode   string `json:"skuCode"`
	Available int64  `json:"available"`
}

// CodeOutOfStock is the code of OutOfStock.
const CodeOutOfStock = "out_of_stock"

var orderNoPattern = regexp.MustCompile(`^[A-Za-z0-9-]{1,32}$`)

const (
	maxLines    = 100
	maxQuantity = 99999
	maxCodes    = 100
	maxCode     = 64 // a SKU code's length (goods_skus.code)
)

// operator is how the order history names a client.
func operator(c Client) string { return "open:" + c.ClientID }

// openError is where the order service's errors become the API's answers.
func (o *Open) openError(c echo.Context, err error, lines []LineBody) error {
	var short *stock.ShortError
	var unknown *order.UnknownSkuError
	var move *order.MoveError
	switch {
	case errors.As(err, &short):
		return c.JSON(http.StatusConflict, OutOfStock{Envelope: httpx.Envelope{Status: http.StatusConflict, Code: CodeOutOfStock,
			Message:   fmt.Sprintf("商品规格%s库存不足，可用%d", short.Code, short.Available),
			Timestamp: o.verifier.now().UnixMilli()}, SkuCode: short.Code, Available: short.Available})
	case errors.As(err, &unknown):
		field := "items"
		for i, l := range lines {
			if l.SkuCode == unknown.SkuCode {
				field = fmt.Sprintf("items[%d].skuCode", i)
				break
			}
		}
		return httpx.BadRequest(field, "商品规格"+unknown.SkuCode+"不存在或未上架")
	case errors.Is(err, order.ErrNotFound):
		return httpx.NotFound("订单不存在")
	case errors.As(err, &move):
		return httpx.Conflict("status", fmt.Sprintf("订单状态为%s，不能变为%s", order.StatusLabels[move.From], order.StatusLabels[move.To]))
	case errors.Is(err, order.ErrIllegalMove):
		return httpx.Conflict("status", "订单当前状态不允许此操作")
	case errors.Is(err, order.ErrAmountMismatch):
		return httpx.BadRequest("amount", "支付金额与订单金额不符")
	case errors.Is(err, order.ErrNoItems):
		return httpx.BadRequest("items", "至少需要一件商品")
	case errors.Is(err, order.ErrAmount):
		return httpx.BadRequest("items", "金额超出范围")
	}
	return err
}

func (o *Open) handlePlace(c echo.Context) error {
	var b PlaceBody
	if err := httpx.JSON(c, &b); err != nil {
		return err
	}
	var chk httpx.Check
	chk.Text("customerName", &b.CustomerName, limits.NameMax, true)
	chk.Text("phone", &b.Phone, limits.PhoneMax, true)
	chk.Phone("phone", &b.Phone)
	chk.Text("address", &b.Address, 255, true)
	chk.Text("remark", &b.Remark, 500, false)
	freight, err := money.Parse(strings.TrimSpace(b.Freight))
	switch {
	case strings.TrimSpace(b.Freight) == "":
		chk.FailCode("freight", httpx.FieldRequired, httpx.ReasonRequired)
	case err != nil || freight < 0:
		chk.FailCode("freight", httpx.FieldFormat, "应为不小于0的金额（元，最多两位小数）")
	}
	checkLines(&chk, b.Items)
	if chk.Err != nil {
		return chk.Err
	}
	cl := ClientOf(c)
	in := order.PlaceInput{AgencyID: cl.Scope(), CustomerName: b.CustomerName, Phone: b.Phone, Address: b.Address,
		Freight: freight, Operator: operator(cl), Remark: b.Remark}
	for _, l := range b.Items {
		in.Items = append(in.Items, order.PlaceItem{SkuCode: l.SkuCode, Quantity: l.Quantity})
	}
	placed, err := o.orders.Place(c.Request().Context(), in)
	if err != nil {
		return o.openError(c, err, b.Items)
	}
	return c.JSON(http.StatusCreated, OrderState{OrderNo: placed.OrderNo, Status: placed.Status, Amount: placed.Amount})
}

// orderNo reads the path's order number and makes sure the order is the client's: a shop
// client's scope is "no agency", which the order service's nil scope (every order) is not, so
// its orders are read first and an agency's answer 404 as a missing one would.
func (o *Open) orderNo(c echo.Context) (string, error) {
	no := c.Param("orderNo")
	if !orderNoPattern.MatchString(no) {
		return "", httpx.NotFound("订单不存在")
	}
	cl := ClientOf(c)
	if cl.AgencyID == nil {
		d, err := o.orders.GetByNo(c.Request().Context(), nil, no)
		if err != nil {
			return "", o.openError(c, err, nil)
		}
		if d.AgencyID != nil {
			return "", httpx.NotFound("订单不存在")
		}
	}
	return no, nil
}

func (o *Open) handlePaid(c echo.Context) error {
	var b PaidBody
	if err := httpx.JSON(c, &b); err != nil {
		return err
	}
	amount, err := money.Parse(strings.TrimSpace(b.Amount))
	if strings.TrimSpace(b.Amount) == "" {
		return httpx.Invalid(httpx.FieldError{Field: "amount", Code: httpx.FieldRequired, Message: httpx.ReasonRequired})
	}
	if err != nil || amount <= 0 {
		return httpx.Invalid(httpx.FieldError{Field: "amount", Code: httpx.FieldFormat, Message: "应为大于0的金额（元，最多两位小数）"})
	}
	no, err := o.orderNo(c)
	if err != nil {
		return err
	}
	cl := ClientOf(c)
	got, err := o.orders.MarkPaid(c.Request().Context(), cl.Scope(), no, amount, operator(cl))
	if err != nil {
		return o.openError(c, err, nil)
	}
	return c.JSON(http.StatusOK, OrderState{OrderNo: got.OrderNo, Status: got.Status, Amount: got.Amount})
}

func (o *Open) handleCancel(c echo.Context) error {
	no, err := o.orderNo(c)
	if err != nil {
		return err
	}
	cl := ClientOf(c)
	got, err := o.orders.CancelUnpaid(c.Request().Context(), cl.Scope(), no, operator(cl))
	if err != nil {
		return o.openError(c, err, nil)
	}
	return c.JSON(http.StatusOK, OrderState{OrderNo: got.OrderNo, Status: got.Status, Amount: got.Amount})
}

func (o *Open) handleGet(c echo.Context) error {
	no, err := o.orderNo(c)
	if err != nil {
		return err
	}
	d, err := o.orders.GetByNo(c.Request().Context(), ClientOf(c).Scope(), no)
	if err != nil {
		return o.openError(c, err, nil)
	}
	v := OrderView{OrderState: OrderState{OrderNo: d.OrderNo, Status: d.Status, Amount: d.Amount}, Freight: d.Freight,
		CustomerName: d.CustomerName, Phone: d.Phone, Address: d.Address, CreateTime: httpx.FormatTime(d.CreateTime),
		Items: make([]LineView, len(d.Items))}
	if d.PayTime != nil {
		v.PayTime = httpx.FormatTime(*d.PayTime)
	}
	for i, it := range d.Items {
		v.Items[i] = LineView{SkuCode: it.SkuCode, GoodsName: it.GoodsName, SpecText: it.SpecText, UnitPrice: it.UnitPrice,
			Quantity: it.Quantity}
	}
	if d.ShipTime != nil {
		v.Shipment = &Shipment{ExpressCompany: d.ExpressCompany, TrackingNo: d.TrackingNo, ShipTime: httpx.FormatTime(*d.ShipTime)}
	}
	return c.JSON(http.StatusOK, v)
}

func (o *Open) handleSkus(c echo.Context) error {
	raw := c.QueryParam("codes")
	var codes []string
	for _, code := range strings.Split(raw, ",") {
		code = strings.TrimSpace(code)
		if code == "" {
			continue
		}
		if len([]rune(code)) > maxCode || !utf8.ValidString(code) {
			return httpx.Invalid(httpx.FieldError{Field: "codes", Code: httpx.FieldTooLong, Message: fmt.Sprintf("每个编码最多%d个字符", maxCode)})
		}
		if !slices.Contains(codes, code) {
			codes = append(codes, code)
		}
	}
	switch {
	case len(codes) == 0:
		return httpx.Invalid(httpx.FieldError{Field: "codes", Code: httpx.FieldRequired, Message: httpx.ReasonRequired})
	case len(codes) > maxCodes:
		return httpx.Invalid(httpx.FieldError{Field: "codes", Code: httpx.FieldRange, Message: fmt.Sprintf("最多%d个", maxCodes)})
	}
	found, err := o.skus.ByCodes(c.Request().Context(), ClientOf(c).Scope(), codes)
	if err != nil {
		return err
	}
	out := SkuList{Skus: make([]SkuView, len(found)), Missing: []string{}}
	have := map[string]bool{}
	for i, s := range found {
		specs := s.Specs
		if specs == nil {
			specs = []string{}
		}
		out.Skus[i] = SkuView{SkuCode: s.Code, GoodsName: s.GoodsName, Specs: specs, Price: s.Price, Available: max(s.Stock, 0)}
		have[s.Code] = true
	}
	for _, code := range codes {
		if !have[code] {
			out.Missing = append(out.Missing, code)
		}
	}
	return c.JSON(http.StatusOK, out)
}
