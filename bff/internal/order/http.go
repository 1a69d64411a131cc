package order

import (
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/filter"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/stock"
)

// Routes registers orders. Each move has its own permission, so a role can ship without
// refunding (docs/decisions.md "Goods and orders").
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/orders", authz.Perm(perm.OrderList), s.handleList).
		Doc(authz.Doc{Summary: "list orders (phones masked)", Params: listParams{}, Resp: httpx.List[Row]{}})
	r.GET("/api/orders/counts", authz.Perm(perm.OrderList), s.handleCounts).
		Doc(authz.Doc{Summary: "orders per status for the tabs", Params: filterParams{}, Resp: Counts{}})
	r.GET("/api/orders/:id", authz.Perm(perm.OrderDetail), s.handleGet).
		Doc(authz.Doc{Summary: "one order: full phone, address, items, history", Params: httpx.IDPath{}, Resp: DetailRow{}})
	for _, m := range []struct{ action, perm, summary string }{
		{Ship, perm.OrderShip, "ship a paid order (发货)"}, {Close, perm.OrderClose, "close an unpaid order (关闭)"},
		{Refund, perm.OrderRefund, "refund a paid order (退款)"}, {Complete, perm.OrderComplete, "complete a shipped order (完成)"},
	} {
		r.PUT("/api/orders/:id/"+m.action, authz.Perm(m.perm), s.handleMove(m.action)).
			Doc(authz.Doc{Summary: m.summary, Params: httpx.IDPath{}, Body: moveBody{}})
	}
	r.PUT("/api/orders/:id/remark", authz.Perm(perm.OrderEdit), s.handleRemark).
		Doc(authz.Doc{Summary: "change an order's remark (修改备注; history and operation log keep before → after)", Params: httpx.IDPath{}, Body: remarkBody{}})
	export.Routes(r, "/api/orders", authz.Perm(perm.OrderExport), s.exportResource())
	export.Routes(r, ItemExportPrefix, authz.Perm(perm.OrderExportDetail), s.itemExportResource())
	s.shipdeskRoutes(r)
	s.importRoutes(r)
}

// filterParams are the list's filters (parseQuery); the tab counts take the same.
type filterParams struct {
	OrderNo   string `query:"orderNo" maxLength:"32" description:"prefix"`
	Phone     string `query:"phone" maxLength:"32" description:"prefix; four digits: prefix or last four (尾号); 138****1019: both"`
	Status    string `query:"status" enum:"unpaid,paid,shipped,completed,closed,refunded"`
	AgencyID  int64  `query:"agencyId" minimum:"1"`
	StartTime string `query:"startTime" description:"created from: yyyy-MM-dd HH:mm:ss or yyyy-MM-dd"`
	EndTime   string `query:"endTime" description:"created until (a date alone: the whole day)"`
}

type listParams struct {
	httpx.PageParams
	httpx.SortParams
	filterParams
}

// Counts is the number of orders per status, and all of them.
type Counts struct {
	All       int64 `json:"all"`
	Unpaid    int64 `json:"unpaid"`
	Paid      int64 `json:"paid"`
	Shipped   int64 `json:"shipped"`
	Completed int64 `json:"completed"`
	Closed    int64 `json:"closed"`
	Refunded  int64 `json:"refunded"`
}

// moveBody is the body of a move; the shipment only for ship.
type moveBody struct {
	ExpressCompany string `json:"expressCompany,omitempty" description:"an express_company value (ship)"`
	TrackingNo     string `json:"trackingNo,omitempty" maxLength:"64" description:"letters, digits and - (ship)"`
	Note           string `json:"note,omitempty" maxLength:"255"`
}

