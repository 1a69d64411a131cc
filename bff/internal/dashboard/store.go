package dashboard

import (
	"fmt"
	"slices"
	"strings"

	"golang.org/x/sync/errgroup"
	"gorm.io/gorm"

	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/db"
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

// statusDayIndex orders the status table as statuses groups it. MariaDB prefers the primary key
// (day, agency_key, status), as covering, and then sorts the groups in a temporary table: the
// index is named so that it is read.
const statusDayIndex = "idx_dashboard_status_day"

func (r reader) statuses(from, to string) ([]StatusDay, error) {
	table := "dashboard_status_day INDEXED BY " + statusDayIndex
	if db.Dialect(r.db) == db.MySQL {
		table = "dashboard_status_day FORCE INDEX (" + statusDayIndex + ")"
	}
	var out []StatusDay
	err := r.scoped(r.db.Table(table)).Select("day, status, SUM(orders) AS orders").
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

// lowStock counts goods in status with a SKU at or under its threshold (goods.low_skus, kept
// with every stock move; index idx_goods_low_skus): the goods, not the SKUs, so that the figure
// is the total of the goods list its link opens.
func (r reader) lowStock(status string) (int64, error) {
	var n int64
	tx := r.db.Table("goods").Where("low_skus > 0 AND status = ?", status)
	if r.scope != nil {
		tx = tx.Where("agency_id = ?", *r.scope)
	}
	err := tx.Count(&n).Error
	return n, err
}

// rankDepth is how many of each day's best sellers are candidates for a period's ranking.
const rankDepth = 20

// top are the n goods that sold most (by sales, then quantity) on days, and whether the
// ranking is proven exact. Grouping every goods sold in the period reads as many rows as goods
// sold (over a million-goods catalogue, ~100,000 rows for 30 days: a second), so it ranks
// candidates instead: each day's rankDepth best sellers (index rank), then their totals over
// the period (index goods). A goods that is no day's candidate sold at most the day's
// rankDepth-th amount on each day; while the n-th total beats the sum of those bounds, nothing
// outside the candidates can enter and the ranking is exact. Otherwise (sales spread evenly
// over very many goods) it is the best of the candidates (docs/decisions.md "Dashboard").
func (r reader) top(days []string, n int) ([]Ranked, bool, error) {
	key := int64(AllAgencies)
	if r.scope != nil {
		if *r.scope == 0 {
			return []Ranked{}, true, nil
		}
		key = *r.scope
	}
	parts := make([]string, len(days))
	args := make([]any, 0, 3*len(days))
	for i, d := range days {
		parts[i] = fmt.Sprintf("SELECT * FROM (SELECT day, goods_id, sales FROM dashboard_goods_day "+
			"WHERE day = ? AND agency_key = ? ORDER BY sales DESC LIMIT ?) d%d", i)
		args = append(args, d, key, rankDepth)
	}
	var best []GoodsDay
	if err := r.db.Raw(strings.Join(parts, " UNION ALL "), args...).Scan(&best).Error; err != nil {
		return nil, false, err
	}
	perDay, lowest := map[string]int{}, map[string]int64{}
	var ids []int64
	for _, g := range best {
		perDay[g.Day]++
		lowest[g.Day] = g.Sales // rows come best first within a day
		ids = append(ids, g.GoodsID)
	}
	var bound int64
	for d, k := range perDay {
		if k == rankDepth {
			bound += lowest[d]
		}
	}
	if len(ids) == 0 {
		return []Ranked{}, true, nil
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	var rows []struct {
		GoodsID   int64
		GoodsName string
		Quantity  int64
		Sales     int64
	}
	err := r.db.Model(&GoodsDay{}).
		Select("goods_id, MAX(goods_name) AS goods_name, SUM(quantity) AS quantity, SUM(sales) AS sales").
		Where("goods_id IN ? AND agency_key = ? AND day BETWEEN ? AND ?", ids, key, days[0], days[len(days)-1]).
		Group("goods_id").Having("SUM(quantity) > 0").
		Order("sales DESC, quantity DESC, goods_id").Limit(n).Find(&rows).Error
	out := make([]Ranked, len(rows))
	for i, g := range rows {
		out[i] = Ranked{GoodsID: g.GoodsID, GoodsName: g.GoodsName, Quantity: g.Quantity, Sales: money.Fen(g.Sales)}
	}
	exact := bound == 0 || (len(out) == n && int64(out[n-1].Sales) > bound)
	return out, exact, err
}

// salesPart reads the days from..to and the best sellers of period, at once, each on its own
// connection.
func (r reader) salesPart(from, to string, period []string) (salesPart, error) {
	var p salesPart
	var g errgroup.Group
	g.Go(func() (err error) { p.days, err = r.days(from, to); return })
	g.Go(func() (err error) { p.top, p.exact, err = r.top(period, TopGoods); return })
	return p, g.Wait()
}

// countsPart reads the orders per status of from..to, the goods on sale at to and prevTo, the
// orders to ship and the goods low in stock, at once.
func (r reader) countsPart(from, to, prevTo string) (countsPart, error) {
	var p countsPart
	var g errgroup.Group
	g.Go(func() (err error) { p.statuses, err = r.statuses(from, to); return })
	g.Go(func() (err error) { p.onSale, p.onSaleBefore, err = r.onSale(to, prevTo); return })
	g.Go(func() (err error) { p.toShip, err = r.inStatus(order.Paid); return })
	g.Go(func() (err error) { p.low, err = r.lowStock(goods.OnSale); return })
	return p, g.Wait()
}
