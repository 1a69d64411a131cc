package aftersale

import (
	"errors"
	"io"
	"net/http"
	"regexp"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/filter"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/platform/perm"
)

// Routes registers the after-sales desk: the list and its tabs, one case, 代客申请, the moves
// (each under its own permission, so a role can receive parcels without paying money), the
// export, and the payment gateway's notification (public: its signature is the check).
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/aftersales", authz.Perm(perm.AftersaleList), s.handleList).
		Doc(authz.Doc{Summary: "list after-sales cases (phones masked)", Params: listParams{}, Resp: httpx.List[Row]{}})
	r.GET("/api/aftersales/counts", authz.Perm(perm.AftersaleList), s.handleCounts).
		Doc(authz.Doc{Summary: "cases per status for the tabs", Params: filterParams{}, Resp: Counts{}})
	r.GET("/api/aftersales/:id", authz.Perm(perm.AftersaleList), s.handleGet).
		Doc(authz.Doc{Summary: "one case: lines, photos, history, money", Params: httpx.IDPath{}, Resp: DetailRow{}})
	r.POST("/api/aftersales", authz.Perm(perm.AftersaleAudit), s.handleOpen).
		Doc(authz.Doc{Summary: "open a case for a customer (代客申请)", Body: openBody{}, Resp: DetailRow{}, Status: http.StatusCreated})
	r.POST("/api/aftersales/:id/approve", authz.Perm(perm.AftersaleAudit), s.handleApprove).
		Doc(authz.Doc{Summary: "approve an applied case (同意)", Params: httpx.IDPath{}, Body: approveBody{}, Resp: DetailRow{}})
	r.POST("/api/aftersales/:id/reject", authz.Perm(perm.AftersaleAudit), s.handleReject).
		Doc(authz.Doc{Summary: "reject a case before money moved (拒绝)", Params: httpx.IDPath{}, Body: rejectBody{}, Resp: DetailRow{}})
	r.POST("/api/aftersales/:id/receive", authz.Perm(perm.AftersaleReceive), s.handleReceive).
		Doc(authz.Doc{Summary: "receive the returned parcel (收货); undamaged units go back to stock", Params: httpx.IDPath{}, Body: receiveBody{}, Resp: DetailRow{}})
	r.POST("/api/aftersales/:id/refund", authz.Perm(perm.AftersaleRefund), s.handleRefund).
		Doc(authz.Doc{Summary: "refund the case (退款); 202 when a 退款审批 was started", Params: httpx.IDPath{}, Body: refundBody{}, Resp: DetailRow{}})
	export.Routes(r, "/api/aftersales", authz.Perm(perm.AftersaleExport), s.exportResource())
	r.POST("/api/aftersales/gateway/notify", authz.Public(), s.handleNotify).
		Doc(authz.Doc{Summary: "the payment gateway's refund notification (signed)", Resp: notifyAnswer{}})
}

// filterParams are the list's filters (parseQuery); the tab counts take the same.
type filterParams struct {
	Status    string `query:"status" enum:"applied,approved,awaiting_return,returned,received,refunding,refunded,rejected,cancelled"`
	Type      string `query:"type" enum:"refund,return"`
	CaseNo    string `query:"caseNo" maxLength:"32" description:"prefix"`
	OrderNo   string `query:"orderNo" maxLength:"32" description:"prefix"`
	Phone     string `query:"phone" maxLength:"32" description:"prefix"`
	StartTime string `query:"startTime" description:"created from: yyyy-MM-dd HH:mm:ss or yyyy-MM-dd"`
	EndTime   string `query:"endTime" description:"created until (a date alone: the whole day)"`
}

type listParams struct {
	httpx.PageParams
	filterParams
}

// Counts is the number of cases per status, and all of them.
type Counts struct {
	All            int64 `json:"all"`
	Applied        int64 `json:"applied"`
	Approved       int64 `json:"approved"`
	AwaitingReturn int64 `json:"awaiting_return"`
	Returned       int64 `json:"returned"`
	Received       int64 `json:"received"`
	Refunding      int64 `json:"refunding"`
	Refunded       int64 `json:"refunded"`
	Rejected       int64 `json:"rejected"`
	Cancelled      int64 `json:"cancelled"`
}

// numberish is what a case number, order number or phone filter may hold.
var numberish = regexp.MustCompile(`^[0-9A-Za-z-]*$`)

// parseQuery reads the list's filters (query parameters, or an export's filters).
func parseQuery(get filter.Get) (Query, error) {
	var q Query
	var err error
	for name, dst := range map[string]*string{"caseNo": &q.CaseNo, "orderNo": &q.OrderNo, "phone": &q.Phone} {
		if *dst, err = filter.Text(get, name, 32); err != nil {
			return q, err
		}
		if !numberish.MatchString(*dst) {
			return q, httpx.BadRequest(name, "只能包含字母、数字和-")
		}
	}
	if q.Status, err = filter.OneOf(get, "status", Statuses...); err != nil {
		return q, err
	}
	if q.Type, err = filter.OneOf(get, "type", TypeRefund, TypeReturn); err != nil {
		return q, err
	}
	q.From, q.To, err = filter.Range(get, "startTime", "endTime")
	return q, err
}

