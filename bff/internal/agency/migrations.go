package agency

import (
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// The table as migration 20261123_71_agency created it. Frozen. Operators point at it from
// users.agency_id (the user feature's migration 20261123_72_user_agency).
type agency20261123 struct {
	ID         int64     `gorm:"primaryKey;autoIncrement"`
	Name       string    `gorm:"size:128;not null"`
	Code       string    `gorm:"size:64;not null;uniqueIndex:uk_agencies_code"`
	Contact    string    `gorm:"size:64;not null;default:''"`
	Phone      string    `gorm:"size:32;not null;default:''"`
	Enabled    bool      `gorm:"not null;default:true"`
	CreateTime time.Time `gorm:"not null;index:idx_agencies_create"`
	UpdateTime time.Time `gorm:"not null"`
}

func (agency20261123) TableName() string { return "agencies" }

// Migrations creates the agencies table.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261123_71_agency",
		Up: func(tx *gorm.DB) error { return tx.Migrator().CreateTable(&agency20261123{}) },
	}}
}
