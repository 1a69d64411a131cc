// Package initsetup answers whether the system has been set up (GET /api/init/check) and keeps
// the settings table the first-run page writes.
package initsetup

import "time"

// Setting is one key/value row of system settings.
type Setting struct {
	K          string    `gorm:"column:k;primaryKey"`
	V          string    `gorm:"column:v"`
	UpdateTime time.Time `gorm:"autoUpdateTime"`
}

func (Setting) TableName() string { return "settings" }

// Keys with a fixed meaning.
const (
	KeyInitialized = "init.done"  // set when the shop's settings have been saved
	KeySeeded      = "seed.base"  // set when the first admin and the menu tree were created
	KeySetupToken  = "init.token" // SHA-256 (hex) of the generated setup token, until set-up
)
