package kv

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// SQL keeps entries in the kv_entries table. Expiry is a unix-millisecond column compared with
// the injected clock; the statements are written per dialect because upserts differ.
type SQL struct {
	db    *gorm.DB
	mysql bool
	now   func() time.Time
}

// NewSQL uses g (migrated) and the clock now.
func NewSQL(g *gorm.DB, now func() time.Time) *SQL {
	return &SQL{db: g, mysql: db.Dialect(g) == db.MySQL, now: now}
}

const maxValueLen = 255

func check(key, value string) error {
	if key == "" || len(key) > MaxKeyLen {
		return fmt.Errorf("kv: key length %d out of range", len(key))
	}
	if len(value) > maxValueLen {
		return fmt.Errorf("kv: value of %d bytes is too long", len(value))
	}
	return nil
}

func (s *SQL) ms(d time.Duration) (now, until int64) {
	t := s.now()
	return t.UnixMilli(), t.Add(d).UnixMilli()
}

func (s *SQL) Put(ctx context.Context, key, value string, ttl time.Duration) error {
	if err := check(key, value); err != nil {
		return err
	}
	_, until := s.ms(ttl)
	q := `INSERT INTO kv_entries (k, v, n, expires_at) VALUES (?, ?, 0, ?)
		ON CONFLICT (k) DO UPDATE SET v = excluded.v, n = 0, expires_at = excluded.expires_at`
	if s.mysql {
		q = `INSERT INTO kv_entries (k, v, n, expires_at) VALUES (?, ?, 0, ?)
			ON DUPLICATE KEY UPDATE v = VALUES(v), n = 0, expires_at = VALUES(expires_at)`
	}
	return s.db.WithContext(ctx).Exec(q, key, value, until).Error
}

func (s *SQL) PutNew(ctx context.Context, key, value string, ttl time.Duration) (bool, error) {
	if err := check(key, value); err != nil {
		return false, err
	}
	now, until := s.ms(ttl)
	q := `INSERT INTO kv_entries (k, v, n, expires_at) VALUES (?, ?, 0, ?)
		ON CONFLICT (k) DO UPDATE SET v = excluded.v, n = 0, expires_at = excluded.expires_at
		WHERE kv_entries.expires_at <= ?`
	if s.mysql {
		// MySQL applies the assignments left to right, each seeing the ones before it, so the
		// expiry test must read the old expires_at: it is assigned last. Affected rows: 1 insert,
		// 2 update, 0 unchanged (a live value was there).
		q = `INSERT INTO kv_entries (k, v, n, expires_at) VALUES (?, ?, 0, ?)
			ON DUPLICATE KEY UPDATE
			v = IF(expires_at <= ?, VALUES(v), v),
			n = IF(expires_at <= ?, 0, n),
			expires_at = IF(expires_at <= ?, VALUES(expires_at), expires_at)`
		res := s.db.WithContext(ctx).Exec(q, key, value, until, now, now, now)
		return res.RowsAffected > 0, res.Error
	}
	res := s.db.WithContext(ctx).Exec(q, key, value, until, now)
	return res.RowsAffected > 0, res.Error
}

func (s *SQL) Take(ctx context.Context, key string) (string, bool, error) {
	var row struct {
		V         string
		ExpiresAt int64
	}
	err := s.db.WithContext(ctx).Raw(`SELECT v, expires_at FROM kv_entries WHERE k = ?`, key).Row().Scan(&row.V, &row.ExpiresAt)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	// Whoever deletes the row owns the value; a concurrent taker deletes nothing.
	res := s.db.WithContext(ctx).Exec(`DELETE FROM kv_entries WHERE k = ? AND v = ? AND expires_at = ?`, key, row.V, row.ExpiresAt)
	if res.Error != nil {
		return "", false, res.Error
	}
	if res.RowsAffected != 1 || row.ExpiresAt <= s.now().UnixMilli() {
		return "", false, nil
	}
	return row.V, true, nil
}

func (s *SQL) Incr(ctx context.Context, key string, ttl time.Duration) (int64, error) {
	if err := check(key, ""); err != nil {
		return 0, err
	}
	now, until := s.ms(ttl)
	var n int64
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		q := `INSERT INTO kv_entries (k, v, n, expires_at) VALUES (?, '', 1, ?)
			ON CONFLICT (k) DO UPDATE SET
			n = CASE WHEN kv_entries.expires_at <= ? THEN 1 ELSE kv_entries.n + 1 END,
			expires_at = excluded.expires_at`
		if s.mysql {
			q = `INSERT INTO kv_entries (k, v, n, expires_at) VALUES (?, '', 1, ?)
				ON DUPLICATE KEY UPDATE n = IF(expires_at <= ?, 1, n + 1), expires_at = VALUES(expires_at)`
		}
		if err := tx.Exec(q, key, until, now).Error; err != nil {
			return err
		}
		return tx.Raw(`SELECT n FROM kv_entries WHERE k = ?`, key).Row().Scan(&n)
	})
	return n, err
}

func (s *SQL) Count(ctx context.Context, key string) (int64, time.Time, error) {
	var n, exp int64
	err := s.db.WithContext(ctx).Raw(`SELECT n, expires_at FROM kv_entries WHERE k = ? AND expires_at > ?`,
		key, s.now().UnixMilli()).Row().Scan(&n, &exp)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, time.Time{}, nil
	}
	if err != nil {
		return 0, time.Time{}, err
	}
	return n, time.UnixMilli(exp), nil
}

func (s *SQL) Delete(ctx context.Context, key string) error {
	return s.db.WithContext(ctx).Exec(`DELETE FROM kv_entries WHERE k = ?`, key).Error
}

func (s *SQL) Sweep(ctx context.Context) error {
	return s.db.WithContext(ctx).Exec(`DELETE FROM kv_entries WHERE expires_at <= ?`, s.now().UnixMilli()).Error
}
