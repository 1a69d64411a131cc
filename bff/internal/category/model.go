// Package category is 商品分类: the goods category tree (at most three levels, ordered, each
// enabled or not). Goods keep the category's code in goods.category, so the codes of the old
// goods_category dictionary stay valid and the goods' list indexes stay as they are.
package category

import "time"

// MaxDepth is the deepest level a category may sit at (a root is level 1).
const MaxDepth = 3

// Category is one node of the tree; ParentID 0 is a root.
type Category struct {
	ID         int64     `gorm:"primaryKey"`
	ParentID   int64     `gorm:"column:parent_id"`
	Name       string    `gorm:"column:name"`
	NameEn     string    `gorm:"column:name_en"` // shown in English mode; empty: Name
	Code       string    `gorm:"column:code"`
	Sort       int       `gorm:"column:sort"`
	Enabled    bool      `gorm:"column:enabled"`
	CreateTime time.Time `gorm:"autoCreateTime"`
	UpdateTime time.Time `gorm:"autoUpdateTime"`
}

func (Category) TableName() string { return "goods_categories" }
