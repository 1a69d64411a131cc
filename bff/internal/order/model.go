// Package order holds the shop's orders (订单管理): what a customer bought, where it goes, and
// the order's way through its statuses (machine.go), each move kept in its history.
package order

import (
	"time"

	"mallconsole/bff/internal/platform/money"
)

// Order is one customer order.
type Order struct {
	ID             int64 `gorm:"primaryKey"`
	OrderNo        string
	CustomerName   string
	Phone          string
	Address        string
	Amount         money.Fen // the items' total plus the freight
	Freight        money.Fen
	PayTime        *time.Time
	AgencyID       *int64 // the channel agency that sold it; nil: the shop itself
	Status         string
	ExpressCompany string // value of the express_company dictionary, once shipped
	TrackingNo     string
	ShipTime       *time.Time
	Remark         string
	// Refunded is what after-sales cases gave back (freight included), FreightRefunded the
	// freight among it; never above Amount (docs/aftersale.md).
	Refunded        money.Fen
	FreightRefunded money.Fen
	// The deadlines the order rules (订单设置) gave when the order was made, shipped and
	// completed; nil on orders from before them, which the jobs leave alone (deadlines.go).
	PayDeadline     *time.Time
	AutoCompleteAt  *time.Time
	AftersaleUntil  *time.Time
	AftersaleClosed bool      // the after-sales window job closed it
	CreateTime      time.Time `gorm:"autoCreateTime"`
	UpdateTime      time.Time `gorm:"autoUpdateTime"`
}

func (Order) TableName() string { return "orders" }

// Item is one line of an order. Name and unit price are copied from the goods when the order is
// made, so a later rename, price change or deletion of the goods leaves the order as it was.
type Item struct {
	ID        int64 `gorm:"primaryKey"`
	OrderID   int64
	GoodsID   int64
	SkuID     *int64 // nil for lines sold before SKUs
	SkuCode   string
	SpecText  string // the SKU's spec values as they read at the sale
	GoodsName string
	UnitPrice money.Fen
	Quantity  int64
	// Refunded is what after-sales cases gave back for this line, RefundedQty the units they
	// covered; the order is 已退款 when every line's RefundedQty is its Quantity.
	Refunded    money.Fen
	RefundedQty int64
}

func (Item) TableName() string { return "order_items" }

// History is one move of an order's status: who, when, from → to, and why.
type History struct {
	ID         int64 `gorm:"primaryKey"`
	OrderID    int64
	FromStatus string // "" for the order's creation
	ToStatus   string
	Operator   string // username, or "system"
	Note       string
	CreateTime time.Time
}

func (History) TableName() string { return "order_history" }
