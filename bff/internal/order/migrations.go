package order

import (
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// Tables as migration 20261123_41_order created them. Frozen.
//
// The list filters by status and agency over a creation range (the status tabs), and finds an
// order by number or by the customer's phone (prefix); docs/decisions.md "Goods and orders".
type (
	order20261123 struct {
		ID             int64  `gorm:"primaryKey;autoIncrement"`
		OrderNo        string `gorm:"size:32;not null;uniqueIndex:uk_orders_order_no"`
		CustomerName   string `gorm:"size:64;not null"`
		Phone          string `gorm:"size:32;not null;index:idx_orders_phone"`
		Address        string `gorm:"size:255;not null;default:''"`
		Amount         int64  `gorm:"not null"`
		Freight        int64  `gorm:"not null;default:0"`
		PayTime        *time.Time
		AgencyID       *int64 `gorm:"index:idx_orders_agency_status_create,priority:1"`
		Status         string `gorm:"size:16;not null;index:idx_orders_status_create,priority:1;index:idx_orders_agency_status_create,priority:2"`
		ExpressCompany string `gorm:"size:32;not null;default:''"`
		TrackingNo     string `gorm:"size:64;not null;default:''"`
		ShipTime       *time.Time
		Remark         string    `gorm:"size:500;not null;default:''"`
		CreateTime     time.Time `gorm:"not null;index:idx_orders_status_create,priority:2;index:idx_orders_agency_status_create,priority:3;index:idx_orders_create,priority:1"`
		UpdateTime     time.Time `gorm:"not null"`
	}
	orderItem20261123 struct {
		ID        int64         `gorm:"primaryKey;autoIncrement"`
		OrderID   int64         `gorm:"not null;index:idx_order_items_order"`
		Order     order20261123 `gorm:"foreignKey:OrderID;constraint:OnDelete:CASCADE"`
		GoodsID   int64         `gorm:"not null;index:idx_order_items_goods"`
		GoodsName string        `gorm:"size:128;not null"`
		UnitPrice int64         `gorm:"not null"`
		Quantity  int64         `gorm:"not null"`
	}
	orderHistory20261123 struct {
		ID         int64         `gorm:"primaryKey;autoIncrement"`
		OrderID    int64         `gorm:"not null;index:idx_order_history_order"`
		Order      order20261123 `gorm:"foreignKey:OrderID;constraint:OnDelete:CASCADE"`
		FromStatus string        `gorm:"size:16;not null;default:''"`
		ToStatus   string        `gorm:"size:16;not null"`
		Operator   string        `gorm:"size:64;not null"`
		Note       string        `gorm:"size:255;not null;default:''"`
		CreateTime time.Time     `gorm:"not null"`
	}
)

func (order20261123) TableName() string        { return "orders" }
func (orderItem20261123) TableName() string    { return "order_items" }
func (orderHistory20261123) TableName() string { return "order_history" }

// Migrations creates orders, their items and their status history.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261123_41_order",
		Up: func(tx *gorm.DB) error {
			return tx.Migrator().CreateTable(&order20261123{}, &orderItem20261123{}, &orderHistory20261123{})
		},
	}, {
		ID: "20261126_90_order_sorts",
		Up: sortIndexes20261126,
	}, {
		ID: "20261128_22_order_item_sku",
		Up: itemSku20261128,
	}, {
		ID: "20261128_40_order_phone_tail",
		Up: phoneTail20261128,
	}, {
		ID: "20261128_41_order_refunded",
		Up: refunded20261128,
	}, {
		ID: "20261128_54_order_deadlines",
		Up: deadlines20261128Up,
	}, {
		ID: "20261130_10_order_phone_head",
		Up: phoneHead20261130,
	}}
}

