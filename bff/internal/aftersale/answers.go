package aftersale

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"mallconsole/bff/internal/attach"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/money"
)

// Row is a case in the list (the phone masked) and the head of its detail (the phone whole).
type Row struct {
	ID               int64     `json:"id"`
	CaseNo           string    `json:"caseNo"`
	OrderID          int64     `json:"orderId"`
	OrderNo          string    `json:"orderNo"`
	AgencyID         *int64    `json:"agencyId"`
	Type             string    `json:"type" enum:"refund,return"`
	Status           string    `json:"status" enum:"applied,approved,awaiting_return,returned,received,refunding,refunded,rejected,cancelled"`
	Reason           string    `json:"reason" description:"an aftersale_reason value"`
	Description      string    `json:"description"`
	Amount           money.Fen `json:"amount"`
	Freight          money.Fen `json:"freight"`
	CustomerName     string    `json:"customerName"`
	Phone            string    `json:"phone"`
	ReturnAddress    string    `json:"returnAddress"`
	ReturnCompany    string    `json:"returnCompany"`
	ReturnTrackingNo string    `json:"returnTrackingNo"`
	Damaged          bool      `json:"damaged"`
	Provider         string    `json:"provider" enum:",manual,gateway"`
	VoucherNo        string    `json:"voucherNo"`
	VoucherFileID    *int64    `json:"voucherFileId"`
	RefundNo         string    `json:"refundNo"`
	RefundState      string    `json:"refundState" enum:",approving,approved,sent,failed,done"`
	InstanceID       *int64    `json:"instanceId" description:"the 退款审批 workflow instance"`
	Source           string    `json:"source" enum:"console,open"`
	CreateBy         string    `json:"createBy"`
	CreateTime       string    `json:"createTime"`
	UpdateTime       string    `json:"updateTime"`
	RefundTime       string    `json:"refundTime"`
}

// DetailRow is the whole case.
type DetailRow struct {
	Row
	Items         []ItemRow    `json:"items"`
	Photos        []FileRow    `json:"photos" description:"the customer's pictures"`
	VoucherFile   *FileRow     `json:"voucherFile" description:"the picture of a manual refund's transfer, once recorded"`
	History       []HistoryRow `json:"history"`
	OrderAmount   money.Fen    `json:"orderAmount"`
	OrderRefunded money.Fen    `json:"orderRefunded"`
}

// FileRow is an uploaded picture of a case and where the browser reads it.
type FileRow struct {
	ID           int64  `json:"id"`
	ReadURL      string `json:"readUrl"`
	OriginalName string `json:"originalName"`
}

// ItemRow is one line of a case.
type ItemRow struct {
	ID          int64     `json:"id"`
	OrderItemID int64     `json:"orderItemId"`
	SkuCode     string    `json:"skuCode"`
	GoodsName   string    `json:"goodsName"`
	SpecText    string    `json:"specText"`
	UnitPrice   money.Fen `json:"unitPrice"`
	Quantity    int64     `json:"quantity"`
	Refunded    money.Fen `json:"refunded"`
}

// HistoryRow is one move of a case.
type HistoryRow struct {
	FromStatus string `json:"fromStatus"`
	ToStatus   string `json:"toStatus"`
	Operator   string `json:"operator"`
	Note       string `json:"note"`
	CreateTime string `json:"createTime"`
}

// RowOf is c in answers; the phone whole (the detail) or masked (the list).
func RowOf(c Case, masked bool) Row {
	r := Row{ID: c.ID, CaseNo: c.CaseNo, OrderID: c.OrderID, OrderNo: c.OrderNo, AgencyID: c.AgencyID, Type: c.Type,
		Status: c.Status, Reason: c.Reason, Description: c.Description, Amount: c.Amount, Freight: c.Freight,
		CustomerName: c.CustomerName, Phone: c.Phone, ReturnAddress: c.ReturnAddress, ReturnCompany: c.ReturnCompany,
		ReturnTrackingNo: c.ReturnTrackingNo, Damaged: c.Damaged, Provider: c.Provider, VoucherNo: c.VoucherNo,
		VoucherFileID: c.VoucherFileID, RefundState: c.RefundState, InstanceID: c.InstanceID, Source: c.Source,
		CreateBy: c.CreateBy, CreateTime: httpx.FormatTime(c.CreateTime), UpdateTime: httpx.FormatTime(c.UpdateTime)}
	if masked {
		r.Phone = maskPhone(c.Phone)
	}
	if c.RefundNo != nil {
		r.RefundNo = *c.RefundNo
	}
	if c.RefundTime != nil {
		r.RefundTime = httpx.FormatTime(*c.RefundTime)
	}
	return r
}

// DetailOf is d in answers, its pictures read from files (a picture no longer there is left out).
func DetailOf(d Detail, files map[int64]FileRow) DetailRow {
	out := DetailRow{Row: RowOf(d.Case, false), Items: make([]ItemRow, len(d.Items)), Photos: []FileRow{},
		History: make([]HistoryRow, len(d.History)), OrderAmount: d.OrderAmount, OrderRefunded: d.OrderRefunded}
	for i, it := range d.Items {
		out.Items[i] = ItemRow{ID: it.ID, OrderItemID: it.OrderItemID, SkuCode: it.SkuCode, GoodsName: it.GoodsName,
			SpecText: it.SpecText, UnitPrice: it.UnitPrice, Quantity: it.Quantity, Refunded: it.Refunded}
	}
	for i, h := range d.History {
		out.History[i] = HistoryRow{FromStatus: h.FromStatus, ToStatus: h.ToStatus, Operator: h.Operator, Note: h.Note,
			CreateTime: httpx.FormatTime(h.CreateTime)}
	}
	for _, id := range photoIDs(d.Case) {
		if f, ok := files[id]; ok {
			out.Photos = append(out.Photos, f)
		}
	}
	if d.VoucherFileID != nil {
		if f, ok := files[*d.VoucherFileID]; ok {
			out.VoucherFile = &f
		}
	}
	return out
}