// httpError is the one place where the service's errors become answers; any other error is
// the server's fault (500, logged).
func httpError(err error) error {
	var move *MoveError
	var state *StateError
	var window *WindowError
	var unknown *UnknownSkuError
	var short *stock.ShortError
	switch {
	case errors.Is(err, ErrNotFound):
		return httpx.NotFound("订单不存在")
	case errors.As(err, &move):
		return httpx.Conflict("status", fmt.Sprintf("订单状态为%s，不能变为%s", StatusLabels[move.From], StatusLabels[move.To]))
	case errors.As(err, &state):
		return httpx.Conflict("status", fmt.Sprintf("订单状态为%s，不能%s", StatusLabels[state.Status], opLabels[state.Op]))
	case errors.As(err, &window):
		return httpx.Conflict("status", fmt.Sprintf("发货已超过%d小时，不能修改物流或取消发货", window.Hours))
	case errors.Is(err, ErrFixWindow):
		return httpx.Conflict("status", "发货已超过可修改的时间，不能修改物流或取消发货")
	case errors.Is(err, ErrHasReturn):
		return httpx.Conflict("status", "订单有退货退款售后单，不能修改物流或取消发货")
	case errors.Is(err, ErrIllegalMove):
		return httpx.Conflict("status", "订单当前状态不允许此操作")
	case errors.Is(err, ErrUnknownExpress):
		return httpx.BadRequest("expressCompany", "快递公司不存在")
	case errors.Is(err, ErrTrackingRequired):
		return httpx.BadRequest("trackingNo", httpx.ReasonRequired)
	case errors.Is(err, ErrOrderNoConflict):
		return httpx.Conflict("orderNo", "订单号已存在")
	case errors.Is(err, ErrNoItems):
		return httpx.BadRequest("items", "至少需要一件商品")
	case errors.Is(err, ErrAmount):
		return httpx.BadRequest("items", "金额超出范围")
	case errors.As(err, &unknown):
		return httpx.BadRequest("items", fmt.Sprintf("商品规格%s不存在或未上架", unknown.SkuCode))
	case errors.Is(err, ErrUnknownSku):
		return httpx.BadRequest("items", "商品规格不存在或未上架")
	case errors.As(err, &short):
		return httpx.Conflict("items", fmt.Sprintf("商品规格%s库存不足，可用%d", short.Code, short.Available))
	case errors.Is(err, ErrHasAftersale):
		return httpx.Conflict("status", "订单有售后单，请在售后管理中退款")
	case errors.Is(err, ErrAmountMismatch):
		return httpx.BadRequest("amount", "支付金额与订单金额不符")
	}
	return err
}

// opLabels name the shipping desk's operations in answers.
var opLabels = map[string]string{OpAddress: "修改地址", OpShipment: "修改物流或取消发货"}

// Row is an order in the list: the phone masked, no address.
type Row struct {
	ID             int64     `json:"id"`
	OrderNo        string    `json:"orderNo"`
	CustomerName   string    `json:"customerName"`
	Phone          string    `json:"phone"`
	Amount         money.Fen `json:"amount"`
	Freight        money.Fen `json:"freight"`
	Refunded       money.Fen `json:"refunded" description:"what after-sales cases refunded, freight included"`
	PayTime        string    `json:"payTime"`
	AgencyID       *int64    `json:"agencyId"`
	AgencyName     string    `json:"agencyName" description:"the agency's name; empty for the shop's own orders"`
	Status         string    `json:"status"`
	ExpressCompany string    `json:"expressCompany"`
	TrackingNo     string    `json:"trackingNo"`
	ShipTime       string    `json:"shipTime"`
	Remark         string    `json:"remark"`
	CreateTime     string    `json:"createTime"`
	// ShipmentFixUntil is until when 修改物流 and 取消发货 are allowed; "" when they are not now.
	ShipmentFixUntil string `json:"shipmentFixUntil" description:"until when the shipment may be corrected or cancelled; empty: not now"`
}

// DetailRow is the whole order (order:detail): the full phone, the address, items, history,
// and the stock its lines moved (the ledger rows of its number, oldest first).
type DetailRow struct {
	Row
	Address    string         `json:"address"`
	Items      []ItemRow      `json:"items"`
	History    []HistoryRow   `json:"history"`
	StockMoves []StockMoveRow `json:"stockMoves"`
	// The deadlines 订单设置 gave the order ("" where none: not reached yet, or an order from
	// before them).
	PayDeadline    string `json:"payDeadline" description:"支付截止: an unpaid order closes by itself then"`
	AutoCompleteAt string `json:"autoCompleteAt" description:"自动确认收货: a shipped order completes by itself then"`
	AftersaleUntil string `json:"aftersaleUntil" description:"售后截止: after-sales may be opened until then"`
}

// fixUntilText is FixUntil's time of order id as the API writes times, "" for none.
func fixUntilText(fix map[int64]time.Time, id int64) string {
	if t, ok := fix[id]; ok {
		return httpx.FormatTime(t)
	}
	return ""
}

