package dept

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/limits"
	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/platform/tree"
)

// Member is a user as the department picker shows it.
type Member struct {
	ID       int64  `json:"id"`
	Username string `json:"username"`
	NickName string `json:"nickName"`
}

// Users is what departments need from the user feature.
type Users interface {
	CountInDepts(ctx context.Context, deptIDs []int64) (int64, error)
	Members(ctx context.Context, deptID int64) ([]Member, error)
	StaffNames(ctx context.Context, ids []int64) (map[int64]string, error)
}

// Service is department management and the department/user picker.
type Service struct {
	store *Store
	users Users
	scope authz.Scoper
}

// NewService builds the service.
func NewService(store *Store, users Users, scope authz.Scoper) *Service {
	return &Service{store: store, users: users, scope: scope}
}

// Routes registers the department API. The user page filters by the same tree.
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/dept", authz.Perm(perm.DeptList, perm.UserList, perm.RoleList), s.handleTree).
		Doc(authz.Doc{Summary: "the department tree", Params: TreeParams{}, Resp: httpx.List[Node]{}})
	r.GET("/api/dept/list", authz.SignedIn(), s.handlePicker).
		Doc(authz.Doc{Summary: "a department's children and users, for the picker", Params: PickerParams{}, Resp: Picker{}})
	r.POST("/api/dept", authz.Perm(perm.DeptAdd), s.handleCreate).
		Doc(authz.Doc{Summary: "create a department", Body: Input{}, Resp: httpx.Created{}, Status: http.StatusCreated})
	r.PUT("/api/dept", authz.Perm(perm.DeptEdit), s.handleUpdate).
		Doc(authz.Doc{Summary: "edit a department", Body: Input{}})
	r.DELETE("/api/dept", authz.Perm(perm.DeptDel), s.handleDelete).
		Doc(authz.Doc{Summary: "delete departments", Body: httpx.IDList{}, Status: http.StatusOK})
}

// TreeParams filter the department tree.
type TreeParams struct {
	Name    string `query:"name"`
	Enabled bool   `query:"enabled"`
}

// PickerParams name the department the picker opens.
type PickerParams struct {
	DeptID int64 `query:"deptId" description:"0: the top level"`
}

// Ref is a department's {id, name}.
type Ref struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Picker is one level of the department/user picker.
type Picker struct {
	Users []Member `json:"users"`
	Depts []Ref    `json:"depts"`
}

// Node is a department in the tree.
type Node struct {
	ID         int64  `json:"id"`
	PID        int64  `json:"pid"`
	Name       string `json:"name"`
	Sort       int    `json:"deptSort"`
	Enabled    bool   `json:"enabled"`
	CreateTime string `json:"createTime"`
	Leaders    []Ref  `json:"leaders"`
	Children   []Node `json:"children,omitempty"`
}

// visible returns the departments inside the caller's scope.
func (s *Service) visible(c echo.Context) ([]Dept, authz.Scope, error) {
	ctx := c.Request().Context()
	sc, err := s.scope.Scope(ctx, authz.From(c))
	if err != nil {
		return nil, sc, err
	}
	all, err := s.store.All(ctx)
	if err != nil {
		return nil, sc, err
	}
	out := all[:0]
	for _, d := range all {
		if sc.Allows(&d.ID) {
			out = append(out, d)
		}
	}
	return out, sc, nil
}

// nest nests departments; one whose parent is not in the list becomes a root.
func nest(ds []Dept) []Node {
	in := map[int64]bool{}
	for _, d := range ds {
		in[d.ID] = true
	}
	kids := map[int64][]Dept{}
	var roots []Dept
	for _, d := range ds {
		if d.PID != nil && in[*d.PID] {
			kids[*d.PID] = append(kids[*d.PID], d)
		} else {
			roots = append(roots, d)
		}
	}
	var build func([]Dept) []Node
	build = func(ds []Dept) []Node {
		out := make([]Node, 0, len(ds))
		for _, d := range ds {
			n := Node{ID: d.ID, Name: d.Name, Sort: d.Sort, Enabled: d.Enabled, CreateTime: httpx.FormatTime(d.CreateTime)}
			if d.PID != nil {
				n.PID = *d.PID
			}
			if k := build(kids[d.ID]); len(k) > 0 {
				n.Children = k
			}
			out = append(out, n)
		}
		return out
	}
	return build(roots)
}

