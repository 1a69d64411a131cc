// Package role holds roles: a level, a data scope, the menus (and so permissions) they grant and,
// for a custom data scope, the departments they see.
package role

import "time"

// Data scopes: which departments' data a role sees.
const (
	ScopeAll    = "all"    // 全部
	ScopeDept   = "dept"   // 本级: the user's own department and below
	ScopeCustom = "custom" // 自定义: the role's departments and below
)

// Role is a named set of grants. A lower Level is more powerful (1 is the superuser's).
type Role struct {
	ID          int64     `gorm:"primaryKey" json:"id"`
	Name        string    `json:"name"`
	Level       int       `json:"level"`
	Description string    `json:"description"`
	DataScope   string    `json:"dataScope"`
	CreateTime  time.Time `gorm:"autoCreateTime" json:"-"`
	UpdateTime  time.Time `gorm:"autoUpdateTime" json:"-"`
}

func (Role) TableName() string { return "roles" }

// RoleMenu grants a menu to a role.
type RoleMenu struct {
	RoleID int64 `gorm:"primaryKey;autoIncrement:false"`
	MenuID int64 `gorm:"primaryKey;autoIncrement:false"`
}

func (RoleMenu) TableName() string { return "roles_menus" }

// RoleDept lets a role with the custom scope see a department.
type RoleDept struct {
	RoleID int64 `gorm:"primaryKey;autoIncrement:false"`
	DeptID int64 `gorm:"primaryKey;autoIncrement:false"`
}

func (RoleDept) TableName() string { return "roles_depts" }
