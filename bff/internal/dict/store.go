package dict

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"mallconsole/bff/internal/platform/db"
)

// Store reads and writes dictionaries. It knows gorm and nothing of HTTP; a taken unique key
// comes back as the service's ErrNameConflict or ErrValueConflict.
type Store struct {
	db  *gorm.DB
	mem *memory // Remember; nil: every read reads
}

// NewStore uses g.
func NewStore(g *gorm.DB) *Store { return &Store{db: g} }

// Entry is a value/label pair for Ensure, with its English label.
type Entry struct{ Label, LabelEn, Value string }

// Ensure creates the dictionary when missing and adds the entries whose values it lacks
// (seeding); nothing that exists is changed.
func (s *Store) Ensure(ctx context.Context, name, description string, entries []Entry) error {
	defer s.forget()
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
			det := Detail{DictID: d.ID, Label: e.Label, LabelEn: e.LabelEn, Value: e.Value, Sort: i + 1}
			if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&det).Error; err != nil {
				return err
			}
		}
		return nil
	})
}

// Details returns a dictionary's entries in order.
func (s *Store) Details(ctx context.Context, name string) ([]Detail, error) {
	return s.rememberedDetails(ctx, name)
}

func (s *Store) readDetails(ctx context.Context, name string) ([]Detail, error) {
	var ds []Detail
	err := s.db.WithContext(ctx).Joins("JOIN dict ON dict.id = dict_detail.dict_id").
		Where("dict.name = ?", name).Order("dict_detail.sort, dict_detail.id").Find(&ds).Error
	return ds, err
}

// Search returns a page of dictionaries (name or description contains blurry).
func (s *Store) Search(ctx context.Context, blurry string, offset, limit int) ([]Dict, int64, error) {
	tx := s.db.WithContext(ctx).Model(&Dict{})
	tx = db.AnyLike(tx, blurry, "name", "description")
	return db.Paged[Dict](tx, "id", offset, limit)
}

// EachDict hands the dictionaries Search finds (ids, when not nil, only those) to fn in the
// list's order: the export.
func (s *Store) EachDict(ctx context.Context, blurry string, ids []int64, fn func(Dict) error) error {
	tx := db.AnyLike(s.db.WithContext(ctx).Model(&Dict{}), blurry, "name", "description")
	if ids != nil {
		tx = tx.Where("id IN ?", ids)
	}
	return db.Each(tx, "id", fn)
}

// EachDetail hands the entries DetailPage lists (ids, when not nil, only those) to fn in the
// list's order: the export.
func (s *Store) EachDetail(ctx context.Context, name string, ids []int64, fn func(Detail) error) error {
	tx := s.db.WithContext(ctx).Model(&Detail{}).Joins("JOIN dict ON dict.id = dict_detail.dict_id").
		Where("dict.name = ?", name)
	if ids != nil {
		tx = tx.Where("dict_detail.id IN ?", ids)
	}
	return db.Each(tx, "dict_detail.sort, dict_detail.id", fn)
}

// SaveDict creates (ID 0) or updates a dictionary; a taken name is ErrNameConflict.
func (s *Store) SaveDict(ctx context.Context, d *Dict) error {
	defer s.forget()
	var err error
	if d.ID == 0 {
		err = s.db.WithContext(ctx).Create(d).Error
	} else {
		err = s.db.WithContext(ctx).Model(&Dict{ID: d.ID}).Select("name", "description", "update_time").Updates(d).Error
	}
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return ErrNameConflict
	}
	return err
}

// DeleteDicts removes dictionaries with their entries.
func (s *Store) DeleteDicts(ctx context.Context, ids []int64) error {
	defer s.forget()
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("dict_id IN ?", ids).Delete(&Detail{}).Error; err != nil {
			return err
		}
		return tx.Where("id IN ?", ids).Delete(&Dict{}).Error
	})
}

// DictExists tells whether a dictionary exists.
func (s *Store) DictExists(ctx context.Context, id int64) (bool, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&Dict{}).Where("id = ?", id).Count(&n).Error
	return n > 0, err
}

// DetailPage returns a page of a dictionary's entries in order, and the total.
func (s *Store) DetailPage(ctx context.Context, name string, offset, limit int) ([]Detail, int64, error) {
	return s.rememberedPage(ctx, name, offset, limit)
}

func (s *Store) readPage(ctx context.Context, name string, offset, limit int) ([]Detail, int64, error) {
	tx := s.db.WithContext(ctx).Model(&Detail{}).Joins("JOIN dict ON dict.id = dict_detail.dict_id").
		Where("dict.name = ?", name)
	return db.Paged[Detail](tx, "dict_detail.sort, dict_detail.id", offset, limit)
}

// SaveDetail creates (ID 0) or updates an entry; a value taken in its dictionary is
// ErrValueConflict.
func (s *Store) SaveDetail(ctx context.Context, d *Detail) error {
	defer s.forget()
	var err error
	if d.ID == 0 {
		err = s.db.WithContext(ctx).Create(d).Error
	} else {
		err = s.db.WithContext(ctx).Model(&Detail{ID: d.ID}).Select("dict_id", "label", "label_en", "value", "sort", "update_time").Updates(d).Error
	}
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return ErrValueConflict
	}
	return err
}

// DetailExists tells whether an entry exists.
func (s *Store) DetailExists(ctx context.Context, id int64) (bool, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&Detail{}).Where("id = ?", id).Count(&n).Error
	return n > 0, err
}

// DeleteDetail removes an entry.
func (s *Store) DeleteDetail(ctx context.Context, id int64) error {
	defer s.forget()
	return s.db.WithContext(ctx).Where("id = ?", id).Delete(&Detail{}).Error
}

// FillLabelEn gives the named dictionary's entries their English labels where they have none and
// still carry the seeded label: an entry an administrator relabelled keeps its words.
func (s *Store) FillLabelEn(ctx context.Context, name string, entries []Entry) error {
	defer s.forget()
	for _, e := range entries {
		err := s.db.WithContext(ctx).Model(&Detail{}).
			Where("dict_id IN (?) AND value = ? AND label = ? AND label_en = ''",
				s.db.Model(&Dict{}).Select("id").Where("name = ?", name), e.Value, e.Label).
			Update("label_en", e.LabelEn).Error
		if err != nil {
			return err
		}
	}
	return nil
}
