package notify

import (
	"context"
	"time"

	"gorm.io/gorm"
)

// row is a message as stored.
type row struct {
	ID         int64 `gorm:"primaryKey"`
	UserID     int64
	Type       string
	Title      string
	Body       string
	Link       string
	IsRead     bool
	CreateTime time.Time
	ReadTime   *time.Time
}

func (row) TableName() string { return "messages" }

func (r row) stored() Stored {
	return Stored{ID: r.ID, Type: r.Type, Title: r.Title, Body: r.Body, Link: r.Link, Read: r.IsRead,
		CreateTime: r.CreateTime, ReadTime: r.ReadTime}
}

// pref is a type one user turned off.
type pref struct {
	UserID int64 `gorm:"primaryKey;autoIncrement:false"`
	Type   string
}

func (pref) TableName() string { return "message_prefs" }

// Bounds of the store's statements: ids per IN list, rows per insert, rows per sweep.
const (
	inChunk     = 500
	insertBatch = 200
	sweepBatch  = 1000
)

// store is the gorm side of the service.
type store struct{ db *gorm.DB }

// chunks calls f with the ids inChunk at a time.
func chunks(ids []int64, f func([]int64) error) error {
	for len(ids) > 0 {
		n := min(len(ids), inChunk)
		if err := f(ids[:n]); err != nil {
			return err
		}
		ids = ids[n:]
	}
	return nil
}

// turnedOff returns those of users who turned the type off.
func (s store) turnedOff(ctx context.Context, typ string, users []int64) (map[int64]bool, error) {
	off := map[int64]bool{}
	err := chunks(users, func(ids []int64) error {
		var got []int64
		if err := s.db.WithContext(ctx).Model(&pref{}).Where("type = ? AND user_id IN ?", typ, ids).
			Pluck("user_id", &got).Error; err != nil {
			return err
		}
		for _, id := range got {
			off[id] = true
		}
		return nil
	})
	return off, err
}

// insert stores the rows in one transaction, filling in their ids.
func (s store) insert(ctx context.Context, rows []row) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return tx.CreateInBatches(&rows, insertBatch).Error
	})
}

// unreadCounts are the users' unread counts (absent: 0).
func (s store) unreadCounts(ctx context.Context, users []int64) (map[int64]int64, error) {
	out := map[int64]int64{}
	err := chunks(users, func(ids []int64) error {
		var got []struct {
			UserID int64
			N      int64
		}
		if err := s.db.WithContext(ctx).Model(&row{}).Select("user_id, COUNT(*) AS n").
			Where("user_id IN ? AND is_read = ?", ids, false).Group("user_id").Scan(&got).Error; err != nil {
			return err
		}
		for _, g := range got {
			out[g.UserID] = g.N
		}
		return nil
	})
	return out, err
}

// Filter narrows a user's list.
type Filter struct {
	Type string // "": every type
	Read *bool  // nil: read and unread
}

func (s store) list(ctx context.Context, userID int64, f Filter, offset, limit int) ([]Stored, int64, error) {
	q := s.db.WithContext(ctx).Model(&row{}).Where("user_id = ?", userID)
	if f.Type != "" {
		q = q.Where("type = ?", f.Type)
	}
	if f.Read != nil {
		q = q.Where("is_read = ?", *f.Read)
	}
	var n int64
	if err := q.Count(&n).Error; err != nil {
		return nil, 0, err
	}
	var rows []row
	if err := q.Order("id DESC").Offset(offset).Limit(limit).Find(&rows).Error; err != nil {
		return nil, 0, err
	}
	out := make([]Stored, len(rows))
	for i, r := range rows {
		out[i] = r.stored()
	}
	return out, n, nil
}

// since returns the user's messages after id, oldest first, at most limit.
func (s store) since(ctx context.Context, userID, after int64, limit int) ([]Stored, error) {
	var rows []row
	if err := s.db.WithContext(ctx).Where("user_id = ? AND id > ?", userID, after).Order("id").Limit(limit).
		Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]Stored, len(rows))
	for i, r := range rows {
		out[i] = r.stored()
	}
	return out, nil
}

// markRead marks the user's messages read: those of ids, or all with all.
func (s store) markRead(ctx context.Context, userID int64, ids []int64, all bool, now time.Time) (int64, error) {
	q := s.db.WithContext(ctx).Model(&row{}).Where("user_id = ? AND is_read = ?", userID, false)
	if !all {
		if len(ids) == 0 {
			return 0, nil
		}
		q = q.Where("id IN ?", ids)
	}
	res := q.Updates(map[string]any{"is_read": true, "read_time": now})
	return res.RowsAffected, res.Error
}

func (s store) prefs(ctx context.Context, userID int64) ([]string, error) {
	var off []string
	err := s.db.WithContext(ctx).Model(&pref{}).Where("user_id = ?", userID).Order("type").Pluck("type", &off).Error
	return off, err
}

func (s store) setPrefs(ctx context.Context, userID int64, off []string) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("user_id = ?", userID).Delete(&pref{}).Error; err != nil {
			return err
		}
		if len(off) == 0 {
			return nil
		}
		rows := make([]pref, len(off))
		for i, t := range off {
			rows[i] = pref{UserID: userID, Type: t}
		}
		return tx.Create(&rows).Error
	})
}

// sweep deletes at most sweepBatch messages created before the time, oldest first: a bounded
// statement the retention job repeats, so no run holds a long lock.
func (s store) sweep(ctx context.Context, before time.Time) (int64, error) {
	var ids []int64
	if err := s.db.WithContext(ctx).Model(&row{}).Where("create_time < ?", before).Order("create_time").
		Limit(sweepBatch).Pluck("id", &ids).Error; err != nil || len(ids) == 0 {
		return 0, err
	}
	res := s.db.WithContext(ctx).Where("id IN ?", ids).Delete(&row{})
	return res.RowsAffected, res.Error
}
