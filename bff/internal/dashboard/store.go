package dashboard

import (
	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/money"
)

// reader runs the overview's queries inside one scope. Each reads a range of days of a figure
// table (or, for the pending work, the small per-day status table whole): none reads orders.
type reader struct {
	db    *gorm.DB
	scope *int64 // nil: every agency
}

// scoped narrows tx to the scope's agency. An agency key is never 0 for a channel operator: 0
// is the shop's own figures, which no agency sees.
func (r reader) scoped(tx *gorm.DB) *gorm.DB {
	if r.scope == nil {
		return tx
	}
	if *r.scope == 0 {
		return tx.Where("1 = 0")
	}
	return tx.Where("agency_key = ?", *r.scope)
}

func (r reader) days(from, to string) ([]Day, error) {
	var out []Day
	err := r.scoped(r.db.Model(&Day{})).Select("day, SUM(sales) AS sales, SUM(new_customers) AS new_customers").
		Where("day BETWEEN ? AND ?", from, to).Group("day").Find(&out).Error
	return out, err
}

func (r reader) statuses(from, to string) ([]StatusDay, error) {
	var out []StatusDay
	err := r.scoped(r.db.Model(&StatusDay{})).Select("day, status, SUM(orders) AS orders").
		Where("day BETWEEN ? AND ?", from, to).Group("day, status").Find(&out).Error
	return out, err
}

// onSale is how many goods were on sale at the end of day to and of day prevTo.
func (r reader) onSale(to, prevTo string) (now, before int64, err error) {
	var row struct{ AtEnd, AtPrevEnd int64 }
	err = r.scoped(r.db.Model(&Day{})).
		Select("COALESCE(SUM(on_sale_delta), 0) AS at_end, COALESCE(SUM(CASE WHEN day <= ? THEN on_sale_delta ELSE 0 END), 0) AS at_prev_end", prevTo).
		Where("day <= ?", to).Scan(&row).Error
	return row.AtEnd, row.AtPrevEnd, err
}

// inStatus is how many orders are in status now.
func (r reader) inStatus(status string) (int64, error) {
	var n int64
	err := r.scoped(r.db.Model(&StatusDay{})).Select("COALESCE(SUM(orders), 0)").Where("status = ?", status).Scan(&n).Error
	return n, err
}

// lowStock counts goods in status with less than below in stock (index idx_goods_status_stock).
func (r reader) lowStock(status string, below int64) (int64, error) {
	var n int64
	tx := r.db.Table("goods").Where("status = ? AND stock < ?", status, below)
	if r.scope != nil {
		tx = tx.Where("agency_id = ?", *r.scope)
	}
	err := tx.Count(&n).Error
	return n, err
}

// top are the n goods that sold most (by sales, then quantity) from day from to day to.
func (r reader) top(from, to string, n int) ([]Ranked, error) {
	var rows []struct {
		GoodsID   int64
		GoodsName string
		Quantity  int64
		Sales     int64
	}
	err := r.scoped(r.db.Model(&GoodsDay{})).
		Select("goods_id, MAX(goods_name) AS goods_name, SUM(quantity) AS quantity, SUM(sales) AS sales").
		Where("day BETWEEN ? AND ?", from, to).Group("goods_id").Having("SUM(quantity) > 0").
		Order("sales DESC, quantity DESC, goods_id").Limit(n).Find(&rows).Error
	out := make([]Ranked, len(rows))
	for i, g := range rows {
		out[i] = Ranked{GoodsID: g.GoodsID, GoodsName: g.GoodsName, Quantity: g.Quantity, Sales: money.Fen(g.Sales)}
	}
	return out, err
}
