package audit

import (
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/filter"
	"mallconsole/bff/internal/platform/limits"
)

// exportColumns: what each exportable field of the log writes (the list's fields; times in the
// server's zone, as the JSON gives them).
var exportColumns = export.Columns[Entry]{
	"id": func(e Entry) any { return e.ID }, "username": func(e Entry) any { return e.Username },
	"method": func(e Entry) any { return e.Method }, "path": func(e Entry) any { return e.Path },
	"route": func(e Entry) any { return e.Route }, "requestIp": func(e Entry) any { return e.IP },
	"action": func(e Entry) any { return rowOf(e).Action }, "reason": func(e Entry) any { return e.Reason },
	"browser": func(e Entry) any { return e.Browser }, "status": func(e Entry) any { return e.Status },
	"success": func(e Entry) any {
		if e.Success {
			return "成功"
		}
		return "失败"
	},
	"time":       func(e Entry) any { return e.Millis },
	"createTime": func(e Entry) any { return e.CreateTime.In(time.Local) },
}

// exportResource declares the log's export: the list's filters (createTime as the table's
// startTime/endTime); the list has no sorts, so neither has the export (newest first).
func (s *Service) exportResource() export.Resource {
	return export.Resource{Title: "操作日志", Fields: export.Keys(exportColumns),
		Filters: []string{"blurry", "username", "success", "action", "startTime", "endTime"}, Rows: s.exportRows}
}

func (s *Service) exportRows(c echo.Context, eq export.Query, emit export.Emit) error {
	get := eq.Filter
	var q Query
	var err error
	if q.Blurry, err = filter.Blurry(get); err != nil {
		return err
	}
	if q.Username, err = filter.Text(get, "username", limits.UsernameMax); err != nil {
		return err
	}
	if q.Action, err = filter.Text(get, "action", actionMax); err != nil {
		return err
	}
	if q.Success, err = filter.Bool(get, "success"); err != nil {
		return err
	}
	if q.From, q.To, err = filter.Range(get, "startTime", "endTime"); err != nil {
		return err
	}
	q.IDs = eq.Int64IDs()
	return s.store.Each(c.Request().Context(), q, exportColumns.Emitter(eq, emit))
}
