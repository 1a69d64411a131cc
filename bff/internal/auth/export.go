package auth

import (
	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/export"
)

// onlineExport declares the online list as an export resource: POST /api/auth/online/download
// (ids = session IDs) and /downloadAll, with the list's one filter.
func (s *Service) onlineExport() export.Resource {
	return export.Resource{
		Title:   "在线用户",
		Fields:  []string{"username", "nickName", "dept", "ip", "browser", "kind", "loginTime"},
		Filters: []string{"filter"},
		Rows: func(c echo.Context, q export.Query, emit export.Emit) error {
			rows, err := s.onlineRows(c, q.Filters["filter"], q.IDs)
			if err != nil {
				return err
			}
			vals := make([]any, len(q.Fields))
			for _, r := range rows {
				for i, f := range q.Fields {
					vals[i] = onlineField(r, f)
				}
				if err := emit(vals); err != nil {
					return err
				}
			}
			return nil
		},
	}
}

func onlineField(r OnlineUser, field string) any {
	switch field {
	case "username":
		return r.Username
	case "nickName":
		return r.NickName
	case "dept":
		return r.Dept
	case "ip":
		return r.IP
	case "browser":
		return r.Browser
	case "kind":
		if r.Kind == "channel" {
			return "渠道"
		}
		return "员工"
	default:
		return r.LoginTime
	}
}
