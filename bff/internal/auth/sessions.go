package auth

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"
)

// SessionStore keeps sessions: in the database by default, in Redis when configured. Expiry is
// judged by the caller's clock (now), so that it can be tested without waiting.
type SessionStore interface {
	Create(ctx context.Context, s Session) error
	// Lookup returns the session with the ID, expired or not, with at least UserID, Kind and
	// ExpiresAt filled in: it runs on every signed-in request, so it reads no more than that.
	Lookup(ctx context.Context, id string) (Session, bool, error)
	Delete(ctx context.Context, ids ...string) error
	// UpstreamToken is the relay upstream's token kept with the session ("" when none or gone).
	UpstreamToken(ctx context.Context, id string) (string, error)
	// List returns the sessions that have not expired at now.
	List(ctx context.Context, now time.Time) ([]Session, error)
	// Sweep removes the sessions that expired before now.
	Sweep(ctx context.Context, now time.Time) error
}

// SQLSessions keeps sessions in the sessions table. Lookup is on every signed-in request, so it
// runs a prepared statement on database/sql directly instead of going through gorm, and reads
// only the columns the check needs (the SQLite driver's cost grows with each column).
type SQLSessions struct {
	db  *gorm.DB
	get *sql.Stmt
}

// NewSQLSessions prepares the hot lookup on g.
func NewSQLSessions(ctx context.Context, g *gorm.DB) (*SQLSessions, error) {
	sqlDB, err := g.DB()
	if err != nil {
		return nil, err
	}
	stmt, err := sqlDB.PrepareContext(ctx,
		`SELECT user_id, kind, expires_at FROM sessions WHERE id = ?`)
	if err != nil {
		return nil, fmt.Errorf("preparing the session lookup: %w", err)
	}
	return &SQLSessions{db: g, get: stmt}, nil
}

func (s *SQLSessions) Create(ctx context.Context, sess Session) error {
	sess.LoginTime = sess.LoginTime.UTC()
	sess.ExpiresAt = sess.ExpiresAt.UTC()
	return s.db.WithContext(ctx).Create(&sess).Error
}

func (s *SQLSessions) Lookup(ctx context.Context, id string) (Session, bool, error) {
	sess := Session{ID: id}
	// Without cancellation: the SQLite driver watches a cancellable context with a goroutine per
	// query, which costs more than this primary-key lookup itself.
	err := s.get.QueryRowContext(context.WithoutCancel(ctx), id).Scan(&sess.UserID, &sess.Kind, &sess.ExpiresAt)
	if errors.Is(err, sql.ErrNoRows) {
		return Session{}, false, nil
	}
	if err != nil {
		return Session{}, false, err
	}
	return sess, true, nil
}

func (s *SQLSessions) Delete(ctx context.Context, ids ...string) error {
	if len(ids) == 0 {
		return nil
	}
	return s.db.WithContext(ctx).Where("id IN ?", ids).Delete(&Session{}).Error
}

func (s *SQLSessions) UpstreamToken(ctx context.Context, id string) (string, error) {
	var toks []string
	err := s.db.WithContext(ctx).Model(&Session{}).Where("id = ?", id).Limit(1).Pluck("upstream_token", &toks).Error
	if err != nil || len(toks) == 0 {
		return "", err
	}
	return toks[0], nil
}

func (s *SQLSessions) List(ctx context.Context, now time.Time) ([]Session, error) {
	var ss []Session
	err := s.db.WithContext(ctx).Where("expires_at > ?", now.UTC()).Order("login_time DESC, id").Find(&ss).Error
	return ss, err
}

func (s *SQLSessions) Sweep(ctx context.Context, now time.Time) error {
	return s.db.WithContext(ctx).Where("expires_at <= ?", now.UTC()).Delete(&Session{}).Error
}

// Close releases the prepared statement.
func (s *SQLSessions) Close() error { return s.get.Close() }

// RedisSessions keeps each session as JSON under prefix+"sess:"+id (expiring with it) and an
// index sorted set of IDs scored by expiry for listing.
type RedisSessions struct {
	rdb    redis.UniversalClient
	prefix string
}

// NewRedisSessions stores sessions under prefix (for example "bff:") in rdb.
func NewRedisSessions(rdb redis.UniversalClient, prefix string) *RedisSessions {
	return &RedisSessions{rdb: rdb, prefix: prefix}
}