// maskPhone hides the middle of a mobile number as the order list does (docs/decisions.md
// "Masking"): 138****5678.
func maskPhone(p string) string {
	r := []rune(p)
	switch {
	case len(r) == 0:
		return ""
	case len(r) <= 7:
		return string(r[:min(3, len(r))]) + "****"
	}
	return string(r[:3]) + "****" + string(r[7:])
}

// HTTPError is the one place where the service's errors become answers (the open API uses it
// too); any other error is the server's fault (500, logged).
func HTTPError(err error) error {
	var move *MoveError
	var amount *AmountError
	var item *ItemError
	var orderStatus *OrderStatusError
	switch {
	case errors.Is(err, ErrNotFound):
		return httpx.NotFound("售后单不存在")
	case errors.Is(err, ErrOrderNotFound):
		return httpx.NotFound("订单不存在")
	case errors.As(err, &move):
		return httpx.Conflict("status", fmt.Sprintf("售后单状态为%s，不能变为%s", StatusLabels[move.From], StatusLabels[move.To]))
	case errors.Is(err, ErrIllegalMove):
		return httpx.Conflict("status", "售后单当前状态不允许此操作")
	case errors.As(err, &orderStatus):
		return httpx.Conflict("orderNo", fmt.Sprintf("订单状态为%s，不能申请售后", orderStatusLabel(orderStatus.Status)))
	case errors.Is(err, ErrWindowClosed):
		return httpx.Conflict("orderNo", "已超过售后期")
	case errors.As(err, &amount):
		return httpx.BadRequest(amount.Field, "最多可退 ¥"+amount.Max.String())
	case errors.As(err, &item):
		if item.Max < 0 {
			return httpx.BadRequest("items", fmt.Sprintf("订单中没有商品%s", item.Ref))
		}
		return httpx.BadRequest("items", fmt.Sprintf("商品%s最多可申请%d件", item.Ref, item.Max))
	case errors.Is(err, ErrAmountPositive):
		return httpx.BadRequest("amount", "金额必须大于0")
	case errors.Is(err, ErrNoItems):
		return httpx.BadRequest("items", "至少需要一件商品")
	case errors.Is(err, ErrType):
		return httpx.BadRequest("type", "售后类型不正确")
	case errors.Is(err, ErrReasonRequired):
		return httpx.BadRequest("reason", httpx.ReasonRequired)
	case errors.Is(err, ErrTrackingMissing):
		return httpx.BadRequest("trackingNo", httpx.ReasonRequired)
	case errors.Is(err, ErrNoGateway):
		return httpx.BadRequest("provider", "未配置支付网关")
	case errors.Is(err, ErrProvider):
		return httpx.BadRequest("provider", "退款方式不正确")
	case errors.Is(err, ErrVoucherRequired):
		return httpx.BadRequest("voucherNo", "手工退款需要凭证号和转账截图")
	case errors.Is(err, ErrVoucherFile):
		return httpx.BadRequest("voucherFileId", "转账截图不存在或不是图片")
	case errors.Is(err, ErrPhotos):
		return httpx.BadRequest("photos", "图片不存在或不是图片文件")
	case errors.Is(err, ErrRefundInFlight):
		return httpx.Conflict("refund", "退款处理中")
	case errors.Is(err, ErrApproving):
		return httpx.Conflict("refund", "退款审批中")
	case errors.Is(err, ErrNoApprovals):
		return httpx.Conflict("refund", "审批流程未配置")
	case errors.Is(err, ErrOverRefund):
		return httpx.Conflict("amount", "退款超出已付金额")
	}
	return err
}

// orderStatusLabel names an order status (the order package's labels, without importing its
// HTTP side).
func orderStatusLabel(s string) string {
	return map[string]string{"unpaid": "待付款", "paid": "待发货", "shipped": "已发货", "completed": "已完成",
		"closed": "已关闭", "refunded": "已退款"}[s]
}

// photoIDs are the ids of the case's photos (written by Open: a JSON array).
func photoIDs(c Case) []int64 {
	var ids []int64
	_ = json.Unmarshal([]byte(c.Photos), &ids)
	return ids
}

// answer is d as the routes answer it, with its pictures' addresses.
func (s *Service) answer(ctx context.Context, d Detail) (DetailRow, error) {
	ids := photoIDs(d.Case)
	if d.VoucherFileID != nil {
		ids = append(ids, *d.VoucherFileID)
	}
	files := map[int64]FileRow{}
	if len(ids) == 0 {
		return DetailOf(d, files), nil
	}
	var rows []attach.Attachment
	if err := s.store.db.WithContext(ctx).Where("id IN ?", ids).Find(&rows).Error; err != nil {
		return DetailRow{}, err
	}
	for _, a := range rows {
		files[a.ID] = FileRow{ID: a.ID, ReadURL: attach.ReadPath(a), OriginalName: a.OriginalName}
	}
	return DetailOf(d, files), nil
}
