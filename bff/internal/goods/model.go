// Package goods holds the shop's goods (商品管理): what is sold, at what price, how many are in
// stock, and whether it is on sale.
package goods

import (
	"time"

	"mallconsole/bff/internal/platform/money"
)

// Statuses of a goods row.
const (
	Draft   = "draft"    // 草稿
	OnSale  = "on_sale"  // 在售
	OffSale = "off_sale" // 已下架
)

// LowStock is the stock under which goods on sale need restocking (库存预警): the dashboard
// counts them and the list's lowStock filter shows them (docs/decisions.md "Dashboard").
const LowStock = 10

// Goods is one article of the shop.
type Goods struct {
	ID       int64 `gorm:"primaryKey"`
	Name     string
	Code     string
	Category string // code of a category (package category)
	Price    money.Fen
	Cost     money.Fen
	Stock    int64
	Status   string
	// GroundingTime is when it last went on sale (上架时间); nil while it never has.
	GroundingTime *time.Time
	AgencyID      *int64 // the channel agency that sells it; nil: the shop's own
	MainPicture   string
	Gallery       []string  `gorm:"serializer:json"`
	Description   string    // cleaned HTML
	CreateTime    time.Time `gorm:"autoCreateTime"`
	UpdateTime    time.Time `gorm:"autoUpdateTime"`
}

func (Goods) TableName() string { return "goods" }
