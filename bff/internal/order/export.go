package order

import (
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/dict"
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

// exported is an order as the sheet sees it: with its agency's name (or 自营).
type exported struct {
	Order
	agencyName string
}

// exportColumns: what each exportable field writes. Money is a number cell in yuan (export.Money)
// so that a sheet sums it; the express company is its name (export.Label), not its code. The phone is masked as in the list (a
// sheet travels further than a screen) and the address is not exported.
var exportColumns = export.Columns[exported]{
	"id": func(o exported) any { return o.ID }, "orderNo": func(o exported) any { return o.OrderNo },
	"customerName": func(o exported) any { return o.CustomerName }, "phone": func(o exported) any { return maskPhone(o.Phone) },
	"amount":   export.Money(func(o exported) money.Fen { return o.Amount }),
	"freight":  export.Money(func(o exported) money.Fen { return o.Freight }),
	"refunded": export.Money(func(o exported) money.Fen { return o.Refunded }),
	"payTime":  func(o exported) any { return localTime(o.PayTime) },
	"agencyId": func(o exported) any {
		if o.AgencyID == nil {
			return nil
		}
		return *o.AgencyID
	},
	"agencyName":     func(o exported) any { return o.agencyName },
	"status":         func(o exported) any { return StatusLabels[o.Status] },
	"expressCompany": export.Label(ExpressDict, func(o exported) string { return o.ExpressCompany }),
	"trackingNo":     func(o exported) any { return o.TrackingNo },
	"shipTime":       func(o exported) any { return localTime(o.ShipTime) },
	"remark":         func(o exported) any { return o.Remark },
	"createTime":     func(o exported) any { return localTime(&o.CreateTime) },
}

// exportResource declares the order export: the list's filters and sorts, the caller's scope.
func (s *Service) exportResource() export.Resource {
	return export.Resource{Title: "订单", Fields: export.Keys(exportColumns), Sortable: export.Keys(sortable),
		Filters: []string{"orderNo", "phone", "status", "agencyId", "startTime", "endTime"}, Rows: s.exportRows,
		Labels: dict.LabelsOf(s.dicts)}
}

func (s *Service) exportRows(c echo.Context, eq export.Query, emit export.Emit) error {
	q, err := parseQuery(eq.Filter)
	if err != nil {
		return err
	}
	q.IDs, q.Order = eq.Int64IDs(), eq.OrderBy(sortable)
	q.Scope = agency.Scope(authz.From(c))
	ctx := c.Request().Context()
	names, row := agency.NewNamer(ctx, s.store.db), exportColumns.Emitter(eq, emit)
	return s.Each(ctx, q, func(o Order) error {
		name, err := names.Label(o.AgencyID)
		if err != nil {
			return err
		}
		return row(exported{o, name})
	})
}
