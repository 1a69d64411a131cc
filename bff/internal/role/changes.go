package role

import (
	"context"

	"mallconsole/bff/internal/platform/httpx"
)

// auditRow is a role as an edit's operation-log entry compares them (audit.Edited): the list's
// row with its menu and department ids.
func (s *Service) auditRow(ctx context.Context, id int64) (Row, error) {
	rs, err := s.store.ByIDs(ctx, []int64{id})
	if err != nil {
		return Row{}, err
	}
	if len(rs) == 0 {
		return Row{}, ErrNotFound
	}
	menus, depts, err := s.store.Grants(ctx, []int64{id})
	return Row{Role: rs[0], Menus: orEmpty(menus[id]), Depts: orEmpty(depts[id]), CreateTime: httpx.FormatTime(rs[0].CreateTime)}, err
}

func inputID(in Input) int64 { return in.ID }
