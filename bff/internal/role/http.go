package role

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
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
	r.GET("/api/roles", authz.Perm("role:list"), s.handleList)
	r.GET("/api/roles/all", authz.Perm("role:list", "user:add", "user:edit"), s.handleAll)
	r.POST("/api/roles", authz.Perm("role:add"), s.handleCreate)
	r.PUT("/api/roles", authz.Perm("role:edit"), s.handleUpdate)
	r.DELETE("/api/roles", authz.Perm("role:del"), s.handleDelete)
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
	blurry := strings.TrimSpace(c.QueryParam("blurry"))
	if len([]rune(blurry)) > 64 {
		return httpx.BadRequest("blurry", httpx.ReasonTooLong)
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

// callerLevel is the caller's most powerful role level; 0 for the superuser.
func (s *Service) callerLevel(ctx context.Context, p *authz.Principal) (int, error) {
	if p.IsAdmin {
		return 0, nil
	}
	rs, err := s.store.ByIDs(ctx, p.RoleIDs)
	if err != nil {
		return 0, err
	}
	lv := 1 << 30
	for _, r := range rs {
		lv = min(lv, r.Level)
	}
	return lv, nil
}

var errHigherLevel = &httpx.Error{Status: http.StatusForbidden, Message: "角色权限不足，不能操作级别更高的角色"}

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
	chk.Text("name", &in.Name, 64, true)
	chk.Text("description", &in.Description, 255, false)
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
	mine, err := s.callerLevel(ctx, p)
	if err != nil {
		return err
	}
	if *in.Level < mine {
		return errHigherLevel
	}
	sc, err := s.scope.Scope(ctx, p)
	if err != nil {
		return err
	}
	for _, d := range in.Depts {
		if !sc.Allows(&d) {
			return httpx.Forbidden("没有权限授予该部门的数据")
		}
	}
	if !create {
		old, err := s.store.ByIDs(ctx, []int64{in.ID})
		if err != nil {
			return err
		}
		if len(old) == 0 {
			return httpx.NotFound("角色不存在")
		}
		if old[0].Level < mine {
			return errHigherLevel
		}
	}
	r := Role{ID: in.ID, Name: in.Name, Level: *in.Level, Description: in.Description, DataScope: in.DataScope}
	if create {
		r.ID = 0
	}
	if err := s.store.Save(ctx, &r, in.Menus, in.Depts); err != nil {
		if errors.Is(err, ErrDuplicate) {
			return httpx.Conflict("name", "角色名称已存在")
		}
		return err
	}
	return httpx.Saved(c, create, r.ID)
}

func (s *Service) handleCreate(c echo.Context) error { return s.save(c, true) }
func (s *Service) handleUpdate(c echo.Context) error { return s.save(c, false) }

func (s *Service) handleDelete(c echo.Context) error {
	ids, err := httpx.IDs(c)
	if err != nil {
		return err
	}
	ctx, p := c.Request().Context(), authz.From(c)
	rs, err := s.store.ByIDs(ctx, ids)
	if err != nil {
		return err
	}
	mine, err := s.callerLevel(ctx, p)
	if err != nil {
		return err
	}
	for _, r := range rs {
		if r.Level < mine {
			return errHigherLevel
		}
	}
	if n, err := s.users.CountWithRoles(ctx, ids); err != nil {
		return err
	} else if n > 0 {
		return httpx.Conflict("ids", "角色已分配给用户，不能删除")
	}
	if err := s.store.Delete(ctx, ids); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}