// sortIndexes20261126 serves the list's other sorts (amount, pay time), with and without a status
// tab, from an index: without them a sort by pay time over a creation range read and sorted every
// order in it (0.7–1 s each under load, queueing the pool; docs/figures.md "Load"). Like the goods
// list's, each index is (tab, sort field, id, create_time): the page's ids are read in order and
// the range is checked in the index. Frozen.
func sortIndexes20261126(tx *gorm.DB) error {
	for _, stmt := range []string{
		"CREATE INDEX idx_orders_status_amount ON orders (status, amount, id, create_time)",
		"CREATE INDEX idx_orders_status_pay ON orders (status, pay_time, id, create_time)",
		"CREATE INDEX idx_orders_amount ON orders (amount, id, create_time)",
		"CREATE INDEX idx_orders_pay ON orders (pay_time, id, create_time)",
	} {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// itemSku20261128 gives order lines the SKU they sold and its spec values as they read at the
// sale (颜色: 红 / 尺码: M). Lines sold before SKUs existed keep their goods and have none.
// Frozen.
func itemSku20261128(tx *gorm.DB) error {
	for _, stmt := range []string{
		"ALTER TABLE order_items ADD COLUMN sku_id BIGINT NULL",
		"ALTER TABLE order_items ADD COLUMN sku_code VARCHAR(64) NOT NULL DEFAULT ''",
		"ALTER TABLE order_items ADD COLUMN spec_text VARCHAR(255) NOT NULL DEFAULT ''",
		"CREATE INDEX idx_order_items_sku ON order_items (sku_id)",
	} {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// phoneTail20261128 lets the list find an order by the phone's last four digits (尾号), the part
// the masked list shows (138****1019), from an index: phone_tail is derived by the database, so
// no write path keeps it, and VIRTUAL adds it to a million rows without rewriting them. Frozen.
func phoneTail20261128(tx *gorm.DB) error {
	column := "ALTER TABLE orders ADD COLUMN phone_tail VARCHAR(4) GENERATED ALWAYS AS (substr(phone, -4)) VIRTUAL"
	if db.Dialect(tx) == db.MySQL {
		column = "ALTER TABLE orders ADD COLUMN phone_tail VARCHAR(4) AS (RIGHT(phone, 4)) VIRTUAL"
	}
	for _, stmt := range []string{column, "CREATE INDEX idx_orders_phone_tail ON orders (phone_tail)"} {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// phoneHead20261130 serves the four-digit phone filter (the number's start or its 尾号) a page at
// a time: phone_head is the number's first four digits, derived like phone_tail, and each of the
// two has an index that goes on in creation order, so that the newest matches of either side are
// read first (Store.Search) instead of merging every match of both and sorting them. The
// phone_tail index becomes a prefix of its successor and goes. Frozen.
func phoneHead20261130(tx *gorm.DB) error {
	column := "ALTER TABLE orders ADD COLUMN phone_head VARCHAR(4) GENERATED ALWAYS AS (substr(phone, 1, 4)) VIRTUAL"
	drop := "DROP INDEX idx_orders_phone_tail"
	if db.Dialect(tx) == db.MySQL {
		column = "ALTER TABLE orders ADD COLUMN phone_head VARCHAR(4) AS (LEFT(phone, 4)) VIRTUAL"
		drop += " ON orders"
	}
	for _, stmt := range []string{column,
		"CREATE INDEX idx_orders_phone_head ON orders (phone_head, create_time, id)",
		"CREATE INDEX idx_orders_phone_tail_create ON orders (phone_tail, create_time, id)",
		drop,
	} {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// refunded20261128 keeps what after-sales cases refunded on the order and on each line, so the
// caps of the next case and the list's 已退款 read one row, not every case. Frozen.
func refunded20261128(tx *gorm.DB) error {
	for _, stmt := range []string{
		"ALTER TABLE orders ADD COLUMN refunded BIGINT NOT NULL DEFAULT 0",
		"ALTER TABLE orders ADD COLUMN freight_refunded BIGINT NOT NULL DEFAULT 0",
		"ALTER TABLE order_items ADD COLUMN refunded BIGINT NOT NULL DEFAULT 0",
		"ALTER TABLE order_items ADD COLUMN refunded_qty BIGINT NOT NULL DEFAULT 0",
	} {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}
