// Package dept is the department tree: users belong to one department, roles may see a set.
package dept

import "time"

// Dept is one department; PID nil means a root.
type Dept struct {
	ID         int64     `gorm:"primaryKey" json:"id"`
	PID        *int64    `gorm:"column:pid" json:"pid"`
	Name       string    `json:"name"`
	Sort       int       `json:"deptSort"`
	Enabled    bool      `json:"enabled"`
	CreateTime time.Time `gorm:"autoCreateTime" json:"-"`
	UpdateTime time.Time `gorm:"autoUpdateTime" json:"-"`
}

func (Dept) TableName() string { return "depts" }

// Leader is a head of a department (the workflow's 部门负责人), Sort gives their order.
type Leader struct {
	DeptID int64 `gorm:"primaryKey;autoIncrement:false"`
	UserID int64 `gorm:"primaryKey;autoIncrement:false"`
	Sort   int
}

func (Leader) TableName() string { return "dept_leaders" }
