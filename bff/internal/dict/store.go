package dict

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Store reads and writes dictionaries.
type Store struct{ db *gorm.DB }

// NewStore uses g.
func NewStore(g *gorm.DB) *Store { return &Store{db: g} }

// Entry is a value/label pair for Ensure.
type Entry struct{ Label, Value string }

// Ensure creates the dictionary when missing and adds the entries whose values it lacks
// (seeding); nothing that exists is changed.
func (s *Store) Ensure(ctx context.Context, name, description string, entries []Entry) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		d := Dict{Name: name, Description: description}
		err := tx.Where("name = ?", name).Take(&d).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			err = tx.Create(&d).Error
		}
		if err != nil {
			return err
		}
		for i, e := range entries {
			det := Detail{DictID: d.ID, Label: e.Label, Value: e.Value, Sort: i + 1}
			if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&det).Error; err != nil {
				return err
			}
		}
		return nil
	})
}

// Details returns a dictionary's entries in order.
func (s *Store) Details(ctx context.Context, name string) ([]Detail, error) {
	var ds []Detail
	err := s.db.WithContext(ctx).Joins("JOIN dict ON dict.id = dict_detail.dict_id").
		Where("dict.name = ?", name).Order("dict_detail.sort, dict_detail.id").Find(&ds).Error
	return ds, err
}
