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

// leader20261126 is dept_leaders as migration 20261126_41_dept_leaders created it: the heads of
// a department, in order (the workflow's "department head" approvers). Frozen.
type leader20261126 struct {
	DeptID int64 `gorm:"primaryKey;autoIncrement:false"`
	UserID int64 `gorm:"primaryKey;autoIncrement:false;index:idx_dept_leaders_user"`
	Sort   int   `gorm:"not null;default:0"`
}

func (leader20261126) TableName() string { return "dept_leaders" }

// Migrations creates the department table, then its heads.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261121_01_dept",
		Up: func(tx *gorm.DB) error { return tx.Migrator().CreateTable(&dept20261121{}) },
	}, {
		ID: "20261126_41_dept_leaders",
		Up: func(tx *gorm.DB) error { return tx.Migrator().CreateTable(&leader20261126{}) },
	}}
}
