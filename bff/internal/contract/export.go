package contract

import (
	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/money"
)

// exportColumns writes what each exportable field holds; the status is the effective one.
func (s *Service) exportColumns(names func(int64) string) export.Columns[Contract] {
	return export.Columns[Contract]{
		"id": func(c Contract) any { return c.ID }, "contractNo": func(c Contract) any { return c.ContractNo },
		"name": func(c Contract) any { return c.Name }, "agencyId": func(c Contract) any { return c.AgencyID },
		"agencyName": func(c Contract) any { return names(c.AgencyID) },
		"startDate":  func(c Contract) any { return c.StartDate }, "endDate": func(c Contract) any { return c.EndDate },
		"amount": export.Money(func(c Contract) money.Fen { return c.Amount }),
		"status": func(c Contract) any { return StatusLabels[Effective(c, s.Today())] },
		"expiring": func(c Contract) any {
			if s.Expiring(c) {
				return "即将到期"
			}
			return ""
		},
		"remark":     func(c Contract) any { return c.Remark },
		"createTime": func(c Contract) any { return c.CreateTime.In(s.loc) },
	}
}

func (s *Service) exportResource() export.Resource {
	return export.Resource{Title: "合同", Fields: export.Keys(s.exportColumns(nil)), Sortable: export.Keys(sortable),
		Filters: []string{"contractNo", "agencyId", "status", "startTime", "endTime", "expiring"}, Rows: s.exportRows}
}

func (s *Service) exportRows(c echo.Context, eq export.Query, emit export.Emit) error {
	q, err := parseQuery(eq.Filter)
	if err != nil {
		return err
	}
	q.IDs, q.Order = eq.Int64IDs(), eq.OrderBy(sortable)
	q.Scope = agency.Scope(authz.From(c))
	ctx := c.Request().Context()
	names := map[int64]string{}
	name := func(id int64) string {
		if n, ok := names[id]; ok {
			return n
		}
		got, err := s.AgencyNames(ctx, []int64{id})
		if err == nil {
			names[id] = got[id]
		}
		return got[id]
	}
	return s.Each(ctx, q, s.exportColumns(name).Emitter(eq, emit))
}
