// Package audit is the operation log: every write through the API (who, what, when, from where,
// with what result), recorded by a middleware that the route registry puts on every write.
package audit

import "time"

// Entry is one recorded write.
type Entry struct {
	ID       int64  `gorm:"primaryKey" json:"id"`
	Username string `json:"username"` // "" when nobody was signed in (sign-in, first-run setup)
	Method   string `json:"method"`
	Path     string `json:"path"`   // the request's path, with its IDs
	Route    string `json:"route"`  // the route pattern, which names the operation
	Action   string `json:"action"` // what it did, in Chinese (ActionOf); "" for entries before it was kept
	Reason   string `json:"reason"` // a failure's message as the caller got it (用户名或密码错误)
	IP       string `json:"requestIp"`
	Browser  string `json:"browser"`
	Status   int    `json:"status"` // the HTTP status the caller got
	Success  bool   `json:"success"`
	Millis   int64  `json:"time"` // duration
	// Changes are the fields the write changed, before → after, when its handler told (Changes).
	Changes    ChangeSet `json:"changes,omitempty" gorm:"type:text"`
	CreateTime time.Time `json:"-"`
}

func (Entry) TableName() string { return "operation_logs" }

// SignIn is one recorded sign-in attempt.
type SignIn struct {
	Time    time.Time
	IP      string
	Browser string
	Success bool
}
