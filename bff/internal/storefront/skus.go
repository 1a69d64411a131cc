package storefront

import (
	"context"

	"gorm.io/gorm"

	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/platform/money"
)

// Skus reads what a caller may sell: SKUs on sale of goods on sale, in one seller's scope.
type Skus struct {
	db *gorm.DB
}

// NewSkus reads g's goods_skus.
func NewSkus(g *gorm.DB) *Skus { return &Skus{db: g} }

// Sku is one SKU as the API shows it.
type Sku struct {
	Code      string
	GoodsName string
	Specs     []string `gorm:"serializer:json"`
	Price     money.Fen
	Stock     int64
}

// ByCodes returns the sellable SKUs among codes in the scope (the agency, nil: the shop's own).
func (s *Skus) ByCodes(ctx context.Context, scope *int64, codes []string) ([]Sku, error) {
	scopeID := int64(0)
	if scope != nil {
		scopeID = *scope
	}
	var out []Sku
	err := s.db.WithContext(ctx).Table("goods_skus AS s").Joins("JOIN goods AS g ON g.id = s.goods_id").
		Select("s.code, g.name AS goods_name, s.specs, s.price, s.stock").
		Where("s.scope_id = ? AND s.code IN ? AND s.on_sale = ? AND g.status = ?", scopeID, codes, true, goods.OnSale).
		Order("s.code").Scan(&out).Error
	return out, err
}
