// Package stock is the one place a SKU's stock changes (库存流水): every change is a conditional
// update of goods_skus and a ledger row written in the same transaction, so a SKU's stock is
// always its opening stock plus the sum of its ledger, and never below zero.
package stock

import "time"

// Reasons of a ledger row. The reservation model (docs/decisions.md "Stock"): an order takes
// its units when it is placed (order_reserve), payment changes nothing, and an order closed or
// cancelled unpaid gives them back (order_release), as does a refund before shipment
// (order_refund). Returned goods come back with return_restock.
const (
	OrderReserve  = "order_reserve"
	OrderRelease  = "order_release"
	OrderRefund   = "order_refund"
	ManualIn      = "manual_in"
	ManualOut     = "manual_out"
	Stocktake     = "stocktake"
	ReturnRestock = "return_restock"
	Opening       = "opening" // the stock a SKU is created with
)

// Reasons lists every reason, in the order the ledger page offers them.
var Reasons = []string{OrderReserve, OrderRelease, OrderRefund, ManualIn, ManualOut, Stocktake, ReturnRestock, Opening}

// Entry is one change of one SKU's stock.
type Entry struct {
	ID      int64 `gorm:"primaryKey"`
	SkuID   int64
	GoodsID int64
	ScopeID int64 // the seller (goods.agency_id, 0 for the shop): a channel sees its own
	SkuCode string
	Delta   int64
	Balance int64 // the SKU's stock right after this change
	Reason  string
	OrderNo string // the order it belongs to, "" for none
	// LineKey, when set, is unique: the same order line is reserved, released or restored once.
	LineKey    *string
	Operator   string // username, or "system", or "open:<clientId>"
	Note       string // the reason a person gave
	CreateTime time.Time
}

func (Entry) TableName() string { return "stock_ledger" }
