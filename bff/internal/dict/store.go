package dict

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"gorm.io/gorm/clause"
	"mallconsole/bff/internal/platform/db"
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

// Search returns a page of dictionaries (name or description contains blurry).
func (s *Store) Search(ctx context.Context, blurry string, offset, limit int) ([]Dict, int64, error) {
	tx := s.db.WithContext(ctx).Model(&Dict{})
	if blurry != "" {
		like := "%" + blurry + "%"
		tx = tx.Where("name LIKE ? OR description LIKE ?", like, like)
	}
	return db.Paged[Dict](tx, "id", offset, limit)
}

// ErrDuplicate is returned for a taken dictionary name or entry value.
var ErrDuplicate = gorm.ErrDuplicatedKey

// SaveDict creates (ID 0) or updates a dictionary.
func (s *Store) SaveDict(ctx context.Context, d *Dict) error {
	if d.ID == 0 {
		return s.db.WithContext(ctx).Create(d).Error
	}
	return s.db.WithContext(ctx).Model(&Dict{ID: d.ID}).Select("name", "description", "update_time").Updates(d).Error
}

// DeleteDicts removes dictionaries with their entries.
func (s *Store) DeleteDicts(ctx context.Context, ids []int64) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("dict_id IN ?", ids).Delete(&Detail{}).Error; err != nil {
			return err
		}
		return tx.Where("id IN ?", ids).Delete(&Dict{}).Error
	})
}

// DictByID finds a dictionary.
func (s *Store) DictByID(ctx context.Context, id int64) (Dict, bool, error) {
	var d Dict
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&d).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return Dict{}, false, nil
	}
	return d, err == nil, err
}

// DetailPage returns a page of a dictionary's entries in order, and the total.
func (s *Store) DetailPage(ctx context.Context, name string, offset, limit int) ([]Detail, int64, error) {
	tx := s.db.WithContext(ctx).Model(&Detail{}).Joins("JOIN dict ON dict.id = dict_detail.dict_id").
		Where("dict.name = ?", name)
	return db.Paged[Detail](tx, "dict_detail.sort, dict_detail.id", offset, limit)
}

// SaveDetail creates (ID 0) or updates an entry.
func (s *Store) SaveDetail(ctx context.Context, d *Detail) error {
	if d.ID == 0 {
		return s.db.WithContext(ctx).Create(d).Error
	}
	res := s.db.WithContext(ctx).Model(&Detail{ID: d.ID}).Select("dict_id", "label", "value", "sort", "update_time").Updates(d)
	return res.Error
}

// DetailExists tells whether an entry exists.
func (s *Store) DetailExists(ctx context.Context, id int64) (bool, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&Detail{}).Where("id = ?", id).Count(&n).Error
	return n > 0, err
}

// DeleteDetail removes an entry.
func (s *Store) DeleteDetail(ctx context.Context, id int64) error {
	return s.db.WithContext(ctx).Where("id = ?", id).Delete(&Detail{}).Error
}
