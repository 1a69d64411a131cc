package notify

import (
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// Tables as migrations 20261128_52_messages and 20261128_53_message_prefs created them. Frozen.
type (
	message20261128 struct {
		ID         int64      `gorm:"primaryKey;autoIncrement;index:idx_messages_user_read,priority:3"`
		UserID     int64      `gorm:"not null;index:idx_messages_user_read,priority:1"`
		Type       string     `gorm:"size:32;not null"`
		Title      string     `gorm:"size:255;not null"`
		Body       string     `gorm:"size:1000;not null;default:''"`
		Link       string     `gorm:"size:500;not null;default:''"`
		IsRead     bool       `gorm:"not null;default:false;index:idx_messages_user_read,priority:2"`
		CreateTime time.Time  `gorm:"not null;index:idx_messages_create_time"`
		ReadTime   *time.Time ``
	}
	messagePref20261128 struct {
		UserID int64  `gorm:"primaryKey;autoIncrement:false"`
		Type   string `gorm:"primaryKey;size:32"`
	}
)

func (message20261128) TableName() string     { return "messages" }
func (messagePref20261128) TableName() string { return "message_prefs" }

// Migrations creates the messages and the types each user turned off.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261128_52_messages",
		Up: func(tx *gorm.DB) error { return tx.Migrator().CreateTable(&message20261128{}) },
	}, {
		ID: "20261128_53_message_prefs",
		Up: func(tx *gorm.DB) error { return tx.Migrator().CreateTable(&messagePref20261128{}) },
	}}
}
