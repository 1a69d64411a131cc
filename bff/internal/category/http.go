package category

import (
	"errors"
	"fmt"
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

// Routes registers the category API, shaped like the department tree's. The tree for pickers
// (the goods dialog and filter) needs only a session, a channel operator's too: they pick a
// category for their agency's goods but manage none.
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/categories/tree", authz.SignedIn(), s.handlePickTree).
		Doc(authz.Doc{Summary: "the category tree for pickers: enabled categories only unless all=1", Params: PickParams{}, Resp: []Node{}})
	r.GET("/api/categories", authz.Perm(perm.CategoryList), s.handleTree).
		Doc(authz.Doc{Summary: "the category tree for 商品分类", Params: TreeParams{}, Resp: httpx.List[Node]{}})
	r.POST("/api/categories", authz.Perm(perm.CategoryAdd), s.handleCreate).
		Doc(authz.Doc{Summary: "create a category", Body: Input{}, Resp: httpx.Created{}, Status: http.StatusCreated})
	r.PUT("/api/categories", authz.Perm(perm.CategoryEdit), s.handleUpdate).
		Doc(authz.Doc{Summary: "edit a category (its code stays)", Body: Input{}})
	r.DELETE("/api/categories/:id", authz.Perm(perm.CategoryDel), s.handleDelete).
		Doc(authz.Doc{Summary: "delete a category without children or goods", Params: httpx.IDPath{}, Status: http.StatusOK})
}

// PickParams choose what the picker's tree holds.
type PickParams struct {
	All string `query:"all" enum:"1,0,true,false" description:"1: disabled categories too (the list's filter, where goods keep them)"`
}

// TreeParams filter the management tree.
type TreeParams struct {
	Name    string `query:"name"`
	Enabled bool   `query:"enabled"`
}

// Node is a category in the tree.
type Node struct {
	ID         int64  `json:"id"`
	PID        int64  `json:"pid" description:"0: a top-level category"`
	Name       string `json:"name"`
	NameEn     string `json:"nameEn" description:"the name in English mode; empty: name"`
	Code       string `json:"code"`
	Sort       int    `json:"sort"`
	Enabled    bool   `json:"enabled"`
	CreateTime string `json:"createTime"`
	Children   []Node `json:"children,omitempty"`
}

// nest nests categories in the order given; one whose parent is not in the list becomes a root
// when orphans is set, and is left out otherwise (with its subtree).
func nest(cs []Category, orphans bool) []Node {
	in := map[int64]bool{}
	for _, c := range cs {
		in[c.ID] = true
	}
	kids := map[int64][]Category{}
	var roots []Category
	for _, c := range cs {
		switch {
		case c.ParentID != 0 && in[c.ParentID]:
			kids[c.ParentID] = append(kids[c.ParentID], c)
		case c.ParentID == 0 || orphans:
			roots = append(roots, c)
		}
	}
	seen := map[int64]bool{}
	var build func([]Category) []Node
	build = func(cs []Category) []Node {
		out := make([]Node, 0, len(cs))
		for _, c := range cs {
			if seen[c.ID] { // a parent loop in the stored rows is drawn once, not forever
				continue
			}
			seen[c.ID] = true
			n := Node{ID: c.ID, PID: c.ParentID, Name: c.Name, NameEn: c.NameEn, Code: c.Code, Sort: c.Sort, Enabled: c.Enabled,
				CreateTime: httpx.FormatTime(c.CreateTime)}
			if k := build(kids[c.ID]); len(k) > 0 {
				n.Children = k
			}
			out = append(out, n)
		}
		return out
	}
	return build(roots)
}

// handlePickTree: GET /api/categories/tree?all= — the tree a picker offers: the categories that
// may be chosen (enabled, under enabled ones), or with all=1 every category.
func (s *Service) handlePickTree(c echo.Context) error {
	all := c.QueryParam("all")
	if all != "" && !slices.Contains([]string{"1", "0", "true", "false"}, all) {
		return httpx.BadRequest("all", "必须是1或0")
	}
	cs, err := s.All(c.Request().Context())
	if err != nil {
		return err
	}
	if all != "1" && all != "true" {
		on := usable(cs)
		cs = slices.DeleteFunc(cs, func(x Category) bool { return !on[x.ID] })
	}
	return c.JSON(http.StatusOK, nest(cs, false))
}

