package goods

import (
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/export"
)

// statusLabels are the statuses as the sheet shows them.
var statusLabels = map[string]string{Draft: "草稿", OnSale: "在售", OffSale: "已下架"}

// exportColumns: what each exportable field writes. Money is yuan text, as in the list.
var exportColumns = export.Columns[Goods]{
	"id": func(g Goods) any { return g.ID }, "name": func(g Goods) any { return g.Name },
	"code": func(g Goods) any { return g.Code }, "category": func(g Goods) any { return g.Category },
	"price": func(g Goods) any { return g.Price.String() }, "cost": func(g Goods) any { return g.Cost.String() },
	"stock":  func(g Goods) any { return g.Stock },
	"status": func(g Goods) any { return statusLabels[g.Status] },
	"groundingTime": func(g Goods) any {
		if g.GroundingTime == nil {
			return nil
		}
		return g.GroundingTime.In(time.Local)
	},
	"agencyId": func(g Goods) any {
		if g.AgencyID == nil {
			return nil
		}
		return *g.AgencyID
	},
	"mainPicture": func(g Goods) any { return g.MainPicture },
	"createTime":  func(g Goods) any { return g.CreateTime.In(time.Local) },
	"updateTime":  func(g Goods) any { return g.UpdateTime.In(time.Local) },
}

// exportResource declares the goods export: the list's filters and sorts, the caller's scope.
func (s *Service) exportResource() export.Resource {
	return export.Resource{Title: "商品", Fields: export.Keys(exportColumns), Sortable: export.Keys(sortable),
		Filters: []string{"blurry", "category", "status", "agencyId", "startTime", "endTime",
			"groundingStartTime", "groundingEndTime"},
		Rows: s.exportRows}
}

func (s *Service) exportRows(c echo.Context, eq export.Query, emit export.Emit) error {
	q, err := parseQuery(eq.Filter)
	if err != nil {
		return err
	}
	q.IDs, q.Order = eq.Int64IDs(), eq.OrderBy(sortable)
	q.Scope = agency.Scope(authz.From(c))
	return s.Each(c.Request().Context(), q, exportColumns.Emitter(eq, emit))
}
