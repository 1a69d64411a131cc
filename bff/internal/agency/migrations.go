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

// The profile columns as migration 20261126_80_agency_profile added them. Frozen.
type agencyProfile20261126 struct {
	Region     string `gorm:"size:128;not null;default:''"`
	Address    string `gorm:"size:255;not null;default:''"`
	Logo       string `gorm:"size:512;not null;default:''"`
	CertStatus string `gorm:"size:16;not null;default:'none'"`
}

func (agencyProfile20261126) TableName() string { return "agencies" }

// Migrations creates the agencies table, then adds the profile the management pages show
// (region, address, logo) and the certification state the cert feature keeps.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261123_71_agency",
		Up: func(tx *gorm.DB) error { return tx.Migrator().CreateTable(&agency20261123{}) },
	}, {
		ID: "20261126_80_agency_profile",
		Up: func(tx *gorm.DB) error {
			m := tx.Migrator()
			for _, col := range []string{"Region", "Address", "Logo", "CertStatus"} {
				if err := m.AddColumn(&agencyProfile20261126{}, col); err != nil {
					return err
				}
			}
			return nil
		},
	}}
}