// handleTree: GET /api/categories?name=&enabled= — the whole tree; with a filter, the matching
// categories (name or code contains name) as a flat list, as 部门管理 does.
func (s *Service) handleTree(c echo.Context) error {
	name := strings.TrimSpace(c.QueryParam("name"))
	enabled := c.QueryParam("enabled")
	if enabled != "" && enabled != "true" && enabled != "false" {
		return httpx.BadRequest("enabled", "必须是true或false")
	}
	cs, err := s.All(c.Request().Context())
	if err != nil {
		return err
	}
	if name != "" || enabled != "" {
		cs = slices.DeleteFunc(cs, func(x Category) bool {
			named := strings.Contains(x.Name, name) || strings.Contains(x.Code, name) ||
				strings.Contains(strings.ToLower(x.NameEn), strings.ToLower(name))
			return !named || (enabled != "" && strconv.FormatBool(x.Enabled) != enabled)
		})
	}
	return c.JSON(http.StatusOK, httpx.List[Node]{Content: nest(cs, true), TotalElements: len(cs)})
}

// Input is the body of create and edit.
type Input struct {
	ID      int64  `json:"id,omitempty" description:"the category to edit (PUT)"`
	PID     int64  `json:"pid" description:"0: top level"`
	Name    string `json:"name" maxLength:"64"`
	NameEn  string `json:"nameEn,omitempty" maxLength:"64" description:"the name in English mode"`
	Code    string `json:"code" maxLength:"64" description:"letters, digits, _ and -; fixed once created (goods carry it)"`
	Sort    int    `json:"sort" minimum:"0" maximum:"99999"`
	Enabled *bool  `json:"enabled" description:"absent: enabled"`
}

// codeMax is goods.category's length.
const codeMax = 64

// codeChars: what a code may hold, so that it reads the same in a URL, a filter and a sheet.
func codeChars(code string) bool {
	for _, r := range code {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !letter && (r < '0' || r > '9') && r != '_' && r != '-' {
			return false
		}
	}
	return true
}

func (s *Service) save(c echo.Context, create bool) error {
	var in Input
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	var chk httpx.Check
	if create {
		in.ID = 0
	} else {
		chk.Positive("id", in.ID)
	}
	if in.PID < 0 {
		chk.Fail("pid", "必须是分类ID或0")
	}
	chk.Text("name", &in.Name, limits.NameMax, true)
	chk.Text("nameEn", &in.NameEn, limits.NameMax, false)
	chk.Text("code", &in.Code, codeMax, true)
	if !chk.Failed("code") && !codeChars(in.Code) {
		chk.Fail("code", "只能包含字母、数字、下划线和中划线")
	}
	chk.Range("sort", in.Sort, 0, 99999)
	if chk.Err != nil {
		return chk.Err
	}
	cat := Category{ID: in.ID, ParentID: in.PID, Name: in.Name, NameEn: in.NameEn, Code: in.Code, Sort: in.Sort, Enabled: in.Enabled == nil || *in.Enabled}
	if err := s.Save(c.Request().Context(), &cat); err != nil {
		return answer(err)
	}
	return httpx.Saved(c, create, cat.ID)
}

func (s *Service) handleCreate(c echo.Context) error { return s.save(c, true) }
func (s *Service) handleUpdate(c echo.Context) error { return s.save(c, false) }

// handleDelete: DELETE /api/categories/{id}, refused while it has children or goods.
func (s *Service) handleDelete(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	if err := s.Delete(c.Request().Context(), id); err != nil {
		return answer(err)
	}
	return c.NoContent(http.StatusOK)
}

// answer maps the domain errors of category changes to HTTP.
func answer(err error) error {
	var inUse *InUseError
	switch {
	case errors.Is(err, ErrNotFound):
		return httpx.NotFound("商品分类不存在")
	case errors.Is(err, ErrNoParent):
		return httpx.BadRequest("pid", "上级分类不存在")
	case errors.Is(err, tree.ErrUnderItself):
		return httpx.BadRequest("pid", "上级分类不能是自己或自己的下级")
	case errors.Is(err, tree.ErrLoop):
		return httpx.Conflict("pid", "分类数据中有循环的上下级关系，请先把其中一个分类移到顶级")
	case errors.Is(err, ErrTooDeep):
		return httpx.BadRequest("pid", fmt.Sprintf("商品分类最多%d级", MaxDepth))
	case errors.Is(err, ErrCodeConflict):
		return httpx.Conflict("code", "分类编码已存在")
	case errors.Is(err, ErrCodeFixed):
		return httpx.BadRequest("code", "分类编码创建后不能修改")
	case errors.As(err, &inUse) && inUse.Kind == ErrHasChildren:
		return httpx.Conflict("id", fmt.Sprintf("分类下还有%d个子分类，不能删除", inUse.N))
	case errors.As(err, &inUse) && inUse.Kind == ErrHasGoods:
		return httpx.Conflict("id", fmt.Sprintf("分类下还有%d件商品，不能删除", inUse.N))
	case errors.Is(err, ErrHasChildren):
		return httpx.Conflict("id", "分类下还有子分类，不能删除")
	case errors.Is(err, ErrHasGoods):
		return httpx.Conflict("id", "分类下还有商品，不能删除")
	}
	return err
}
