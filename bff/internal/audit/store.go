package audit

import (
	"context"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"

	"mallconsole/bff/internal/platform/httpx"
)

// Store writes and searches the operation log.
type Store struct{ db *gorm.DB }

// NewStore uses g.
func NewStore(g *gorm.DB) *Store { return &Store{db: g} }

// Add records an entry.
func (s *Store) Add(ctx context.Context, e *Entry) error {
	return s.db.WithContext(ctx).Create(e).Error
}

// Query is a search of the log.
type Query struct {
	Blurry   string // in user name, path or IP
	Username string // exact
	Success  *bool
	From, To *time.Time
	Page     httpx.Page
}

// Search returns a page of entries, newest first, and the total.
func (s *Store) Search(ctx context.Context, q Query) ([]Entry, int64, error) {
	tx := s.db.WithContext(ctx).Model(&Entry{})
	if q.Blurry != "" {
		like := "%" + q.Blurry + "%"
		tx = tx.Where("username LIKE ? OR path LIKE ? OR ip LIKE ?", like, like, like)
	}
	if q.Username != "" {
		tx = tx.Where("username = ?", q.Username)
	}
	if q.Success != nil {
		tx = tx.Where("success = ?", *q.Success)
	}
	if q.From != nil {
		tx = tx.Where("create_time BETWEEN ? AND ?", *q.From, *q.To)
	}
	return db.Paged[Entry](tx, "id DESC", q.Page.Offset(), q.Page.Size)
}

// Retention is how long the log keeps an entry: long enough for a yearly review of who changed
// what, short enough that the table does not grow without end.
const Retention = 400 * 24 * time.Hour

// Sweep removes entries older than Retention before now.
func (s *Store) Sweep(ctx context.Context, now time.Time) error {
	return s.db.WithContext(ctx).Where("create_time < ?", now.Add(-Retention)).Delete(&Entry{}).Error
}

// SignInRoutes are the routes whose log entries are sign-in attempts.
var SignInRoutes = []string{"/api/auth/login", "/background/common/tj/login", "/api/auth/loginAccount"}

// SignIn is one recorded sign-in attempt.
type SignIn struct {
	Time    time.Time
	IP      string
	Browser string
	Success bool
}

// SignIns returns the user's last limit sign-in attempts, newest first.
func (s *Store) SignIns(ctx context.Context, username string, limit int) ([]SignIn, error) {
	var es []Entry
	err := s.db.WithContext(ctx).Where("username = ? AND route IN ?", username, SignInRoutes).
		Order("id DESC").Limit(limit).Find(&es).Error
	out := make([]SignIn, len(es))
	for i, e := range es {
		out[i] = SignIn{Time: e.CreateTime, IP: e.IP, Browser: e.Browser, Success: e.Success}
	}
	return out, err
}
