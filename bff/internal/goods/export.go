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

// exported is a goods row as the sheet sees it: with its agency's name (or 自营).
type exported struct {
	Goods
	agencyName string
}

// exportColumns: what each exportable field writes. Money is yuan text, as in the list.
var exportColumns = export.Columns[exported]{
	"id": func(g exported) any { return g.ID }, "name": func(g exported) any { return g.Name },
	"code": func(g exported) any { return g.Code }, "category": func(g exported) any { return g.Category },
	"price": func(g exported) any { return g.Price.String() }, "cost": func(g exported) any { return g.Cost.String() },
	"stock":  func(g exported) any { return g.Stock },
	"status": func(g exported) any { return statusLabels[g.Status] },
	"groundingTime": func(g exported) any {
		if g.GroundingTime == nil {
			return nil
		}
		return g.GroundingTime.In(time.Local)
	},
	"agencyId": func(g exported) any {
		if g.AgencyID == nil {
			return nil
		}
		return *g.AgencyID
	},
	"agencyName":  func(g exported) any { return g.agencyName },
	"mainPicture": func(g exported) any { return g.MainPicture },
	"createTime":  func(g exported) any { return g.CreateTime.In(time.Local) },
	"updateTime":  func(g exported) any { return g.UpdateTime.In(time.Local) },
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
	ctx := c.Request().Context()
	names, row := agency.NewNamer(ctx, s.store.db), exportColumns.Emitter(eq, emit)
	return s.Each(ctx, q, func(g Goods) error {
		name, err := names.Label(g.AgencyID)
		if err != nil {
			return err
		}
		return row(exported{g, name})
	})
}
