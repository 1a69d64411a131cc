package menu

import (
	"cmp"
	"slices"
	"strings"
)

// Route is one node of the router tree the front end builds its routes and sidebar from
// (eladmin's MenuVo).
type Route struct {
	Name       string  `json:"name,omitempty"`
	Path       string  `json:"path"`
	Hidden     bool    `json:"hidden"`
	Redirect   string  `json:"redirect,omitempty"`
	Component  string  `json:"component,omitempty"`
	AlwaysShow bool    `json:"alwaysShow,omitempty"`
	Meta       *Meta   `json:"meta,omitempty"`
	Children   []Route `json:"children,omitempty"`
}

// Meta is a route's display data. Breadcrumb is sent only when false (hide the breadcrumb).
type Meta struct {
	Title      string `json:"title"`
	Icon       string `json:"icon"`
	NoCache    bool   `json:"noCache"`
	ActiveMenu string `json:"activeMenu,omitempty"`
	Breadcrumb *bool  `json:"breadcrumb,omitempty"`
}

// Component keys with a fixed meaning in the front end.
const (
	Layout     = "Layout"     // the main frame, for top-level entries
	ParentView = "ParentView" // a nested directory without its own frame
	NoRedirect = "noredirect" // a directory's breadcrumb entry is not a link
)

// BuildTree turns the menus a user may see into the router tree: only directories and pages
// (buttons never), children under their visible parent, siblings by sort. visible nil means all.
func BuildTree(all []Menu, visible map[int64]bool) []Route {
	children := map[int64][]Menu{}
	var roots []Menu
	shown := map[int64]bool{}
	for _, m := range all {
		if m.Type != TypeButton && (visible == nil || visible[m.ID]) {
			shown[m.ID] = true
		}
	}
	for _, m := range all {
		if !shown[m.ID] {
			continue
		}
		if m.PID == nil {
			roots = append(roots, m)
		} else if shown[*m.PID] {
			children[*m.PID] = append(children[*m.PID], m)
		} // else: its directory is not granted, so neither is the page
	}
	return routes(roots, children, true)
}

func bySort(a, b Menu) int {
	if c := cmp.Compare(a.Sort, b.Sort); c != 0 {
		return c
	}
	return cmp.Compare(a.ID, b.ID)
}

func routes(ms []Menu, children map[int64][]Menu, top bool) []Route {
	slices.SortFunc(ms, bySort)
	out := []Route{}
	for _, m := range ms {
		if r, ok := route(m, children, top); ok {
			out = append(out, r)
		}
	}
	return out
}

func route(m Menu, children map[int64][]Menu, top bool) (Route, bool) {
	r := Route{Name: cmp.Or(m.Name, m.Title), Hidden: m.Hidden, Meta: meta(m), Path: m.Path}
	if !m.IFrame {
		if top {
			r.Path = "/" + strings.TrimLeft(m.Path, "/")
		}
		switch {
		case top && m.Type == TypeDir:
			r.Component = cmp.Or(m.Component, Layout)
		case m.Type == TypeDir:
			r.Component = cmp.Or(m.Component, ParentView)
		default:
			r.Component = m.Component
		}
	}
	kids := routes(children[m.ID], children, false)
	switch {
	case len(kids) > 0:
		r.Children = kids
		r.AlwaysShow = m.AlwaysShow
		r.Redirect = cmp.Or(m.Redirect, NoRedirect)
	case m.Type == TypeDir:
		return Route{}, false // an empty directory shows nothing
	case top:
		// A top-level page still needs the frame around it: wrap it as eladmin does.
		inner := Route{Name: r.Name, Path: "index", Component: r.Component, Meta: r.Meta}
		if m.IFrame {
			inner = Route{Path: m.Path, Meta: r.Meta}
		}
		r = Route{Path: r.Path, Hidden: m.Hidden, Component: Layout, Children: []Route{inner}}
	default:
		r.Redirect = m.Redirect
	}
	return r, true
}

func meta(m Menu) *Meta {
	mt := &Meta{Title: m.Title, Icon: m.Icon, NoCache: !m.Cache, ActiveMenu: m.ActiveMenu}
	if !m.Breadcrumb {
		f := false
		mt.Breadcrumb = &f
	}
	return mt
}
