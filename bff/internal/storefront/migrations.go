package storefront

import (
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// openClient20261128 is open_clients as migration 20261128_30_storefront created it. Frozen:
// change the table with a new migration.
type openClient20261128 struct {
	ID           int64  `gorm:"primaryKey"`
	Name         string `gorm:"size:64;not null"`
	ClientID     string `gorm:"size:40;not null;uniqueIndex:uk_open_clients_client_id"`
	AgencyID     *int64 `gorm:"index:idx_open_clients_agency_id"`
	Scopes       string `gorm:"size:255;not null"`
	SecretSealed string `gorm:"size:255;not null;default:''"`
	Fingerprint  string `gorm:"size:64;not null;default:''"`
	Status       string `gorm:"size:16;not null"`
	LastUsedTime *time.Time
	RevokeTime   *time.Time
	CreateTime   time.Time `gorm:"not null"`
	UpdateTime   time.Time `gorm:"not null"`
}

func (openClient20261128) TableName() string { return "open_clients" }

// openIdem20261128 is open_idempotency as migration 20261128_30_storefront created it.
type openIdem20261128 struct {
	ID          int64     `gorm:"primaryKey"`
	ClientID    int64     `gorm:"not null;uniqueIndex:uk_open_idempotency_key,priority:1"`
	IdemKey     string    `gorm:"size:64;not null;uniqueIndex:uk_open_idempotency_key,priority:2"`
	RequestHash string    `gorm:"size:64;not null"`
	State       string    `gorm:"size:16;not null"`
	Status      int       `gorm:"not null;default:0"`
	Body        string    `gorm:"type:text"`
	LockedUntil time.Time `gorm:"not null"`
	ExpiresAt   time.Time `gorm:"not null;index:idx_open_idempotency_expires_at"`
	CreateTime  time.Time `gorm:"not null"`
}

func (openIdem20261128) TableName() string { return "open_idempotency" }

// Migrations creates the API clients and their idempotency keys.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261128_30_storefront",
		Up: func(tx *gorm.DB) error {
			return tx.Migrator().CreateTable(&openClient20261128{}, &openIdem20261128{})
		},
	}}
}
