// Package dict holds dictionaries: named lists of value/label pairs that fill dropdowns.
package dict

import "time"

// Dict is a named dictionary.
type Dict struct {
	ID          int64 `gorm:"primaryKey"`
	Name        string
	Description string
	CreateTime  time.Time `gorm:"autoCreateTime"`
	UpdateTime  time.Time `gorm:"autoUpdateTime"`
}

func (Dict) TableName() string { return "dict" }

// Detail is one entry of a dictionary.
type Detail struct {
	ID         int64 `gorm:"primaryKey"`
	DictID     int64
	Label      string
	LabelEn    string // English label, "" when none: the client falls back to Label
	Value      string
	Sort       int
	CreateTime time.Time `gorm:"autoCreateTime"`
	UpdateTime time.Time `gorm:"autoUpdateTime"`
}

func (Detail) TableName() string { return "dict_detail" }
