package aftersale

import (
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/money"
)

func localTime(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.In(time.Local)
}

// exportColumns: what each exportable field writes. Money is a number cell in yuan, the reason
// its dictionary label, statuses and types their names; the phone masked as in the list.
var exportColumns = export.Columns[Case]{
	"id": func(c Case) any { return c.ID }, "caseNo": func(c Case) any { return c.CaseNo },
	"orderNo": func(c Case) any { return c.OrderNo }, "customerName": func(c Case) any { return c.CustomerName },
	"phone":         func(c Case) any { return maskPhone(c.Phone) },
	"type":          func(c Case) any { return TypeLabels[c.Type] },
	"status":        func(c Case) any { return StatusLabels[c.Status] },
	"reason":        export.Label(ReasonDict, func(c Case) string { return c.Reason }),
	"amount":        export.Money(func(c Case) money.Fen { return c.Amount }),
	"freight":       export.Money(func(c Case) money.Fen { return c.Freight }),
	"returnCompany": func(c Case) any { return c.ReturnCompany }, "returnTrackingNo": func(c Case) any { return c.ReturnTrackingNo },
	"provider": func(c Case) any {
		return map[string]string{Manual: "手工退款", GatewayProv: "支付网关"}[c.Provider]
	},
	"voucherNo": func(c Case) any { return c.VoucherNo },
	"refundNo": func(c Case) any {
		if c.RefundNo == nil {
			return ""
		}
		return *c.RefundNo
	},
	"createBy": func(c Case) any { return c.CreateBy }, "createTime": func(c Case) any { return localTime(&c.CreateTime) },
	"refundTime": func(c Case) any { return localTime(c.RefundTime) },
}

// ReasonDict is the dictionary of after-sales reasons.
const ReasonDict = "aftersale_reason"

// exportResource declares the case export: the list's filters, the caller's scope.
func (s *Service) exportResource() export.Resource {
	return export.Resource{Title: "售后单", Fields: export.Keys(exportColumns),
		Filters: []string{"status", "type", "caseNo", "orderNo", "phone", "startTime", "endTime"}, Rows: s.exportRows,
		Labels: s.deps.Labels}
}

func (s *Service) exportRows(c echo.Context, eq export.Query, emit export.Emit) error {
	q, err := parseQuery(eq.Filter)
	if err != nil {
		return err
	}
	q.IDs = eq.Int64IDs()
	q.Scope = agency.Scope(authz.From(c))
	return s.Each(c.Request().Context(), q, exportColumns.Emitter(eq, emit))
}
