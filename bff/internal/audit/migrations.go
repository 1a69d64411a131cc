package audit

import (
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// entry20261122 is operation_logs as migration 20261122_01_audit created it. Frozen.
type entry20261122 struct {
	ID         int64     `gorm:"primaryKey;autoIncrement"`
	Username   string    `gorm:"size:64;not null;default:'';index:idx_oplog_user"`
	Method     string    `gorm:"size:16;not null"`
	Path       string    `gorm:"size:255;not null"`
	Route      string    `gorm:"size:255;not null"`
	IP         string    `gorm:"size:64;not null;default:''"`
	Browser    string    `gorm:"size:128;not null;default:''"`
	Status     int       `gorm:"not null"`
	Success    bool      `gorm:"not null"`
	Millis     int64     `gorm:"not null;default:0"`
	CreateTime time.Time `gorm:"not null;index:idx_oplog_time"`
}

func (entry20261122) TableName() string { return "operation_logs" }

// entry20261126 is the columns 20261126_01_audit_action added: the action's name and the
// reason of a failure (issue 16). Frozen.
type entry20261126 struct {
	Action string `gorm:"size:64;not null;default:''"`
	Reason string `gorm:"size:255;not null;default:''"`
}

func (entry20261126) TableName() string { return "operation_logs" }

// entry20261128 is the column 20261128_42_audit_changes added: the fields a write changed,
// before → after, as JSON (NULL when the write did not tell; issue 33). Frozen.
type entry20261128 struct {
	Changes *string `gorm:"type:text"`
}

func (entry20261128) TableName() string { return "operation_logs" }

// Migrations creates the operation log.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261122_01_audit",
		Up: func(tx *gorm.DB) error { return tx.Migrator().CreateTable(&entry20261122{}) },
	}, {
		ID: "20261126_01_audit_action",
		Up: func(tx *gorm.DB) error {
			for _, col := range []string{"Action", "Reason"} {
				if err := tx.Migrator().AddColumn(&entry20261126{}, col); err != nil {
					return err
				}
			}
			return nil
		},
	}, {
		ID: "20261128_42_audit_changes",
		Up: func(tx *gorm.DB) error { return tx.Migrator().AddColumn(&entry20261128{}, "Changes") },
	}}
}
