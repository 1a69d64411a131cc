package menu

import (
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// menu20261121 is menus as migration 20261121_02_menu created it. Frozen.
type menu20261121 struct {
	ID         int64     `gorm:"primaryKey;autoIncrement"`
	PID        *int64    `gorm:"column:pid;index:idx_menus_pid"`
	Type       int       `gorm:"not null;default:0"`
	Title      string    `gorm:"size:64;not null"`
	Name       string    `gorm:"size:64;not null;default:''"`
	Component  string    `gorm:"size:255;not null;default:''"`
	Path       string    `gorm:"size:255;not null;default:''"`
	Sort       int       `gorm:"not null;default:999"`
	Icon       string    `gorm:"size:64;not null;default:''"`
	Permission string    `gorm:"size:128;not null;default:''"`
	Hidden     bool      `gorm:"not null;default:false"`
	Cache      bool      `gorm:"not null;default:false"`
	AlwaysShow bool      `gorm:"not null;default:false"`
	Redirect   string    `gorm:"size:255;not null;default:''"`
	ActiveMenu string    `gorm:"size:255;not null;default:''"`
	Breadcrumb bool      `gorm:"not null;default:true"`
	IFrame     bool      `gorm:"column:i_frame;not null;default:false"`
	CreateTime time.Time `gorm:"not null"`
	UpdateTime time.Time `gorm:"not null"`
}

func (menu20261121) TableName() string { return "menus" }

// Migrations creates the menu table.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261121_02_menu",
		Up: func(tx *gorm.DB) error { return tx.Migrator().CreateTable(&menu20261121{}) },
	}}
}