// handleTree: GET /api/dept?name=&enabled= — the visible tree; with a filter, the matching
// departments as a flat list.
func (s *Service) handleTree(c echo.Context) error {
	ds, _, err := s.visible(c)
	if err != nil {
		return err
	}
	name := strings.TrimSpace(c.QueryParam("name"))
	enabled := c.QueryParam("enabled")
	if enabled != "" && enabled != "true" && enabled != "false" {
		return httpx.BadRequest("enabled", "必须是true或false")
	}
	if name != "" || enabled != "" {
		ds = slices.DeleteFunc(ds, func(d Dept) bool {
			return !strings.Contains(d.Name, name) || (enabled != "" && strconv.FormatBool(d.Enabled) != enabled)
		})
	}
	t := nest(ds)
	if err := s.withLeaders(c.Request().Context(), t); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, httpx.List[Node]{Content: t, TotalElements: len(ds)})
}

// handlePicker: GET /api/dept/list?deptId= — the child departments of deptId (0 = the top) and
// its users, inside the caller's scope.
func (s *Service) handlePicker(c echo.Context) error {
	id, err := strconv.ParseInt(cmpOr(c.QueryParam("deptId"), "0"), 10, 64)
	if err != nil || id < 0 {
		return httpx.BadRequest("deptId", "必须是部门ID")
	}
	ds, sc, err := s.visible(c)
	if err != nil {
		return err
	}
	out := Picker{Users: []Member{}, Depts: []Ref{}}
	for _, n := range nest(ds) {
		if id == 0 {
			out.Depts = append(out.Depts, Ref{n.ID, n.Name})
		}
	}
	if id != 0 {
		for _, d := range ds {
			if d.PID != nil && *d.PID == id {
				out.Depts = append(out.Depts, Ref{d.ID, d.Name})
			}
		}
		if sc.Allows(&id) {
			if out.Users, err = s.users.Members(c.Request().Context(), id); err != nil {
				return err
			}
		}
	}
	return c.JSON(http.StatusOK, out)
}

func cmpOr(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

// Input is the body of create and edit.
type Input struct {
	ID      int64  `json:"id"`
	PID     int64  `json:"pid"` // 0: top level
	Name    string `json:"name"`
	Sort    int    `json:"deptSort"`
	Enabled *bool  `json:"enabled"`
	// Leaders are the department's heads by user ID, in order (the workflow's 部门负责人);
	// absent: unchanged.
	Leaders *[]int64 `json:"leaders"`
}

func (s *Service) save(c echo.Context, create bool) error {
	var in Input
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	var chk httpx.Check
	if !create {
		chk.Positive("id", in.ID)
	}
	chk.Text("name", &in.Name, limits.NameMax, true)
	chk.Range("deptSort", in.Sort, 0, 99999)
	if chk.Err != nil {
		return chk.Err
	}
	ctx := c.Request().Context()
	sc, err := s.scope.Scope(ctx, authz.From(c))
	if err != nil {
		return err
	}
	d := Dept{ID: in.ID, Name: in.Name, Sort: in.Sort, Enabled: in.Enabled == nil || *in.Enabled}
	if create {
		d.ID = 0
	}
	if in.PID != 0 {
		d.PID = &in.PID
	}
	if in.Leaders != nil {
		if err := s.checkLeaders(ctx, *in.Leaders); err != nil {
			return err
		}
	}
	if err := s.SaveWithLeaders(ctx, sc, &d, in.Leaders); err != nil {
		return answer(err)
	}
	return httpx.Saved(c, create, d.ID)
}

// answer maps the domain errors of department changes to HTTP.
func answer(err error) error {
	switch {
	case errors.Is(err, ErrNotFound):
		return httpx.NotFound("部门不存在")
	case errors.Is(err, ErrNoParent):
		return httpx.BadRequest("pid", "上级部门不存在")
	case errors.Is(err, tree.ErrUnderItself):
		return httpx.BadRequest("pid", "上级部门不能是自己或自己的下级")
	case errors.Is(err, tree.ErrLoop):
		return httpx.Conflict("pid", "部门数据中有循环的上下级关系，请先把其中一个部门移到顶级")
	case errors.Is(err, ErrOutOfScope):
		return httpx.Forbidden("没有权限操作该部门")
	case errors.Is(err, ErrInUse):
		return httpx.Conflict("ids", "部门下还有用户，不能删除")
	}
	return err
}

func (s *Service) handleCreate(c echo.Context) error { return s.save(c, true) }
func (s *Service) handleUpdate(c echo.Context) error { return s.save(c, false) }

// handleDelete removes departments with everything under them, refused while users belong
// to any of them.
func (s *Service) handleDelete(c echo.Context) error {
	ids, err := httpx.IDs(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	sc, err := s.scope.Scope(ctx, authz.From(c))
	if err != nil {
		return err
	}
	if err := s.Delete(ctx, sc, ids); err != nil {
		return answer(err)
	}
	return c.NoContent(http.StatusOK)
}
