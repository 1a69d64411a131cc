package auth

import (
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// Tables as migration 20261121_07_session created them. Frozen.
type (
	session20261121 struct {
		ID        string          `gorm:"primaryKey;size:32"`
		UserID    int64           `gorm:"not null;index:idx_sessions_user"`
		User      userRef20261121 `gorm:"foreignKey:UserID;constraint:OnDelete:CASCADE"`
		Kind      string          `gorm:"size:16;not null"`
		IP        string          `gorm:"size:64;not null;default:''"`
		Browser   string          `gorm:"size:128;not null;default:''"`
		LoginTime time.Time       `gorm:"not null"`
		ExpiresAt time.Time       `gorm:"not null;index:idx_sessions_expires_at"`
	}
	userRef20261121 struct{ ID int64 }
)

// sessionToken20261125 is the column migration 20261125_10_session_upstream_token added: the
// relay upstream's own token of a session signed in through it. Frozen.
type sessionToken20261125 struct {
	UpstreamToken string `gorm:"size:2048;not null;default:''"`
}

func (session20261121) TableName() string      { return "sessions" }
func (sessionToken20261125) TableName() string { return "sessions" }
func (userRef20261121) TableName() string      { return "users" }

// Migrations creates the session table of the SQL session store.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261121_07_session",
		Up: func(tx *gorm.DB) error { return tx.Migrator().CreateTable(&session20261121{}) },
	}, {
		ID: "20261125_10_session_upstream_token",
		Up: func(tx *gorm.DB) error { return tx.Migrator().AddColumn(&sessionToken20261125{}, "UpstreamToken") },
	}}
}
