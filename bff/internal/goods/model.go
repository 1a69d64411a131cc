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

// Goods is one article of the shop.
type Goods struct {
	ID       int64 `gorm:"primaryKey"`
	Name     string
	Code     string
	Category string // code of a category (package category)
	// Specs are the spec dimensions (颜色, 尺码, …); none for goods sold as one SKU.
	Specs SpecList
	// Price is the lowest SKU price and MaxPrice the highest (the list's price range).
	Price    money.Fen
	MaxPrice money.Fen
	Cost     money.Fen // the first SKU's cost (the list shows no cost range)
	// Stock is the sum of the SKUs' stock and LowSkus the number of on-sale SKUs at or under
	// their threshold (库存预警): both kept by stock.Apply with every move.
	Stock   int64
	LowSkus int64
	Status  string
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
