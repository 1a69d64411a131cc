package tracking

import (
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// The table as migration 20261129_10_tracking created it. Frozen.
//
// A parcel is found by its company and number (a query, a push); the subscription job finds
// those not yet subscribed by the same key.
type parcel20261129 struct {
	ID         int64  `gorm:"primaryKey;autoIncrement"`
	Company    string `gorm:"size:32;not null;uniqueIndex:uk_tracking_parcels_key,priority:1"`
	TrackingNo string `gorm:"size:64;not null;uniqueIndex:uk_tracking_parcels_key,priority:2"`
	State      string `gorm:"size:8;not null;default:''"`
	Events     string `gorm:"type:text;not null"`
	FetchedAt  *time.Time
	Subscribed bool      `gorm:"not null;default:false"`
	UpdateTime time.Time `gorm:"not null"`
}

func (parcel20261129) TableName() string { return "tracking_parcels" }

// Migrations creates the parcels' cache.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261129_10_tracking",
		Up: func(tx *gorm.DB) error { return tx.Migrator().CreateTable(&parcel20261129{}) },
	}}
}
