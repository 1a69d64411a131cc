package menu

import (
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/platform/tree"
)

// Node is a menu as the management page and the role dialog's tree show it.
type Node struct {
	ID         int64  `json:"id"`
	PID        int64  `json:"pid"` // 0 at the top
	Type       int    `json:"type"`
	Title      string `json:"title"`
	Name       string `json:"componentName"`
	Component  string `json:"component"`
	Path       string `json:"path"`
	Sort       int    `json:"menuSort"`
	Icon       string `json:"icon"`
	Permission string `json:"permission"`
	Hidden     bool   `json:"hidden"`
	Cache      bool   `json:"cache"`
	AlwaysShow bool   `json:"alwaysShow"`
	Redirect   string `json:"redirect"`
	ActiveMenu string `json:"activeMenu"`
	Breadcrumb bool   `json:"breadcrumb"`
	IFrame     bool   `json:"iFrame"`
	CreateTime string `json:"createTime,omitempty"`
	Children   []Node `json:"children,omitempty"`
}

func nodeOf(m Menu) Node {
	n := Node{ID: m.ID, Type: m.Type, Title: m.Title, Name: m.Name, Component: m.Component, Path: m.Path,
		Sort: m.Sort, Icon: m.Icon, Permission: m.Permission, Hidden: m.Hidden, Cache: m.Cache,
		AlwaysShow: m.AlwaysShow, Redirect: m.Redirect, ActiveMenu: m.ActiveMenu, Breadcrumb: m.Breadcrumb,
		IFrame: m.IFrame, CreateTime: httpx.FormatTime(m.CreateTime)}
	if m.PID != nil {
		n.PID = *m.PID
	}
	return n
}

// ManageRoutes registers menu management. The role dialog ticks menus from the same tree.
func (s *Service) ManageRoutes(r *authz.Router) {
	r.GET("/api/menus/tree", authz.Perm(perm.MenuList, perm.RoleList), s.handleTree).
		Doc(authz.Doc{Summary: "every menu as a tree", Resp: []Node{}})
	r.POST("/api/menus", authz.Perm(perm.MenuAdd), s.handleCreate).
		Doc(authz.Doc{Summary: "create a menu", Body: Node{}, Resp: httpx.Created{}, Status: http.StatusCreated})
	r.PUT("/api/menus", authz.Perm(perm.MenuEdit), s.handleUpdate).
		Doc(authz.Doc{Summary: "edit a menu", Body: Node{}})
	r.DELETE("/api/menus", authz.Perm(perm.MenuDel), s.handleDelete).
		Doc(authz.Doc{Summary: "delete menus", Body: httpx.IDList{}, Status: http.StatusOK})
}

// Tree nests every menu (buttons too) under its parent, siblings by sort.
func Tree(all []Menu) []Node {
	kids := map[int64][]Menu{}
	var roots []Menu
	ids := map[int64]bool{}
	for _, m := range all {
		ids[m.ID] = true
	}
	for _, m := range all {
		if m.PID == nil || !ids[*m.PID] {
			roots = append(roots, m)
		} else {
			kids[*m.PID] = append(kids[*m.PID], m)
		}
	}
	var build func(ms []Menu) []Node
	build = func(ms []Menu) []Node {
		slices.SortFunc(ms, bySort)
		out := make([]Node, 0, len(ms))
		for _, m := range ms {
			n := nodeOf(m)
			n.Children = build(kids[m.ID])
			if len(n.Children) == 0 {
				n.Children = nil
			}
			out = append(out, n)
		}
		return out
	}
	return build(roots)
}

func (s *Service) handleTree(c echo.Context) error {
	all, err := s.store.All(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, Tree(all))
}

func menuID(m Menu) int64   { return m.ID }
func menuPID(m Menu) *int64 { return m.PID }

func (s *Service) save(c echo.Context, create bool) error {
	var in Node
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	var chk httpx.Check
	if !create {
		chk.Positive("id", in.ID)
	}
	chk.OneOf("type", string(rune('0'+in.Type)), "0", "1", "2")
	chk.Text("title", &in.Title, 64, true)
	chk.Text("componentName", &in.Name, 64, false)
	chk.Text("component", &in.Component, 255, in.Type == TypeMenu && !in.IFrame)
	chk.Text("path", &in.Path, 255, in.Type != TypeButton)
	chk.Text("icon", &in.Icon, 64, false)
	if !chk.Failed("icon") && !knownIcon(in.Icon) {
		chk.FailCode("icon", httpx.FieldChoice, "图标不在可选范围内，请从图标列表中选择")
	}
	chk.Text("permission", &in.Permission, 128, in.Type == TypeButton)
	chk.Text("redirect", &in.Redirect, 255, false)
	chk.Text("activeMenu", &in.ActiveMenu, 255, false)
	chk.Range("menuSort", in.Sort, 0, 99999)
	if in.IFrame && chk.Err == nil {
		if u, err := url.Parse(in.Path); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			chk.Fail("path", "外链必须以http://或https://开头")
		}
	} else if in.Type != TypeButton && strings.Contains(in.Path, "://") {
		chk.Fail("path", "不是外链时不能是网址")
	}
	if chk.Err != nil {
		return chk.Err
	}
	m := Menu{ID: in.ID, Type: in.Type, Title: in.Title, Name: in.Name, Component: in.Component, Path: in.Path,
		Sort: in.Sort, Icon: in.Icon, Permission: in.Permission, Hidden: in.Hidden, Cache: in.Cache,
		AlwaysShow: in.AlwaysShow, Redirect: in.Redirect, ActiveMenu: in.ActiveMenu, Breadcrumb: in.Breadcrumb,
		IFrame: in.IFrame}
	if create {
		m.ID = 0
	}
	if in.PID != 0 {
		m.PID = &in.PID
	}
	if err := s.Save(c.Request().Context(), &m); err != nil {
		return answer(err)
	}
	return httpx.Saved(c, create, m.ID)
}

// answer maps the domain errors of menu changes to HTTP.
func answer(err error) error {
	switch {
	case errors.Is(err, ErrNotFound):
		return httpx.NotFound("菜单不存在")
	case errors.Is(err, ErrNoParent):
		return httpx.BadRequest("pid", "上级菜单不存在")
	case errors.Is(err, ErrUnderButton):
		return httpx.BadRequest("pid", "按钮下不能再有菜单")
	case errors.Is(err, ErrButtonAtTop):
		return httpx.BadRequest("pid", "按钮必须属于一个菜单")
	case errors.Is(err, tree.ErrUnderItself):
		return httpx.BadRequest("pid", "上级菜单不能是自己或自己的下级")
	case errors.Is(err, tree.ErrLoop):
		return httpx.Conflict("pid", "菜单数据中有循环的上下级关系，请先把其中一个菜单移到顶级")
	}
	return err
}

func (s *Service) handleCreate(c echo.Context) error { return s.save(c, true) }
func (s *Service) handleUpdate(c echo.Context) error { return s.save(c, false) }

// handleDelete removes the menus and everything under them.
func (s *Service) handleDelete(c echo.Context) error {
	ids, err := httpx.IDs(c)
	if err != nil {
		return err
	}
	if err := s.Delete(c.Request().Context(), ids); err != nil {
		return answer(err)
	}
	return c.NoContent(http.StatusOK)
}
