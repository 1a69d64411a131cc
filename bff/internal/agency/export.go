package agency

import (
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/export"
)

// certLabels are the certification states as the sheet shows them.
var certLabels = map[string]string{CertNone: "未认证", CertPending: "审核中", CertApproved: "已认证", CertRejected: "已驳回"}

// exportColumns: what each exportable field writes.
var exportColumns = export.Columns[Agency]{
	"id": func(a Agency) any { return a.ID }, "name": func(a Agency) any { return a.Name },
	"code": func(a Agency) any { return a.Code }, "contact": func(a Agency) any { return a.Contact },
	"phone": func(a Agency) any { return a.Phone }, "region": func(a Agency) any { return a.Region },
	"address": func(a Agency) any { return a.Address },
	"enabled": func(a Agency) any {
		if a.Enabled {
			return "启用"
		}
		return "停用"
	},
	"certStatus": func(a Agency) any { return certLabels[a.CertStatus] },
	"createTime": func(a Agency) any { return a.CreateTime.In(time.Local) },
	"updateTime": func(a Agency) any { return a.UpdateTime.In(time.Local) },
}

// exportResource declares the agencies' export: the list's filters and sorts.
func (s *Service) exportResource() export.Resource {
	return export.Resource{Title: "渠道", Fields: export.Keys(exportColumns), Sortable: export.Keys(sortable),
		Filters: []string{"blurry", "enabled", "certStatus", "startTime", "endTime"}, Rows: s.exportRows}
}

func (s *Service) exportRows(c echo.Context, eq export.Query, emit export.Emit) error {
	q, err := parseQuery(eq.Filter)
	if err != nil {
		return err
	}
	q.IDs, q.Order = eq.Int64IDs(), eq.OrderBy(sortable)
	if err := s.Each(c.Request().Context(), authz.From(c), q, exportColumns.Emitter(eq, emit)); err != nil {
		return httpError(err)
	}
	return nil
}
