package initsetup

import (
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// setting20261121 is settings as migration 20261121_06_settings created it. Frozen.
type setting20261121 struct {
	K          string    `gorm:"column:k;primaryKey;size:128"`
	V          string    `gorm:"column:v;type:text;not null"`
	UpdateTime time.Time `gorm:"not null"`
}

func (setting20261121) TableName() string { return "settings" }

// Migrations creates the settings table.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261121_06_settings",
		Up: func(tx *gorm.DB) error { return tx.Migrator().CreateTable(&setting20261121{}) },
	}}
}
