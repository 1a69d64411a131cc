package cert

import (
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// The table as migration 20261126_80_cert created it. Frozen. One row an agency
// (uk_certs_agency): two submissions racing meet at the key.
type cert20261126 struct {
	ID          int64      `gorm:"primaryKey;autoIncrement"`
	AgencyID    int64      `gorm:"not null;uniqueIndex:uk_certs_agency"`
	CompanyName string     `gorm:"size:128;not null"`
	CreditCode  string     `gorm:"size:18;not null"`
	LegalPerson string     `gorm:"size:64;not null"`
	IDNumber    string     `gorm:"size:18;not null"`
	IDFront     int64      `gorm:"not null"`
	IDBack      int64      `gorm:"not null"`
	License     int64      `gorm:"not null"`
	Status      string     `gorm:"size:16;not null;index:idx_certs_status"`
	Reason      string     `gorm:"size:255;not null;default:''"`
	SubmitterID int64      `gorm:"not null"`
	SubmitTime  time.Time  `gorm:"not null;index:idx_certs_submit"`
	AuditorID   *int64     `gorm:""`
	AuditTime   *time.Time `gorm:""`
	CreateTime  time.Time  `gorm:"not null"`
	UpdateTime  time.Time  `gorm:"not null"`
}

func (cert20261126) TableName() string { return "certs" }

// Migrations creates the certs table.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261126_80_cert",
		Up: func(tx *gorm.DB) error { return tx.Migrator().CreateTable(&cert20261126{}) },
	}}
}
