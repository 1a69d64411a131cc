package dict

import (
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// Tables as migration 20261121_05_dict created them. Frozen.
type (
	dict20261121 struct {
		ID          int64     `gorm:"primaryKey;autoIncrement"`
		Name        string    `gorm:"size:64;not null;uniqueIndex:uk_dict_name"`
		Description string    `gorm:"size:255;not null;default:''"`
		CreateTime  time.Time `gorm:"not null"`
		UpdateTime  time.Time `gorm:"not null"`
	}
	detail20261121 struct {
		ID         int64        `gorm:"primaryKey;autoIncrement"`
		DictID     int64        `gorm:"not null;uniqueIndex:uk_dict_detail_value,priority:1"`
		Dict       dict20261121 `gorm:"foreignKey:DictID;constraint:OnDelete:CASCADE"`
		Label      string       `gorm:"size:255;not null"`
		Value      string       `gorm:"size:255;not null;uniqueIndex:uk_dict_detail_value,priority:2"`
		Sort       int          `gorm:"not null;default:999"`
		CreateTime time.Time    `gorm:"not null"`
		UpdateTime time.Time    `gorm:"not null"`
	}
)

// detailLabelEn20261126 is the column migration 20261126_95_dict_label_en added: an entry's
// optional English label, shown in English mode (empty: the label). Frozen.
type detailLabelEn20261126 struct {
	LabelEn string `gorm:"size:255;not null;default:''"`
}

func (dict20261121) TableName() string          { return "dict" }
func (detail20261121) TableName() string        { return "dict_detail" }
func (detailLabelEn20261126) TableName() string { return "dict_detail" }

// Migrations creates dictionaries and their entries, then the entries' English label.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261121_05_dict",
		Up: func(tx *gorm.DB) error { return tx.Migrator().CreateTable(&dict20261121{}, &detail20261121{}) },
	}, {
		ID: "20261126_95_dict_label_en",
		Up: func(tx *gorm.DB) error { return tx.Migrator().AddColumn(&detailLabelEn20261126{}, "LabelEn") },
	}}
}
