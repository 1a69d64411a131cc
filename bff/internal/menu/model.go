// Package menu is the permission-driven menu: directories, pages and buttons. The front end's
// router tree (/api/menus/build) and the permission strings of roles both come from it.
package menu

import "time"

// Menu types.
const (
	TypeDir    = 0 // a directory in the sidebar
	TypeMenu   = 1 // a page
	TypeButton = 2 // an action on a page; carries a permission string, never routed
)

// Menu is one node of the menu tree; PID nil means top level.
type Menu struct {
	ID         int64  `gorm:"primaryKey"`
	PID        *int64 `gorm:"column:pid"`
	Type       int
	Title      string
	Name       string // route name (eladmin's componentName)
	Component  string // front-end component key, "Layout" for the main frame
	Path       string
	Sort       int
	Icon       string
	Permission string
	Hidden     bool
	Cache      bool // keep the page alive between tabs; the router's meta.noCache is its inverse
	AlwaysShow bool
	Redirect   string
	ActiveMenu string
	Breadcrumb bool
	IFrame     bool      `gorm:"column:i_frame"` // an external link: Path is a URL
	CreateTime time.Time `gorm:"autoCreateTime"`
	UpdateTime time.Time `gorm:"autoUpdateTime"`
}

func (Menu) TableName() string { return "menus" }
