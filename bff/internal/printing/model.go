// Package printing makes the shipping desk's papers for selected orders: 拣货单 (a picking list
// summing SKUs over the orders) and 发货单 (one delivery note per order with a Code128 barcode of
// the order number), as a print view (HTML with print CSS, A4 or a 100×150 mm label) or a PDF
// (docs/decisions.md "Printing"). It only reads orders.
package printing

import (
	"time"

	"mallconsole/bff/internal/platform/money"
)

// Order is what the papers show of an order; read from the order feature's tables, never written.
type Order struct {
	ID           int64
	OrderNo      string
	CustomerName string
	Phone        string
	Address      string
	Amount       money.Fen
	Freight      money.Fen
	AgencyID     *int64
	Status       string
	Remark       string
	CreateTime   time.Time
	Items        []Item `gorm:"-"`
}

func (Order) TableName() string { return "orders" }

// Item is one line of an order as sold (names and prices copied at the sale).
type Item struct {
	OrderID   int64
	SkuCode   string
	SpecText  string
	GoodsName string
	GoodsID   int64
	UnitPrice money.Fen
	Quantity  int64
}

func (Item) TableName() string { return "order_items" }
