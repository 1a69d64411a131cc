package stock

import (
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/export"
)

// ReasonLabels are the reasons' names for people (the ledger page shows the same).
var ReasonLabels = map[string]string{OrderReserve: "下单锁定", OrderRelease: "取消释放", OrderRefund: "退款回补",
	ManualIn: "手工入库", ManualOut: "手工出库", Stocktake: "盘点", ReturnRestock: "退货入库", Opening: "期初"}

// exportColumns: what each exportable field writes.
var exportColumns = export.Columns[Entry]{
	"id": func(e Entry) any { return e.ID }, "skuId": func(e Entry) any { return e.SkuID },
	"skuCode": func(e Entry) any { return e.SkuCode }, "delta": func(e Entry) any { return e.Delta },
	"balance": func(e Entry) any { return e.Balance }, "reason": func(e Entry) any { return ReasonLabels[e.Reason] },
	"orderNo": func(e Entry) any { return e.OrderNo }, "operator": func(e Entry) any { return e.Operator },
	"note": func(e Entry) any { return e.Note }, "createTime": func(e Entry) any { return e.CreateTime.In(time.Local) },
}

// exportResource declares the ledger export: the list's filters, the caller's scope, newest
// first (the ledger has one order).
func (s *Service) exportResource() export.Resource {
	return export.Resource{Title: "库存流水", Fields: export.Keys(exportColumns),
		Filters: []string{"skuId", "skuCode", "reason", "orderNo", "operator", "startTime", "endTime"}, Rows: s.exportRows}
}

func (s *Service) exportRows(c echo.Context, eq export.Query, emit export.Emit) error {
	q, err := parseQuery(eq.Filter)
	if err != nil {
		return err
	}
	q.IDs, q.Scope = eq.Int64IDs(), agency.Scope(authz.From(c))
	return s.Each(c.Request().Context(), q, exportColumns.Emitter(eq, emit))
}
