package storefront

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/agency"
)

// Store reads and writes API clients (gorm only).
type Store struct {
	db *gorm.DB
}

// NewStore uses g (migrated).
func NewStore(g *gorm.DB) *Store { return &Store{db: g} }

// All returns every client, newest first (there are a handful: no paging in the database).
func (s *Store) All(ctx context.Context) ([]Client, error) {
	var cs []Client
	err := s.db.WithContext(ctx).Order("id DESC").Find(&cs).Error
	return cs, err
}

// ByID returns a client, ErrNotFound when there is none.
func (s *Store) ByID(ctx context.Context, id int64) (Client, error) {
	var c Client
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return c, ErrNotFound
	}
	return c, err
}

// ByClientID returns the client with the public id, found = false when there is none.
func (s *Store) ByClientID(ctx context.Context, clientID string) (Client, bool, error) {
	var c Client
	err := s.db.WithContext(ctx).Where("client_id = ?", clientID).Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return c, false, nil
	}
	return c, err == nil, err
}

// ByName returns the first client called name (the demo seed), found = false when none.
func (s *Store) ByName(ctx context.Context, name string) (Client, bool, error) {
	var c Client
	err := s.db.WithContext(ctx).Where("name = ?", name).Order("id").Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return c, false, nil
	}
	return c, err == nil, err
}

// Create inserts c.
func (s *Store) Create(ctx context.Context, c *Client) error {
	return s.db.WithContext(ctx).Create(c).Error
}

// SetSecret replaces an active client's sealed secret; false when it is not active (revoked
// meanwhile: a revoked client never gets a secret again).
func (s *Store) SetSecret(ctx context.Context, id int64, sealed, fingerprint string) (bool, error) {
	res := s.db.WithContext(ctx).Model(&Client{}).Where("id = ? AND status = ?", id, StatusActive).
		Updates(map[string]any{"secret_sealed": sealed, "fingerprint": fingerprint})
	return res.RowsAffected == 1, res.Error
}

// Revoke marks the client revoked at now (once: a second revoke keeps the first time).
func (s *Store) Revoke(ctx context.Context, id int64, now time.Time) error {
	return s.db.WithContext(ctx).Model(&Client{}).Where("id = ? AND status = ?", id, StatusActive).
		Updates(map[string]any{"status": StatusRevoked, "revoke_time": now}).Error
}

// Touch records a verified call at now, at most once a minute per client: the column is shown
// as 最近使用, and a write per request would only cost.
func (s *Store) Touch(ctx context.Context, id int64, now time.Time) error {
	return s.db.WithContext(ctx).Model(&Client{}).
		Where("id = ? AND (last_used_time IS NULL OR last_used_time < ?)", id, now.Add(-time.Minute)).
		UpdateColumn("last_used_time", now).Error
}

// AgencyNames names the agencies of clients.
func (s *Store) AgencyNames(ctx context.Context, cs []Client) (map[int64]string, error) {
	return agency.Names(ctx, s.db, agency.IDs(cs, func(c Client) *int64 { return c.AgencyID }))
}
