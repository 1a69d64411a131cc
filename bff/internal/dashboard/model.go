// Package dashboard keeps the shop's daily figures (数据概览) and answers the overview of a
// period from them. The figures change on write, in the transaction of the order or goods write
// (record.go), so a request never scans the orders; Rebuild (rebuild.go) recomputes them all
// from the orders and goods tables after a bulk load. What each figure counts is in
// docs/decisions.md "Dashboard".
package dashboard

import "time"

// Day is one day's figures of one agency (AgencyKey 0: the shop's own sales).
type Day struct {
	Day          string `gorm:"primaryKey"` // yyyy-MM-dd in the server's zone
	AgencyKey    int64  `gorm:"primaryKey"`
	Sales        int64  // fen: amounts of the orders paid that day, less those refunded since
	NewCustomers int64  // phones whose first order in the shop was placed that day
	OnSaleDelta  int64  // goods that went on sale that day less those that went off it
}

func (Day) TableName() string { return "dashboard_day" }

// StatusDay counts the orders placed on a day that are now in a status.
type StatusDay struct {
	Day       string `gorm:"primaryKey"`
	AgencyKey int64  `gorm:"primaryKey"`
	Status    string `gorm:"primaryKey"`
	Orders    int64
}

func (StatusDay) TableName() string { return "dashboard_status_day" }

// AllAgencies is the agency key of the whole shop's ranking rows: each goods line is counted
// for its agency and for the shop, so that either ranking reads one key (store.go top).
const AllAgencies = -1

// GoodsDay is what one goods sold on a day (by pay day, refunds taken back), for an agency or
// for AllAgencies.
type GoodsDay struct {
	Day       string `gorm:"primaryKey"`
	AgencyKey int64  `gorm:"primaryKey"`
	GoodsID   int64  `gorm:"primaryKey"`
	GoodsName string // the latest name an order gave it
	Quantity  int64
	Sales     int64 // fen: unit price × quantity, without freight
}

func (GoodsDay) TableName() string { return "dashboard_goods_day" }

// Customer is a phone number that has ordered, with its first order's day and agency.
type Customer struct {
	Phone     string `gorm:"primaryKey"`
	AgencyKey int64
	FirstTime time.Time
	FirstDay  string
}

func (Customer) TableName() string { return "dashboard_customer" }

// Listing is one goods row going on sale (+1) or off it (−1): the on-sale history.
type Listing struct {
	ID        int64 `gorm:"primaryKey"`
	GoodsID   int64
	AgencyKey int64
	Delta     int64
	At        time.Time
	Day       string
}

func (Listing) TableName() string { return "dashboard_listing" }
