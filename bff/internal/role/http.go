package role

import (
	"context"
	"errors"
	"net/http"
	"slices"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/audit"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/limits"
	"mallconsole/bff/internal/platform/perm"
)

// Users is what role management needs from the user feature.
type Users interface {
	CountWithRoles(ctx context.Context, roleIDs []int64) (int64, error)
}

// Service is role management.
type Service struct {
	store *Store
	users Users
	scope authz.Scoper
}

// NewService builds role management.
func NewService(store *Store, users Users, scope authz.Scoper) *Service {
	return &Service{store: store, users: users, scope: scope}
}

// Routes registers role management. The user dialog needs the role list too.
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/roles", authz.Perm(perm.RoleList), s.handleList).
		Doc(authz.Doc{Summary: "list roles", Params: listParams{}, Resp: httpx.List[Row]{}})
	r.GET("/api/roles/all", authz.Perm(perm.RoleList, perm.UserAdd, perm.UserEdit), s.handleAll).
		Doc(authz.Doc{Summary: "every role, for the user dialog", Resp: []Role{}})
	r.POST("/api/roles", authz.Perm(perm.RoleAdd), s.handleCreate).
		Doc(authz.Doc{Summary: "create a role", Body: Input{}, Resp: httpx.Created{}, Status: http.StatusCreated})
	r.PUT("/api/roles", authz.Perm(perm.RoleEdit), s.handleUpdate).
		Doc(authz.Doc{Summary: "edit a role", Body: Input{}})
	r.DELETE("/api/roles", authz.Perm(perm.RoleDel), s.handleDelete).
		Doc(authz.Doc{Summary: "delete roles", Body: httpx.IDList{}, Status: http.StatusOK})
	export.Routes(r, "/api/roles", authz.Perm(perm.RoleList), s.exportResource())
}

type listParams struct {
	httpx.PageParams
	httpx.BlurryParams
}

// Row is a role with its grants.
type Row struct {
	Role
	Menus      []int64 `json:"menus"`
	Depts      []int64 `json:"depts"`
	CreateTime string  `json:"createTime"`
}

// Input is the body of create and edit.
type Input struct {
	ID          int64   `json:"id"`
	Name        string  `json:"name"`
	Level       *int    `json:"level"`
	Description string  `json:"description"`
	DataScope   string  `json:"dataScope"`
	Menus       []int64 `json:"menus"`
	Depts       []int64 `json:"depts"`
}

func (s *Service) handleList(c echo.Context) error {
	page, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	blurry, err := httpx.Blurry(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	rs, n, err := s.store.Search(ctx, blurry, page.Offset(), page.Size)
	if err != nil {
		return err
	}
	ids := make([]int64, len(rs))
	for i, r := range rs {
		ids[i] = r.ID
	}
	menus, depts, err := s.store.Grants(ctx, ids)
	if err != nil {
		return err
	}
	rows := make([]Row, len(rs))
	for i, r := range rs {
		rows[i] = Row{Role: r, Menus: orEmpty(menus[r.ID]), Depts: orEmpty(depts[r.ID]),
			CreateTime: httpx.FormatTime(r.CreateTime)}
	}
	return c.JSON(http.StatusOK, httpx.List[Row]{Content: rows, TotalElements: int(n)})
}

func orEmpty(ids []int64) []int64 {
	if ids == nil {
		return []int64{}
	}
	return ids
}

func (s *Service) handleAll(c echo.Context) error {
	rs, err := s.store.All(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, rs)
}

// httpError maps the errors of role management to answers, the grant rules' through HTTPError.
func httpError(err error) error {
	switch {
	case errors.Is(err, ErrNotFound):
		return httpx.NotFound("角色不存在")
	case errors.Is(err, ErrInUse):
		return httpx.Conflict("ids", "角色已分配给用户，不能删除")
	}
	return HTTPError(err)
}

// HTTPError answers the grant rules' refusals (of this package's service and of the user
// feature, which applies the same rules) with 403 and a message; other errors pass unchanged.
func HTTPError(err error) error {
	switch {
	case errors.Is(err, ErrHigherLevel):
		return httpx.Forbidden("角色权限不足，不能操作级别更高的用户或角色")
	case errors.Is(err, ErrGrantBeyondOwn):
		return httpx.Forbidden("不能授予自己没有的菜单或权限")
	case errors.Is(err, ErrScopeBeyondOwn):
		return httpx.Forbidden("不能授予超出自己数据权限的范围")
	}
	return err
}

func (s *Service) save(c echo.Context, create bool) error {
	var in Input
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	ctx, p := c.Request().Context(), authz.From(c)
	var chk httpx.Check
	if !create {
		chk.Positive("id", in.ID)
	}
	chk.Text("name", &in.Name, limits.NameMax, true)
	chk.Text("description", &in.Description, limits.DescriptionMax, false)
	if in.Level == nil {
		chk.Fail("level", httpx.ReasonRequired)
	} else {
		chk.Range("level", *in.Level, 1, 999)
	}
	chk.OneOf("dataScope", in.DataScope, ScopeAll, ScopeDept, ScopeCustom)
	if len(in.Menus) > 10000 || len(in.Depts) > 10000 {
		chk.Fail("menus", "太多")
	}
	if chk.Err != nil {
		return chk.Err
	}
	slices.Sort(in.Menus)
	in.Menus = slices.Compact(in.Menus)
	slices.Sort(in.Depts)
	in.Depts = slices.Compact(in.Depts)
	if in.DataScope != ScopeCustom {
		in.Depts = nil
	} else if len(in.Depts) == 0 {
		return httpx.BadRequest("depts", "自定义数据权限必须选择部门")
	}
	for _, g := range []struct {
		table, field string
		ids          []int64
	}{{"menus", "menus", in.Menus}, {"depts", "depts", in.Depts}} {
		n, err := s.store.CountExisting(ctx, g.table, g.ids)
		if err != nil {
			return err
		}
		if n != int64(len(g.ids)) {
			return httpx.BadRequest(g.field, "包含不存在的ID")
		}
	}
	save := func(ctx context.Context, in Input) (int64, error) { return s.Save(ctx, p, in, create) }
	if !create {
		save = audit.Edited(c, inputID, s.auditRow, save)
	}
	id, err := save(ctx, in)
	if errors.Is(err, ErrDuplicate) {
		return httpx.Conflict("name", "角色名称已存在")
	}
	if err != nil {
		return httpError(err)
	}
	return httpx.Saved(c, create, id)
}

func (s *Service) handleCreate(c echo.Context) error { return s.save(c, true) }
func (s *Service) handleUpdate(c echo.Context) error { return s.save(c, false) }

func (s *Service) handleDelete(c echo.Context) error {
	ids, err := httpx.IDs(c)
	if err != nil {
		return err
	}
	ctx, p := c.Request().Context(), authz.From(c)
	if err := s.Delete(ctx, p, ids); err != nil {
		return httpError(err)
	}
	return c.NoContent(http.StatusOK)
}
