package role

import (
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/filter"
)

// scopeLabels are the data scopes as the page shows them.
var scopeLabels = map[string]string{ScopeAll: "全部", ScopeDept: "本级", ScopeCustom: "自定义"}

// exportColumns: what each exportable field of a role writes. The granted menus and departments
// are ID lists for the dialog, not columns.
var exportColumns = export.Columns[Role]{
	"id": func(r Role) any { return r.ID }, "name": func(r Role) any { return r.Name },
	"level": func(r Role) any { return r.Level }, "description": func(r Role) any { return r.Description },
	"dataScope": func(r Role) any {
		if l, ok := scopeLabels[r.DataScope]; ok {
			return l
		}
		return r.DataScope
	},
	"createTime": func(r Role) any { return r.CreateTime.In(time.Local) },
}

// exportResource declares the role export: the list's one filter and order (by level; the list
// has no sorts).
func (s *Service) exportResource() export.Resource {
	return export.Resource{Title: "角色", Fields: export.Keys(exportColumns), Filters: []string{"blurry"},
		Rows: func(c echo.Context, eq export.Query, emit export.Emit) error {
			blurry, err := filter.Blurry(eq.Filter)
			if err != nil {
				return err
			}
			return s.store.Each(c.Request().Context(), blurry, eq.Int64IDs(), exportColumns.Emitter(eq, emit))
		}}
}
