package audit

import (
	"context"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
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
	Blurry        string // in user name, path or IP
	Username      string // exact
	Action        string // part of the action's name
	Success       *bool
	From, To      *time.Time
	Offset, Limit int
	IDs           []int64 // the export's selection; nil: every entry
}

// Search returns a page of entries, newest first, and the total.
func (s *Store) Search(ctx context.Context, q Query) ([]Entry, int64, error) {
	return db.Paged[Entry](s.where(ctx, q), "id DESC", q.Offset, q.Limit)
}

// Each hands every entry that matches q (q.IDs, when given, only those) to fn, newest first as
// the list shows them, through one cursor: the export.
func (s *Store) Each(ctx context.Context, q Query, fn func(Entry) error) error {
	tx := s.where(ctx, q)
	if q.IDs != nil {
		tx = tx.Where("id IN ?", q.IDs)
	}
	return db.Each(tx, "id DESC", fn)
}

func (s *Store) where(ctx context.Context, q Query) *gorm.DB {
	tx := s.db.WithContext(ctx).Model(&Entry{})
	tx = db.AnyLike(tx, q.Blurry, "username", "path", "ip", "action")
	tx = db.AnyLike(tx, q.Action, "action")
	if q.Username != "" {
		tx = tx.Where("username = ?", q.Username)
	}
	if q.Success != nil {
		tx = tx.Where("success = ?", *q.Success)
	}
	if q.From != nil {
		tx = tx.Where("create_time >= ?", *q.From)
	}
	if q.To != nil {
		tx = tx.Where("create_time <= ?", *q.To)
	}
	return tx
}

// DeleteBefore removes entries recorded before t.
func (s *Store) DeleteBefore(ctx context.Context, t time.Time) error {
	return s.db.WithContext(ctx).Where("create_time < ?", t).Delete(&Entry{}).Error
}

// Latest returns the user's last limit entries on the routes, newest first.
func (s *Store) Latest(ctx context.Context, username string, routes []string, limit int) ([]Entry, error) {
	var es []Entry
	err := s.db.WithContext(ctx).Where("username = ? AND route IN ?", username, routes).
		Order("id DESC").Limit(limit).Find(&es).Error
	return es, err
}
