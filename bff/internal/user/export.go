package user

import (
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/filter"
)

// exportColumns: what each exportable field of a user writes, from the list's row (so the sheet
// shows what the list shows: department and role names, the time in the server's zone). The
// password hash is no field.
var exportColumns = export.Columns[Row]{
	"id": func(r Row) any { return r.ID }, "username": func(r Row) any { return r.Username },
	"nickName": func(r Row) any { return r.NickName }, "gender": func(r Row) any { return r.Gender },
	"phone": func(r Row) any { return r.Phone }, "email": func(r Row) any { return r.Email },
	"empNo": func(r Row) any { return r.EmpNo },
	"dept": func(r Row) any {
		if r.Dept == nil {
			return nil
		}
		return r.Dept.Name
	},
	"roles": func(r Row) any {
		names := make([]string, len(r.Roles))
		for i, ref := range r.Roles {
			names[i] = ref.Name
		}
		return strings.Join(names, "、")
	},
	"enabled": func(r Row) any {
		if r.Enabled {
			return "激活" // the page's words (sys.enabled.on)
		}
		return "禁用"
	},
	"createTime": func(r Row) any { return r.CreateTime },
}

// exportBatch is how many users get their department and role names looked up at once.
const exportBatch = 200

// exportResource declares the user export: the list's filters (createTime as the table's
// startTime/endTime), sorts and the caller's data scope.
func (s *Service) exportResource() export.Resource {
	return export.Resource{Title: "用户", Fields: export.Keys(exportColumns), Sortable: export.Keys(sortable),
		Filters: []string{"blurry", "deptId", "enabled", "startTime", "endTime"}, Rows: s.exportRows}
}

func (s *Service) exportRows(c echo.Context, eq export.Query, emit export.Emit) error {
	get := eq.Filter
	var q Query
	var err error
	if q.Blurry, err = filter.Blurry(get); err != nil {
		return err
	}
	if q.From, q.To, err = filter.Range(get, "startTime", "endTime"); err != nil {
		return err
	}
	if err := s.filter(c, get, &q); err != nil {
		return err
	}
	q.IDs, q.Order = eq.Int64IDs(), eq.OrderBy(sortable)
	if q.Order == "" {
		q.Order = "id DESC"
	}
	ctx := c.Request().Context()
	write := exportColumns.Emitter(eq, emit)
	batch := make([]User, 0, exportBatch)
	flush := func() error {
		rows, err := s.rows(ctx, batch)
		if err != nil {
			return err
		}
		for _, r := range rows {
			if err := write(r); err != nil {
				return err
			}
		}
		batch = batch[:0]
		return nil
	}
	err = s.store.Each(ctx, q, func(u User) error {
		if batch = append(batch, u); len(batch) == exportBatch {
			return flush()
		}
		return nil
	})
	if err != nil {
		return err
	}
	return flush()
}
