package attach

import (
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// attachment20261122 is attachments as migration 20261122_90_attachments created it. Frozen.
type attachment20261122 struct {
	ID           int64     `gorm:"primaryKey"`
	Key          string    `gorm:"column:stored_name;size:64;uniqueIndex;not null"`
	OriginalName string    `gorm:"size:255;not null"`
	ContentType  string    `gorm:"size:128;not null"`
	Size         int64     `gorm:"not null"`
	OwnerID      int64     `gorm:"index;not null"`
	Type         string    `gorm:"size:64;not null;default:''"`
	Code         string    `gorm:"size:64;not null;default:''"`
	OrderID      string    `gorm:"size:64;not null;default:''"`
	BusinessID   string    `gorm:"size:64;not null;default:''"`
	CreateTime   time.Time `gorm:"not null"`
}

func (attachment20261122) TableName() string { return "attachments" }

// Migrations creates the attachments table.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261122_90_attachments",
		Up: func(tx *gorm.DB) error { return tx.Migrator().CreateTable(&attachment20261122{}) },
	}, {
		// A file's type and record compare byte for byte. MySQL's default collation is blind to
		// case, width and trailing spaces, so a scan stored as "Contract" was listed as one of
		// the contract's, outside the rule registered for "contract". VARBINARY compares bytes
		// (a binary collation would still pad spaces); SQLite compares bytes already.
		ID: "20261128_20_attachment_exact_types",
		Up: func(tx *gorm.DB) error {
			if db.Dialect(tx) != db.MySQL {
				return nil
			}
			return tx.Exec("ALTER TABLE attachments MODIFY `type` VARBINARY(64) NOT NULL DEFAULT '', " +
				"MODIFY business_id VARBINARY(64) NOT NULL DEFAULT ''").Error
		},
	}, {
		// When a record first took the file, and when the sweep began removing it (docs/decisions.md
		// "Orphaned uploads"): the sweep removes only files never taken. Every file already stored
		// counts as taken, since nothing recorded whether a record refers to it.
		ID: "20261129_10_attachment_claims",
		Up: func(tx *gorm.DB) error {
			kind := "datetime"
			if db.Dialect(tx) == db.MySQL {
				kind = "DATETIME(3)"
			}
			for _, q := range []string{"ALTER TABLE attachments ADD COLUMN claimed_at " + kind + " NULL",
				"ALTER TABLE attachments ADD COLUMN swept_at " + kind + " NULL",
				"UPDATE attachments SET claimed_at = create_time",
				"CREATE INDEX idx_attachments_unclaimed ON attachments (claimed_at, create_time)",
				"CREATE INDEX idx_attachments_swept ON attachments (swept_at)"} {
				if err := tx.Exec(q).Error; err != nil {
					return err
				}
			}
			return nil
		},
	}}
}
