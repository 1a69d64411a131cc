// Package auth signs people in (captcha, password, channel and portal logins), keeps their
// server-side sessions, locks out repeated failures and authenticates every signed-in request.
package auth

import "time"

// Session is one signed-in browser. Its ID travels in the JWT as "sid"; deleting the session
// ends the token's use at once.
type Session struct {
	ID        string `gorm:"primaryKey"`
	UserID    int64
	Kind      string // authz.KindStaff or authz.KindChannel
	IP        string
	Browser   string
	LoginTime time.Time
	ExpiresAt time.Time
	// UpstreamToken is the relay upstream's own token when the session was signed in through it
	// (docs/upstream.md "Relay identity"): kept here on the server, never sent to the browser.
	UpstreamToken string
}

func (Session) TableName() string { return "sessions" }
