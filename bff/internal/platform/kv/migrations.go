package kv

import (
	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// kvEntry20261121 is kv_entries as migration 20261121_08_kv created it. Frozen: change the table
// with a new migration.
type kvEntry20261121 struct {
	K         string `gorm:"column:k;primaryKey;size:191"`
	V         string `gorm:"column:v;size:255;not null;default:''"`
	N         int64  `gorm:"column:n;not null;default:0"`
	ExpiresAt int64  `gorm:"column:expires_at;not null;index:idx_kv_entries_expires_at"` // unix ms
}

func (kvEntry20261121) TableName() string { return "kv_entries" }

// Migrations creates the kv_entries table used by the SQL store.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261121_08_kv",
		Up: func(tx *gorm.DB) error { return tx.Migrator().CreateTable(&kvEntry20261121{}) },
	}, {
		// Keys compare byte for byte. MySQL's default collation is blind to case and accents, so
		// "login:ADMIN" was the row of "login:admin" and one nonce used up its look-alikes.
		// A binary collation still ignores trailing spaces (PAD SPACE); VARBINARY does not. SQLite
		// compares bytes already.
		ID: "20261123_31_kv_binary_keys",
		Up: func(tx *gorm.DB) error {
			if db.Dialect(tx) != db.MySQL {
				return nil
			}
			return tx.Exec("ALTER TABLE kv_entries MODIFY k VARBINARY(191) NOT NULL").Error
		},
	}}
}