func listQuery(c echo.Context) (Query, error) {
	q, err := parseQuery(c.QueryParam)
	q.Scope = agency.Scope(authz.From(c))
	return q, err
}

func (s *Service) handleList(c echo.Context) error {
	page, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	q, err := listQuery(c)
	if err != nil {
		return err
	}
	q.Offset, q.Limit = page.Offset(), page.Size
	cs, n, err := s.List(c.Request().Context(), q)
	if err != nil {
		return HTTPError(err)
	}
	rows := make([]Row, len(cs))
	for i, cs := range cs {
		rows[i] = RowOf(cs, true)
	}
	return c.JSON(http.StatusOK, httpx.List[Row]{Content: rows, TotalElements: int(n)})
}

func (s *Service) handleCounts(c echo.Context) error {
	q, err := listQuery(c)
	if err != nil {
		return err
	}
	n, err := s.Counts(c.Request().Context(), q)
	if err != nil {
		return HTTPError(err)
	}
	out := Counts{Applied: n[Applied], Approved: n[Approved], AwaitingReturn: n[AwaitingReturn], Returned: n[Returned],
		Received: n[Received], Refunding: n[Refunding], Refunded: n[Refunded], Rejected: n[Rejected], Cancelled: n[Cancelled]}
	for _, v := range n {
		out.All += v
	}
	return c.JSON(http.StatusOK, out)
}

func (s *Service) handleGet(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	d, err := s.Get(c.Request().Context(), agency.Scope(authz.From(c)), id)
	if err != nil {
		return HTTPError(err)
	}
	return s.reply(c, http.StatusOK, d)
}

// openBody is 代客申请.
type openBody struct {
	OrderNo     string     `json:"orderNo" maxLength:"32"`
	Type        string     `json:"type" enum:"refund,return"`
	Reason      string     `json:"reason" maxLength:"32" description:"an aftersale_reason value"`
	Description string     `json:"description" maxLength:"500"`
	Photos      []int64    `json:"photos" description:"uploaded file ids, at most 9"`
	Items       []openItem `json:"items"`
	Amount      string     `json:"amount" description:"yuan, freight included: 12.34"`
	Freight     string     `json:"freight,omitempty" description:"yuan, the freight among the amount"`
}

type openItem struct {
	OrderItemID int64 `json:"orderItemId" minimum:"1"`
	Quantity    int64 `json:"quantity" minimum:"1"`
}

// yuan reads a money field ("" is zero when not required).
func yuan(chk *httpx.Check, field, v string, required bool) money.Fen {
	if v == "" {
		if required {
			chk.Fail(field, httpx.ReasonRequired)
		}
		return 0
	}
	f, err := money.Parse(v)
	if err != nil || f < 0 {
		chk.Fail(field, "金额格式不正确")
	}
	return f
}

func (s *Service) handleOpen(c echo.Context) error {
	var b openBody
	if err := httpx.JSON(c, &b); err != nil {
		return err
	}
	var chk httpx.Check
	chk.Text("orderNo", &b.OrderNo, 32, true)
	chk.OneOf("type", b.Type, TypeRefund, TypeReturn)
	chk.Text("reason", &b.Reason, 32, true)
	chk.Text("description", &b.Description, 500, false)
	amount, freight := yuan(&chk, "amount", b.Amount, true), yuan(&chk, "freight", b.Freight, false)
	if len(b.Items) == 0 || len(b.Items) > 100 {
		chk.Fail("items", "至少需要一件商品")
	}
	if len(b.Photos) > 9 {
		chk.Fail("photos", "最多9张")
	}
	in := OpenInput{OrderNo: b.OrderNo, Type: b.Type, Reason: b.Reason, Description: b.Description, Photos: b.Photos,
		Amount: amount, Freight: freight, Operator: authz.From(c).Username, Source: "console"}
	for _, it := range b.Items {
		if it.OrderItemID <= 0 || it.Quantity <= 0 {
			chk.Fail("items", "商品和数量必须为正数")
		}
		in.Items = append(in.Items, ItemInput{OrderItemID: it.OrderItemID, Quantity: it.Quantity})
	}
	if chk.Err != nil {
		return chk.Err
	}
	d, err := s.Open(c.Request().Context(), agency.Scope(authz.From(c)), in)
	if err != nil {
		return HTTPError(err)
	}
	return s.reply(c, http.StatusCreated, d)
}

type approveBody struct {
	ReturnAddress string `json:"returnAddress,omitempty" maxLength:"255" description:"a return's address; default: the shop's"`
}

type rejectBody struct {
	Reason string `json:"reason" maxLength:"255"`
}

type receiveBody struct {
	Damaged bool `json:"damaged" description:"damaged units are not restocked"`
}

