package role

import (
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// Tables as migration 20261121_03_role created them. Frozen. The *Ref types only name the
// referenced tables so that gorm writes the foreign keys.
type (
	role20261121 struct {
		ID          int64     `gorm:"primaryKey;autoIncrement"`
		Name        string    `gorm:"size:64;not null;uniqueIndex:uk_roles_name"`
		Level       int       `gorm:"not null;default:3"`
		Description string    `gorm:"size:255;not null;default:''"`
		DataScope   string    `gorm:"size:16;not null;default:'all'"`
		CreateTime  time.Time `gorm:"not null"`
		UpdateTime  time.Time `gorm:"not null"`
	}
	roleMenu20261121 struct {
		RoleID int64           `gorm:"primaryKey;autoIncrement:false"`
		MenuID int64           `gorm:"primaryKey;autoIncrement:false;index:idx_roles_menus_menu"`
		Role   role20261121    `gorm:"foreignKey:RoleID;constraint:OnDelete:CASCADE"`
		Menu   menuRef20261121 `gorm:"foreignKey:MenuID;constraint:OnDelete:CASCADE"`
	}
	roleDept20261121 struct {
		RoleID int64           `gorm:"primaryKey;autoIncrement:false"`
		DeptID int64           `gorm:"primaryKey;autoIncrement:false;index:idx_roles_depts_dept"`
		Role   role20261121    `gorm:"foreignKey:RoleID;constraint:OnDelete:CASCADE"`
		Dept   deptRef20261121 `gorm:"foreignKey:DeptID;constraint:OnDelete:CASCADE"`
	}
	menuRef20261121 struct{ ID int64 }
	deptRef20261121 struct{ ID int64 }
)

func (role20261121) TableName() string     { return "roles" }
func (roleMenu20261121) TableName() string { return "roles_menus" }
func (roleDept20261121) TableName() string { return "roles_depts" }
func (menuRef20261121) TableName() string  { return "menus" }
func (deptRef20261121) TableName() string  { return "depts" }

// Migrations creates roles and their menu and department grants.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261121_03_role",
		Up: func(tx *gorm.DB) error {
			return tx.Migrator().CreateTable(&role20261121{}, &roleMenu20261121{}, &roleDept20261121{})
		},
	}}
}
