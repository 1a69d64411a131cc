package stock

import (
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// entry20261128 is stock_ledger as migration 20261128_21_stock_ledger created it. Frozen.
//
// The ledger page reads a SKU's rows newest first, or a seller's (a channel) or the shop's over a
// time range, by reason; an order's rows come by its number.
type entry20261128 struct {
	ID         int64     `gorm:"primaryKey;autoIncrement"`
	SkuID      int64     `gorm:"not null;index:idx_stock_ledger_sku,priority:1"`
	GoodsID    int64     `gorm:"not null"`
	ScopeID    int64     `gorm:"not null;default:0;index:idx_stock_ledger_scope_time,priority:1"`
	SkuCode    string    `gorm:"size:64;not null"`
	Delta      int64     `gorm:"not null"`
	Balance    int64     `gorm:"not null"`
	Reason     string    `gorm:"size:32;not null;index:idx_stock_ledger_reason_time,priority:1"`
	OrderNo    string    `gorm:"size:32;not null;default:'';index:idx_stock_ledger_order"`
	LineKey    *string   `gorm:"size:96;uniqueIndex:uk_stock_ledger_line"`
	Operator   string    `gorm:"size:64;not null;default:''"`
	Note       string    `gorm:"size:255;not null;default:''"`
	CreateTime time.Time `gorm:"not null;index:idx_stock_ledger_sku,priority:2;index:idx_stock_ledger_scope_time,priority:2;index:idx_stock_ledger_reason_time,priority:2;index:idx_stock_ledger_time"`
}

func (entry20261128) TableName() string { return "stock_ledger" }

// Migrations creates the ledger, and books every SKU's stock at the time as its opening row, so
// that stock = the sum of the ledger holds from the first day.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261128_21_stock_ledger",
		Up: func(tx *gorm.DB) error {
			if err := tx.Migrator().CreateTable(&entry20261128{}); err != nil {
				return err
			}
			return tx.Exec("INSERT INTO stock_ledger (sku_id, goods_id, scope_id, sku_code, delta, balance, reason, order_no, operator, note, create_time) " +
				"SELECT id, goods_id, scope_id, code, stock, stock, 'opening', '', 'system', '', update_time FROM goods_skus").Error
		},
	}, {
		ID: "20261128_55_sku_low_alerted",
		Up: lowAlerted20261128,
	}}
}

// skuAlert20261128 is the column migration 20261128_55_sku_low_alerted added to goods_skus. Frozen.
type skuAlert20261128 struct {
	LowAlerted bool `gorm:"not null;default:false"`
}

func (skuAlert20261128) TableName() string { return "goods_skus" }

// lowAlerted20261128 remembers, per SKU, that its low-stock alert went out, so it goes out once
// per fall under the threshold (alerts.go). SKUs low already when it runs are alerted once.
// Frozen.
func lowAlerted20261128(tx *gorm.DB) error {
	return tx.Migrator().AddColumn(&skuAlert20261128{}, "LowAlerted")
}