type refundBody struct {
	Provider      string `json:"provider" enum:"manual,gateway"`
	VoucherNo     string `json:"voucherNo,omitempty" maxLength:"64" description:"manual: the transfer's voucher number"`
	VoucherFileID *int64 `json:"voucherFileId,omitempty" minimum:"1" description:"manual: the uploaded picture of the transfer"`
}

// body decodes an optional JSON body (an empty one leaves v as it is).
func body(c echo.Context, v any) error {
	if c.Request().ContentLength == 0 {
		return nil
	}
	return httpx.JSON(c, v)
}

// moveHandler reads the id and the body, checks it and runs the move.
func moveHandler[B any](s *Service, check func(*httpx.Check, *B), run func(c echo.Context, scope *int64, id int64, b B) (Detail, error)) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := httpx.PathID(c, "id")
		if err != nil {
			return err
		}
		var b B
		if err := body(c, &b); err != nil {
			return err
		}
		var chk httpx.Check
		check(&chk, &b)
		if chk.Err != nil {
			return chk.Err
		}
		d, err := run(c, agency.Scope(authz.From(c)), id, b)
		if err != nil {
			return HTTPError(err)
		}
		status := http.StatusOK
		if d.RefundState == RefundApproving && c.Path() == "/api/aftersales/:id/refund" {
			status = http.StatusAccepted
		}
		return s.reply(c, status, d)
	}
}

func (s *Service) handleApprove(c echo.Context) error {
	return moveHandler(s, func(chk *httpx.Check, b *approveBody) { chk.Text("returnAddress", &b.ReturnAddress, 255, false) },
		func(c echo.Context, scope *int64, id int64, b approveBody) (Detail, error) {
			return s.Approve(c.Request().Context(), scope, id, authz.From(c).Username, b.ReturnAddress)
		})(c)
}

func (s *Service) handleReject(c echo.Context) error {
	return moveHandler(s, func(chk *httpx.Check, b *rejectBody) { chk.Text("reason", &b.Reason, 255, true) },
		func(c echo.Context, scope *int64, id int64, b rejectBody) (Detail, error) {
			return s.Reject(c.Request().Context(), scope, id, authz.From(c).Username, b.Reason)
		})(c)
}

func (s *Service) handleReceive(c echo.Context) error {
	return moveHandler(s, func(*httpx.Check, *receiveBody) {},
		func(c echo.Context, scope *int64, id int64, b receiveBody) (Detail, error) {
			return s.Receive(c.Request().Context(), scope, id, authz.From(c).Username, b.Damaged)
		})(c)
}

func (s *Service) handleRefund(c echo.Context) error {
	return moveHandler(s, func(chk *httpx.Check, b *refundBody) {
		// a manual refund's voucher is required by the service once the money is paid (not when
		// the refund first asks its approval)
		chk.OneOf("provider", b.Provider, Manual, GatewayProv)
		chk.Text("voucherNo", &b.VoucherNo, 64, false)
		if b.VoucherFileID != nil && *b.VoucherFileID <= 0 {
			chk.Fail("voucherFileId", "请上传转账截图")
		}
	}, func(c echo.Context, scope *int64, id int64, b refundBody) (Detail, error) {
		p := authz.From(c)
		return s.Refund(c.Request().Context(), scope, id, Actor{UserID: p.UserID, Name: p.Username},
			RefundInput(b))
	})(c)
}

// notifyAnswer is what the gateway is told once a notification was handled (repeats too).
type notifyAnswer struct {
	Code string `json:"code" enum:"SUCCESS"`
}

// maxNotify bounds a notification's body.
const maxNotify = 64 << 10

// handleNotify: the gateway's signed notification settles the refund it names. Without a
// gateway configured the route answers 404, as if it were not there.
func (s *Service) handleNotify(c echo.Context) error {
	if s.deps.Gateway == nil {
		return httpx.NotFound("未配置支付网关")
	}
	b, err := io.ReadAll(io.LimitReader(c.Request().Body, maxNotify+1))
	if err != nil {
		return err
	}
	if len(b) > maxNotify {
		return httpx.Errorf(http.StatusRequestEntityTooLarge, "通知过大")
	}
	r, err := s.deps.Gateway.Verify(c.Request().Header, b)
	if err != nil {
		s.deps.Log.Warn("aftersale: refused gateway notification", "err", err)
		return httpx.Errorf(http.StatusUnauthorized, "签名无效")
	}
	if err := s.Settle(c.Request().Context(), r); err != nil {
		if errors.Is(err, ErrGatewayAmount) {
			return httpx.Conflict("amount", "退款金额不符")
		}
		return HTTPError(err)
	}
	return c.JSON(http.StatusOK, notifyAnswer{Code: "SUCCESS"})
}

// reply answers d with status.
func (s *Service) reply(c echo.Context, status int, d Detail) error {
	out, err := s.answer(c.Request().Context(), d)
	if err != nil {
		return err
	}
	return c.JSON(status, out)
}