func (s *RedisSessions) key(id string) string { return s.prefix + "sess:" + id }
func (s *RedisSessions) index() string        { return s.prefix + "sess:index" }

type redisSession struct {
	UserID    int64  `json:"u"`
	Kind      string `json:"k"`
	IP        string `json:"ip"`
	Browser   string `json:"b"`
	LoginTime int64  `json:"l"` // unix ms
	ExpiresAt int64  `json:"e"` // unix ms
	Upstream  string `json:"t,omitempty"`
}

func (s *RedisSessions) Create(ctx context.Context, sess Session) error {
	b, err := json.Marshal(redisSession{sess.UserID, sess.Kind, sess.IP, sess.Browser,
		sess.LoginTime.UnixMilli(), sess.ExpiresAt.UnixMilli(), sess.UpstreamToken})
	if err != nil {
		return err
	}
	_, err = s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		// Redis drops the key a minute after the session's lifetime (counted on its own clock);
		// the caller's clock decides first.
		p.Set(ctx, s.key(sess.ID), b, sess.ExpiresAt.Sub(sess.LoginTime)+time.Minute)
		p.ZAdd(ctx, s.index(), redis.Z{Score: float64(sess.ExpiresAt.UnixMilli()), Member: sess.ID})
		return nil
	})
	return err
}

func decodeSession(id string, b []byte) (Session, error) {
	var r redisSession
	if err := json.Unmarshal(b, &r); err != nil {
		return Session{}, err
	}
	return Session{ID: id, UserID: r.UserID, Kind: r.Kind, IP: r.IP, Browser: r.Browser,
		LoginTime: time.UnixMilli(r.LoginTime), ExpiresAt: time.UnixMilli(r.ExpiresAt), UpstreamToken: r.Upstream}, nil
}

func (s *RedisSessions) Lookup(ctx context.Context, id string) (Session, bool, error) {
	b, err := s.rdb.Get(ctx, s.key(id)).Bytes()
	if errors.Is(err, redis.Nil) {
		return Session{}, false, nil
	}
	if err != nil {
		return Session{}, false, err
	}
	sess, err := decodeSession(id, b)
	return sess, err == nil, err
}

func (s *RedisSessions) UpstreamToken(ctx context.Context, id string) (string, error) {
	sess, found, err := s.Lookup(ctx, id)
	if err != nil || !found {
		return "", err
	}
	return sess.UpstreamToken, nil
}

func (s *RedisSessions) Delete(ctx context.Context, ids ...string) error {
	if len(ids) == 0 {
		return nil
	}
	keys := make([]string, len(ids))
	members := make([]any, len(ids))
	for i, id := range ids {
		keys[i] = s.key(id)
		members[i] = id
	}
	_, err := s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.Del(ctx, keys...)
		p.ZRem(ctx, s.index(), members...)
		return nil
	})
	return err
}

func (s *RedisSessions) List(ctx context.Context, now time.Time) ([]Session, error) {
	ids, err := s.rdb.ZRangeByScore(ctx, s.index(), &redis.ZRangeBy{
		Min: fmt.Sprintf("(%d", now.UnixMilli()), Max: "+inf"}).Result()
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	keys := make([]string, len(ids))
	for i, id := range ids {
		keys[i] = s.key(id)
	}
	vals, err := s.rdb.MGet(ctx, keys...).Result()
	if err != nil {
		return nil, err
	}
	out := make([]Session, 0, len(ids))
	for i, v := range vals {
		str, ok := v.(string)
		if !ok {
			continue // gone since the index was read
		}
		sess, err := decodeSession(ids[i], []byte(str))
		if err != nil {
			return nil, err
		}
		out = append(out, sess)
	}
	return out, nil
}

func (s *RedisSessions) Sweep(ctx context.Context, now time.Time) error {
	max := fmt.Sprintf("%d", now.UnixMilli())
	ids, err := s.rdb.ZRangeByScore(ctx, s.index(), &redis.ZRangeBy{Min: "-inf", Max: max}).Result()
	if err != nil || len(ids) == 0 {
		return err
	}
	return s.Delete(ctx, ids...)
}
