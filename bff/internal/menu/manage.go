package menu

import (
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
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
	r.GET("/api/menus/tree", authz.Perm("menu:list", "role:list"), s.handleTree)
	r.POST("/api/menus", authz.Perm("menu:add"), s.handleCreate)
	r.PUT("/api/menus", authz.Perm("menu:edit"), s.handleUpdate)
	r.DELETE("/api/menus", authz.Perm("menu:del"), s.handleDelete)
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
	ctx := c.Request().Context()
	all, err := s.store.All(ctx)
	if err != nil {
		return err
	}
	byID := map[int64]Menu{}
	for _, m := range all {
		byID[m.ID] = m
	}
	if !create {
		if _, ok := byID[in.ID]; !ok {
			return httpx.NotFound("菜单不存在")
		}
	}
	m := Menu{ID: in.ID, Type: in.Type, Title: in.Title, Name: in.Name, Component: in.Component, Path: in.Path,
		Sort: in.Sort, Icon: in.Icon, Permission: in.Permission, Hidden: in.Hidden, Cache: in.Cache,
		AlwaysShow: in.AlwaysShow, Redirect: in.Redirect, ActiveMenu: in.ActiveMenu, Breadcrumb: in.Breadcrumb,
		IFrame: in.IFrame}
	if create {
		m.ID = 0
	}
	if in.PID != 0 {
		parent, ok := byID[in.PID]
		if !ok {
			return httpx.BadRequest("pid", "上级菜单不存在")
		}
		if parent.Type == TypeButton {
			return httpx.BadRequest("pid", "按钮下不能再有菜单")
		}
		if !create && slices.Contains(tree.Subtree(all, in.ID, menuID, menuPID), in.PID) {
			return httpx.BadRequest("pid", "上级菜单不能是自己或自己的下级")
		}
		m.PID = &in.PID
	} else if in.Type == TypeButton {
		return httpx.BadRequest("pid", "按钮必须属于一个菜单")
	}
	if err := s.store.Save(ctx, &m); err != nil {
		return err
	}
	return httpx.Saved(c, create, m.ID)
}

func (s *Service) handleCreate(c echo.Context) error { return s.save(c, true) }
func (s *Service) handleUpdate(c echo.Context) error { return s.save(c, false) }

// handleDelete removes the menus and everything under them.
func (s *Service) handleDelete(c echo.Context) error {
	ids, err := httpx.IDs(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	all, err := s.store.All(ctx)
	if err != nil {
		return err
	}
	if err := s.store.Delete(ctx, tree.Union(all, ids, menuID, menuPID)); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}
