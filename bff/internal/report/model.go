// Package report answers the sales reports (报表 → 销售报表): orders, units, sales, refunds and
// net by day, goods, SKU, category or agency over a date range. It reads daily figures
// (sales_daily) that a job refreshes from the orders and after-sales refunds (refresh.go), and
// their rollups (rollup.go), so a report never scans the orders and reads a few thousand rows
// whatever its range; the figures count a sale and a refund on the same days as the dashboard
// does, so their totals agree (docs/decisions.md "Sales reports are daily figures refreshed by
// a job").
package report

// Daily is what one SKU sold on a day for an agency (AgencyID 0: the shop's own sales).
//
// The row with GoodsID 0 and SkuID 0 is the day's orders themselves: Orders counts the orders
// paid that day, Sales their freight and Refunds the freight given back; its Units are 0. The
// other rows' Orders count the orders that had the SKU, so only the order rows add up to the
// day's orders.
type Daily struct {
	Day        string `gorm:"primaryKey"` // yyyy-MM-dd in the server's zone
	SkuID      int64  `gorm:"primaryKey"` // 0 for lines sold before SKUs and for the order row
	AgencyID   int64  `gorm:"primaryKey"`
	GoodsID    int64  `gorm:"primaryKey"`
	CategoryID int64  // the goods' category when the day was refreshed; 0: none
	Orders     int64
	Units      int64
	Sales      int64 // fen: unit price × quantity (the order row: freight)
	Refunds    int64 // fen: given back that day (after-sales) or the order refunded whole
}

func (Daily) TableName() string { return "sales_daily" }
