package dept

import (
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// dept20261121 is depts as migration 20261121_01_dept created it. Frozen.
type dept20261121 struct {
	ID         int64     `gorm:"primaryKey;autoIncrement"`
	PID        *int64    `gorm:"column:pid;index:idx_depts_pid"`
	Name       string    `gorm:"size:64;not null"`
	Sort       int       `gorm:"not null;default:999"`
	Enabled    bool      `gorm:"not null;default:true"`
	CreateTime time.Time `gorm:"not null"`
	UpdateTime time.Time `gorm:"not null"`
}

func (dept20261121) TableName() string { return "depts" }

// Migrations creates the department table.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261121_01_dept",
		Up: func(tx *gorm.DB) error { return tx.Migrator().CreateTable(&dept20261121{}) },
	}}
}
