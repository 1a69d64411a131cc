package category

import (
	"errors"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// category20261128 is goods_categories as migration 20261128_31_category created it. Frozen.
type category20261128 struct {
	ID         int64     `gorm:"primaryKey;autoIncrement"`
	ParentID   int64     `gorm:"not null;default:0;index:idx_goods_categories_parent"`
	Name       string    `gorm:"size:64;not null"`
	NameEn     string    `gorm:"size:64;not null;default:''"`
	Code       string    `gorm:"size:64;not null;uniqueIndex:uk_goods_categories_code"`
	Sort       int       `gorm:"not null;default:999"`
	Enabled    bool      `gorm:"not null;default:true"`
	CreateTime time.Time `gorm:"not null"`
	UpdateTime time.Time `gorm:"not null"`
}

func (category20261128) TableName() string { return "goods_categories" }

// dictEntry20261128 is an entry of the goods_category dictionary as this migration reads it.
// Frozen.
type dictEntry20261128 struct {
	Label   string
	LabelEn string
	Value   string
	Sort    int
}

// codeMax20261128 is the longest code (goods.category is 64 characters): an entry with a longer
// value can be on no goods, so it is not copied. Frozen.
const codeMax20261128 = 64

// Migrations creates the category tree and fills it from the goods_category dictionary.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261128_31_category",
		Up: func(tx *gorm.DB) error {
			if err := tx.Migrator().CreateTable(&category20261128{}); err != nil {
				return err
			}
			return copyDictionary20261128(tx)
		},
	}}
}

// copyDictionary20261128 makes every entry of the goods_category dictionary a root category:
// code = value (so goods.category keeps pointing at it), name = label (and the English label),
// sort = the entry's sort.
// The dictionary rows stay; nothing reads them any more. Frozen.
func copyDictionary20261128(tx *gorm.DB) error {
	var entries []dictEntry20261128
	err := tx.Table("dict_detail").Select("dict_detail.label, dict_detail.label_en, dict_detail.value, dict_detail.sort").
		Joins("JOIN dict ON dict.id = dict_detail.dict_id").Where("dict.name = ?", "goods_category").
		Order("dict_detail.sort, dict_detail.id").Scan(&entries).Error
	if err != nil {
		return err
	}
	now := time.Now().UTC().Truncate(time.Millisecond)
	for _, e := range entries {
		if e.Value == "" || len([]rune(e.Value)) > codeMax20261128 {
			continue
		}
		name := cut20261128(e.Label, 64)
		if name == "" {
			name = e.Value
		}
		row := category20261128{Name: name, NameEn: cut20261128(e.LabelEn, 64), Code: e.Value, Sort: e.Sort, Enabled: true, CreateTime: now, UpdateTime: now}
		if err := tx.Create(&row).Error; err != nil && !errors.Is(err, gorm.ErrDuplicatedKey) {
			return err
		}
	}
	return nil
}

// cut20261128 is s cut to n characters. Frozen.
func cut20261128(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}
