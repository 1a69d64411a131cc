package auth

import (
	"context"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/role"
	"mallconsole/bff/internal/user"
)

// OnlineUser is one row of the online list.
type OnlineUser struct {
	SessionID string `json:"sessionId"`
	Username  string `json:"username"`
	NickName  string `json:"nickName"`
	Dept      string `json:"dept"`
	IP        string `json:"ip"`
	Browser   string `json:"browser"`
	Kind      string `json:"kind"`
	LoginTime string `json:"loginTime"`
	Current   bool   `json:"current"`
}

func (s *Service) handleOnline(c echo.Context) error {
	page, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	rows, err := s.onlineRows(c, c.QueryParam("filter"), nil)
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(http.StatusOK, httpx.Slice(rows, page))
}

// visible: the online list shows the sessions of the caller's data scope, and the caller's own.
func visible(p *authz.Principal, sc authz.Scope, u user.User) bool {
	return u.ID == p.UserID || sc.Allows(u.DeptID)
}

// onlineRows lists the live sessions of the caller's data scope, newest sign-in first, whose user name or nick name contains
// filter and, when ids is not empty, whose session ID is one of ids.
func (s *Service) onlineRows(c echo.Context, filter string, ids []string) ([]OnlineUser, error) {
	filter = strings.ToLower(strings.TrimSpace(filter))
	if len([]rune(filter)) > 64 {
		return nil, httpx.BadRequest("filter", httpx.ReasonTooLong)
	}
	ctx := c.Request().Context()
	sessions, err := s.d.Sessions.List(ctx, s.opt.Now())
	if err != nil {
		return nil, err
	}
	if len(ids) > 0 {
		sessions = slices.DeleteFunc(sessions, func(ss Session) bool { return !slices.Contains(ids, ss.ID) })
	}
	userIDs := make([]int64, 0, len(sessions))
	for _, ss := range sessions {
		userIDs = append(userIDs, ss.UserID)
	}
	slices.Sort(userIDs)
	users, err := s.d.Users.ByIDs(ctx, slices.Compact(userIDs))
	if err != nil {
		return nil, err
	}
	var deptIDs []int64
	for _, u := range users {
		if u.DeptID != nil {
			deptIDs = append(deptIDs, *u.DeptID)
		}
	}
	depts, err := s.d.Depts.ByIDs(ctx, deptIDs)
	if err != nil {
		return nil, err
	}
	p := authz.From(c)
	sc, err := s.Scope(ctx, p)
	if err != nil {
		return nil, err
	}
	me := p.SessionID
	rows := []OnlineUser{}
	for _, ss := range sessions {
		u, ok := users[ss.UserID]
		if !ok || !visible(p, sc, u) {
			continue
		}
		if filter != "" && !strings.Contains(strings.ToLower(u.Username), filter) &&
			!strings.Contains(strings.ToLower(u.NickName), filter) {
			continue
		}
		row := OnlineUser{SessionID: ss.ID, Username: u.Username, NickName: u.NickName, IP: ss.IP,
			Browser: ss.Browser, Kind: ss.Kind, LoginTime: httpx.FormatTime(ss.LoginTime), Current: ss.ID == me}
		if u.DeptID != nil {
			row.Dept = depts[*u.DeptID].Name
		}
		rows = append(rows, row)
	}
	// newest first; sessions of the same second by ID, so that pages neither repeat nor skip rows
	slices.SortFunc(rows, func(a, b OnlineUser) int {
		if c := strings.Compare(b.LoginTime, a.LoginTime); c != 0 {
			return c
		}
		return strings.Compare(a.SessionID, b.SessionID)
	})
	return rows, nil
}

// handleKick ends the listed sessions: DELETE /api/auth/online with a JSON array of session IDs.
func (s *Service) handleKick(c echo.Context) error {
	var ids []string
	if err := httpx.RequireJSON(c); err != nil {
		return err
	}
	if err := httpx.DecodeJSON(c, &ids, false); err != nil {
		return httpx.BodyError(err, "必须是会话ID的JSON数组")
	}
	if len(ids) == 0 || len(ids) > 1000 {
		return httpx.BadRequest("body", "会话ID数量必须在1到1000之间")
	}
	for _, id := range ids {
		if id == "" || len(id) > 32 {
			return httpx.BadRequest("body", "会话ID格式错误")
		}
	}
	ctx := c.Request().Context()
	if err := s.mayEnd(ctx, authz.From(c), ids); err != nil {
		return err
	}
	if err := s.kick(ctx, ids...); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}

// mayEnd checks that the caller may end each of the sessions: its account is inside the caller's
// data scope and does not rank above the caller (the superuser is ended by the superuser only),
// or is the caller's own. Sessions already gone are no obstacle.
func (s *Service) mayEnd(ctx context.Context, p *authz.Principal, ids []string) error {
	var users []int64
	for _, id := range ids {
		sess, found, err := s.d.Sessions.Lookup(ctx, id)
		if err != nil {
			return err
		}
		if found && !slices.Contains(users, sess.UserID) {
			users = append(users, sess.UserID)
		}
	}
	return s.mayEndUsers(ctx, p, users)
}

// mayEndUsers checks that the caller may end the sessions of each of the accounts (mayEnd's
// rule); accounts that are gone are no obstacle.
func (s *Service) mayEndUsers(ctx context.Context, p *authz.Principal, userIDs []int64) error {
	if p.IsAdmin {
		return nil
	}
	sc, err := s.Scope(ctx, p)
	if err != nil {
		return err
	}
	mine, err := s.level(ctx, false, p.RoleIDs)
	if err != nil {
		return err
	}
	for _, id := range userIDs {
		if id == p.UserID {
			continue
		}
		u, found, err := s.d.Users.ByID(ctx, id)
		if err != nil {
			return err
		}
		if !found {
			continue
		}
		if !visible(p, sc, u) {
			return httpx.Forbidden("没有权限操作该部门的用户")
		}
		roleIDs, err := s.d.Users.RoleIDs(ctx, u.ID)
		if err != nil {
			return err
		}
		theirs, err := s.level(ctx, u.IsAdmin, roleIDs)
		if err != nil {
			return err
		}
		if !role.Reaches(mine, theirs) {
			return httpx.Forbidden("角色权限不足，不能操作级别更高的用户或角色")
		}
	}
	return nil
}

// level is the rank of a holder of the roles (role.Level).
func (s *Service) level(ctx context.Context, isAdmin bool, roleIDs []int64) (int, error) {
	if isAdmin {
		return 0, nil
	}
	rs, err := s.d.Roles.ByIDs(ctx, roleIDs)
	return role.Level(false, rs), err
}
