package user

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
)

// Routes registers user management.
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/users", authz.Perm("user:list"), s.handleList)
	r.POST("/api/users", authz.Perm("user:add"), s.handleCreate)
	r.PUT("/api/users", authz.Perm("user:edit"), s.handleUpdate)
	r.DELETE("/api/users", authz.Perm("user:del"), s.handleDelete)
	r.PUT("/api/users/enabled", authz.Perm("user:edit"), s.handleEnabled)
	r.PUT("/api/users/:id/password", authz.Perm("user:edit"), s.handleResetPassword)
}

// sortable: the list's sort fields and their columns.
var sortable = map[string]string{"id": "id", "username": "username", "createTime": "create_time"}

func (s *Service) handleList(c echo.Context) error {
	page, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	q := Query{Blurry: strings.TrimSpace(c.QueryParam("blurry")), Offset: page.Offset(), Limit: page.Size}
	if len([]rune(q.Blurry)) > 64 {
		return httpx.BadRequest("blurry", httpx.ReasonTooLong)
	}
	if q.Order, err = httpx.ParseSort(c, sortable, "id desc"); err != nil {
		return err
	}
	if v := c.QueryParam("deptId"); v != "" && v != "0" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id < 0 {
			return httpx.BadRequest("deptId", "必须是部门ID")
		}
		if q.DeptIDs, err = s.depts.Subtree(ctx, []int64{id}); err != nil {
			return err
		}
	}
	if v := c.QueryParam("enabled"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return httpx.BadRequest("enabled", "必须是true或false")
		}
		q.Enabled = &b
	}
	if q.From, q.To, err = httpx.TimeRange(c, "createTime"); err != nil {
		return err
	}
	sc, err := s.scope.Scope(ctx, authz.From(c))
	if err != nil {
		return err
	}
	if !sc.All {
		q.Scope = sc.Depts
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

func (s *Service) handleCreate(c echo.Context) error {
	var in Input
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	id, err := s.Create(c.Request().Context(), authz.From(c), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]int64{"id": id})
}

func (s *Service) handleUpdate(c echo.Context) error {
	var in Input
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	if err := s.Update(c.Request().Context(), authz.From(c), in); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (s *Service) handleDelete(c echo.Context) error {
	ids, err := httpx.IDs(c)
	if err != nil {
		return err
	}
	if err := s.Delete(c.Request().Context(), authz.From(c), ids); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}

func (s *Service) handleEnabled(c echo.Context) error {
	var in struct {
		IDs     []int64 `json:"ids"`
		Enabled *bool   `json:"enabled"`
	}
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
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (s *Service) handleResetPassword(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	var in struct {
		Password string `json:"password"`
	}
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	if err := s.ResetPassword(c.Request().Context(), authz.From(c), id, in.Password); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