// timeOrEmpty is t as the API writes times, "" for none.
func timeOrEmpty(t *time.Time) string {
	if t == nil {
		return ""
	}
	return httpx.FormatTime(*t)
}

// ItemRow is a line of an order.
type ItemRow struct {
	ID          int64     `json:"id" description:"the order item's id (an after-sales case names it)"`
	GoodsID     int64     `json:"goodsId"`
	GoodsName   string    `json:"goodsName"`
	SkuCode     string    `json:"skuCode" description:"empty for lines sold before SKUs"`
	SpecText    string    `json:"specText" description:"the SKU's spec values as they read at the sale"`
	UnitPrice   money.Fen `json:"unitPrice"`
	Quantity    int64     `json:"quantity"`
	Refunded    money.Fen `json:"refunded" description:"what after-sales cases refunded for this line"`
	RefundedQty int64     `json:"refundedQty" description:"the units after-sales cases refunded"`
}

// StockMoveRow is one ledger row of the order.
type StockMoveRow struct {
	SkuCode    string `json:"skuCode"`
	Delta      int64  `json:"delta"`
	Balance    int64  `json:"balance"`
	Reason     string `json:"reason" enum:"order_reserve,order_release,order_refund,manual_in,manual_out,stocktake,return_restock,opening"`
	CreateTime string `json:"createTime"`
	Operator   string `json:"operator"`
}

// HistoryRow is one move of the status.
type HistoryRow struct {
	From     string `json:"from"`
	To       string `json:"to"`
	Operator string `json:"operator"`
	Note     string `json:"note"`
	Time     string `json:"time"`
}

// rowOf is o in answers, its agency named from names (AgencyNames).
func rowOf(o Order, names map[int64]string) Row {
	r := Row{ID: o.ID, OrderNo: o.OrderNo, CustomerName: o.CustomerName, Phone: maskPhone(o.Phone), Amount: o.Amount,
		Freight: o.Freight, Refunded: o.Refunded, AgencyID: o.AgencyID, Status: o.Status, ExpressCompany: o.ExpressCompany,
		TrackingNo: o.TrackingNo, Remark: o.Remark, CreateTime: httpx.FormatTime(o.CreateTime)}
	if o.AgencyID != nil {
		r.AgencyName = names[*o.AgencyID]
	}
	if o.PayTime != nil {
		r.PayTime = httpx.FormatTime(*o.PayTime)
	}
	if o.ShipTime != nil {
		r.ShipTime = httpx.FormatTime(*o.ShipTime)
	}
	return r
}

// sortable maps the list's sort fields to columns (a whitelist).
var sortable = map[string]string{"createTime": "create_time", "payTime": "pay_time", "amount": "amount"}

// numberish is what an order number or phone filter may hold.
var numberish = regexp.MustCompile(`^[0-9A-Za-z-]*$`)

// A phone filter of four digits is the start of a number or its 尾号; the list's masked form
// (138****1019, copied from a row) is its start and its 尾号.
var (
	phoneTail   = regexp.MustCompile(`^[0-9]{4}$`)
	maskedPhone = regexp.MustCompile(`^([0-9]{3})\*{4}([0-9]{4})$`)
)

// parseQuery reads the list's filters (query parameters, or an export's filters): orderNo and
// phone (prefixes), status, agencyId, startTime/endTime (the DataTable's createDate).
func parseQuery(get filter.Get) (Query, error) {
	var q Query
	var err error
	for name, dst := range map[string]*string{"orderNo": &q.OrderNo, "phone": &q.Phone} {
		if *dst, err = filter.Text(get, name, 32); err != nil {
			return q, err
		}
		if name == "phone" {
			if m := maskedPhone.FindStringSubmatch(*dst); m != nil {
				q.Phone, q.PhoneTail = m[1], m[2]
				continue
			}
			if phoneTail.MatchString(*dst) {
				q.Phone, q.PhoneTail = "", *dst
				continue
			}
		}
		if !numberish.MatchString(*dst) {
			return q, httpx.BadRequest(name, "只能包含字母、数字和-")
		}
	}
	if q.Status, err = filter.OneOf(get, "status", Statuses...); err != nil {
		return q, err
	}
	if q.AgencyID, err = filter.ID(get, "agencyId"); err != nil {
		return q, err
	}
	q.From, q.To, err = filter.Range(get, "startTime", "endTime")
	return q, err
}

