package user

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/audit"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/filter"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/role"
)

// Routes registers user management.
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/users", authz.Perm(perm.UserList), s.handleList).
		Doc(authz.Doc{Summary: "list users", Params: ListParams{}, Resp: httpx.List[Row]{}})
	r.POST("/api/users", authz.Perm(perm.UserAdd), s.handleCreate).
		Doc(authz.Doc{Summary: "create a user", Body: Input{}, Resp: httpx.Created{}, Status: http.StatusCreated})
	r.PUT("/api/users", authz.Perm(perm.UserEdit), s.handleUpdate).
		Doc(authz.Doc{Summary: "edit a user", Body: Input{}})
	r.DELETE("/api/users", authz.Perm(perm.UserDel), s.handleDelete).
		Doc(authz.Doc{Summary: "delete users", Body: httpx.IDList{}, Status: http.StatusOK})
	r.PUT("/api/users/enabled", authz.Perm(perm.UserEdit), s.handleEnabled).
		Doc(authz.Doc{Summary: "enable or disable users", Body: EnabledInput{}})
	r.PUT("/api/users/:id/password", authz.Perm(perm.UserEdit), s.handleResetPassword).
		Doc(authz.Doc{Summary: "set a user's password", Params: httpx.IDPath{}, Body: PasswordInput{}})
	export.Routes(r, "/api/users", authz.Perm(perm.UserList), s.exportResource())
}

// ListParams are the filters of the user list.
type ListParams struct {
	httpx.PageParams
	httpx.SortParams
	httpx.CreateTimeParams
	httpx.BlurryParams
	DeptID  int64 `query:"deptId" description:"the department and those under it"`
	Enabled bool  `query:"enabled"`
}

// EnabledInput is the body of PUT /api/users/enabled.
type EnabledInput struct {
	IDs     []int64 `json:"ids"`
	Enabled *bool   `json:"enabled"`
}

// PasswordInput is the body of PUT /api/users/{id}/password.
type PasswordInput struct {
	Password string `json:"password"`
}

// httpError maps the domain errors of user management, and the grant rules' refusals, to HTTP.
func httpError(err error) error {
	switch {
	case errors.Is(err, ErrOwnRoles):
		return httpx.Forbidden("不能修改自己的角色")
	case errors.Is(err, ErrNotFound):
		return httpx.NotFound("用户不存在")
	case errors.Is(err, ErrOutOfScope):
		return httpx.Forbidden("没有权限操作该部门的用户")
	case errors.Is(err, ErrNoDept):
		return httpx.BadRequest("dept", "部门不存在")
	case errors.Is(err, ErrNoRole):
		return httpx.BadRequest("roles", "角色不存在")
	case errors.Is(err, ErrNameTaken):
		return httpx.Conflict("username", "用户名已存在")
	case errors.Is(err, ErrEmpNoTaken):
		return httpx.BadRequest("empNo", "工号已存在")
	case errors.Is(err, ErrNameLookFake):
		return httpx.Conflict("username", "用户名与已有用户名仅大小写或写法不同")
	case errors.Is(err, ErrDisableSelf):
		return httpx.BadRequest("enabled", "不能停用自己")
	case errors.Is(err, ErrDeleteSelf):
		return httpx.BadRequest("ids", "不能删除自己")
	case errors.Is(err, ErrDeleteAdmin):
		return httpx.BadRequest("ids", "不能删除超级管理员")
	case errors.Is(err, ErrDisableAdmin):
		return httpx.BadRequest("ids", "不能停用自己或超级管理员")
	}
	return role.HTTPError(err)
}

// sortable: the list's sort fields and their columns.
var sortable = map[string]string{"id": "id", "username": "username", "createTime": "create_time"}

func (s *Service) handleList(c echo.Context) error {
	page, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	blurry, err := httpx.Blurry(c)
	if err != nil {
		return err
	}
	q := Query{Blurry: blurry, Offset: page.Offset(), Limit: page.Size}
	if q.Order, err = httpx.ParseSort(c, sortable, "id desc"); err != nil {
		return err
	}
	if err := s.filter(c, c.QueryParam, &q); err != nil {
		return err
	}
	if q.From, q.To, err = httpx.TimeRange(c, "createTime"); err != nil {
		return err
	}
	us, n, err := s.store.Search(ctx, q)
	if err != nil {
		return err
	}
	rows, err := s.rows(ctx, us)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, httpx.List[Row]{Content: rows, TotalElements: int(n)})
}

// filter applies the list's deptId (that department and those under it) and enabled filters,
// and the caller's data scope, to q: the list and its export read them alike.
func (s *Service) filter(c echo.Context, get filter.Get, q *Query) error {
	ctx := c.Request().Context()
	if v := strings.TrimSpace(get("deptId")); v != "" && v != "0" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id < 0 {
			return httpx.BadRequest("deptId", "必须是部门ID")
		}
		if q.DeptIDs, err = s.depts.Subtree(ctx, []int64{id}); err != nil {
			return err
		}
	}
	var err error
	if q.Enabled, err = filter.Bool(get, "enabled"); err != nil {
		return err
	}
	sc, err := s.scope.Scope(ctx, authz.From(c))
	if err != nil {
		return err
	}
	if !sc.All {
		q.Scope = sc.Depts
	}
	return nil
}

func (s *Service) handleCreate(c echo.Context) error {
	var in Input
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	id, err := s.Create(c.Request().Context(), authz.From(c), in)
	if err != nil {
		return httpError(err)
	}
	return c.JSON(http.StatusCreated, map[string]int64{"id": id})
}

func (s *Service) handleUpdate(c echo.Context) error {
	var in Input
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	p := authz.From(c)
	update := audit.Edited(c, inputID, s.auditRow, func(ctx context.Context, in Input) (int64, error) {
		return in.ID, s.Update(ctx, p, in)
	})
	if _, err := update(c.Request().Context(), in); err != nil {
		return httpError(err)
	}
	return c.NoContent(http.StatusNoContent)
}

func (s *Service) handleDelete(c echo.Context) error {
	ids, err := httpx.IDs(c)
	if err != nil {
		return err
	}
	if err := s.Delete(c.Request().Context(), authz.From(c), ids); err != nil {
		return httpError(err)
	}
	return c.NoContent(http.StatusOK)
}

func (s *Service) handleEnabled(c echo.Context) error {
	var in EnabledInput
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	if err := httpx.CheckIDs("ids", in.IDs); err != nil {
		return err
	}
	if in.Enabled == nil {
		return httpx.BadRequest("enabled", httpx.ReasonRequired)
	}
	if err := s.SetEnabled(c.Request().Context(), authz.From(c), in.IDs, *in.Enabled); err != nil {
		return httpError(err)
	}
	return c.NoContent(http.StatusNoContent)
}

func (s *Service) handleResetPassword(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	var in PasswordInput
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	if err := s.ResetPassword(c.Request().Context(), authz.From(c), id, in.Password); err != nil {
		return httpError(err)
	}
	return c.NoContent(http.StatusNoContent)
}
