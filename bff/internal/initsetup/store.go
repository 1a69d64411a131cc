package initsetup

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Store reads and writes settings.
type Store struct{ db *gorm.DB }

// NewStore uses g.
func NewStore(g *gorm.DB) *Store { return &Store{db: g} }

// Get returns a setting and whether it exists.
func (s *Store) Get(ctx context.Context, key string) (string, bool, error) {
	var st Setting
	err := s.db.WithContext(ctx).Where("k = ?", key).Take(&st).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return "", false, nil
	}
	return st.V, err == nil, err
}

// Set writes a setting (in tx when given, so it can join a larger change).
func (s *Store) Set(ctx context.Context, tx *gorm.DB, key, value string) error {
	if tx == nil {
		tx = s.db
	}
	return tx.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "k"}},
		DoUpdates: clause.AssignmentColumns([]string{"v", "update_time"}),
	}).Create(&Setting{K: key, V: value}).Error
}

// complete marks the system set up, uses up the setup token, saves the shop's settings and runs
// then (the superuser), in one transaction. Marking the system first, as a plain insert, lets
// only one of two concurrent set-ups through: the other fails on the key (ErrInitialized).
func (s *Store) complete(ctx context.Context, shop map[string]string, then func(tx *gorm.DB) error) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&Setting{K: KeyInitialized, V: "setup"}).Error; err != nil {
			if errors.Is(err, gorm.ErrDuplicatedKey) {
				return ErrInitialized
			}
			return err
		}
		// One use: the token goes with the set-up.
		if err := tx.Where("k = ?", KeySetupToken).Delete(&Setting{}).Error; err != nil {
			return err
		}
		for k, v := range shop {
			if err := s.Set(ctx, tx, k, v); err != nil {
				return err
			}
		}
		return then(tx)
	})
}
