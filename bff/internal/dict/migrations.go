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

func (dict20261121) TableName() string   { return "dict" }
func (detail20261121) TableName() string { return "dict_detail" }

// Migrations creates dictionaries and their entries.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261121_05_dict",
		Up: func(tx *gorm.DB) error { return tx.Migrator().CreateTable(&dict20261121{}, &detail20261121{}) },
	}}
}