// listQuery reads a list request's filters and sets the caller's scope.
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
	if q.Order, err = httpx.ParseSort(c, sortable, ""); err != nil {
		return err
	}
	q.Offset, q.Limit = page.Offset(), page.Size
	os, n, err := s.List(c.Request().Context(), q)
	if err != nil {
		return httpError(err)
	}
	names, err := s.AgencyNames(c.Request().Context(), os)
	if err != nil {
		return err
	}
	fix, err := s.FixUntil(c.Request().Context(), os)
	if err != nil {
		return err
	}
	rows := make([]Row, len(os))
	for i, o := range os {
		rows[i] = rowOf(o, names)
		rows[i].ShipmentFixUntil = fixUntilText(fix, o.ID)
	}
	return c.JSON(http.StatusOK, httpx.List[Row]{Content: rows, TotalElements: int(n)})
}

// handleCounts: GET /api/orders/counts?<the list's filters> → {all, unpaid, paid, …} for the tabs.
func (s *Service) handleCounts(c echo.Context) error {
	q, err := listQuery(c)
	if err != nil {
		return err
	}
	counts, err := s.Counts(c.Request().Context(), q)
	if err != nil {
		return httpError(err)
	}
	out := Counts{Unpaid: counts[Unpaid], Paid: counts[Paid], Shipped: counts[Shipped], Completed: counts[Completed],
		Closed: counts[Closed], Refunded: counts[Refunded]}
	for _, n := range counts {
		out.All += n
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
		return httpError(err)
	}
	names, err := s.AgencyNames(c.Request().Context(), []Order{d.Order})
	if err != nil {
		return err
	}
	out := DetailRow{Row: rowOf(d.Order, names), Address: d.Address, Items: make([]ItemRow, len(d.Items)),
		History: make([]HistoryRow, len(d.History)), StockMoves: make([]StockMoveRow, len(d.StockMoves))}
	out.Phone = d.Phone
	fix, err := s.FixUntil(c.Request().Context(), []Order{d.Order})
	if err != nil {
		return err
	}
	out.ShipmentFixUntil = fixUntilText(fix, d.ID)
	out.PayDeadline, out.AutoCompleteAt, out.AftersaleUntil = timeOrEmpty(d.PayDeadline), timeOrEmpty(d.AutoCompleteAt), timeOrEmpty(d.AftersaleUntil)
	for i, it := range d.Items {
		out.Items[i] = ItemRow{ID: it.ID, GoodsID: it.GoodsID, GoodsName: it.GoodsName, SkuCode: it.SkuCode, SpecText: it.SpecText,
			UnitPrice: it.UnitPrice, Quantity: it.Quantity, Refunded: it.Refunded, RefundedQty: it.RefundedQty}
	}
	for i, e := range d.StockMoves {
		out.StockMoves[i] = StockMoveRow{SkuCode: e.SkuCode, Delta: e.Delta, Balance: e.Balance, Reason: e.Reason,
			CreateTime: httpx.FormatTime(e.CreateTime), Operator: e.Operator}
	}
	for i, h := range d.History {
		out.History[i] = HistoryRow{From: h.FromStatus, To: h.ToStatus, Operator: h.Operator, Note: h.Note,
			Time: httpx.FormatTime(h.CreateTime)}
	}
	return c.JSON(http.StatusOK, out)
}

// handleMove: PUT /api/orders/:id/{ship|close|refund|complete} with {note} (and for ship
// {expressCompany, trackingNo}) → 204.
func (s *Service) handleMove(action string) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := httpx.PathID(c, "id")
		if err != nil {
			return err
		}
		var b moveBody
		if c.Request().ContentLength != 0 {
			if err := httpx.JSON(c, &b); err != nil {
				return err
			}
		}
		var chk httpx.Check
		if action == Ship {
			checkShipment(&chk, &b.ExpressCompany, &b.TrackingNo)
		}
		chk.Text("note", &b.Note, 255, false)
		if chk.Err != nil {
			return chk.Err
		}
		in := MoveInput(b)
		p := authz.From(c)
		if err := s.Move(c.Request().Context(), agency.Scope(p), p.Username, id, action, in); err != nil {
			return httpError(err)
		}
		return c.NoContent(http.StatusNoContent)
	}
}
