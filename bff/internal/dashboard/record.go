package dashboard

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/aftersale"
	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/db"
)

// Recorder keeps the figures as orders and goods are written: the order and goods stores call
// it inside their transactions (order.Watcher, goods.Watcher), so a figure changes with its
// write or not at all.
type Recorder struct {
	loc *time.Location
	// sales moves with the money and the customers (a sale, a refund, a new order), counts with
	// any status or listing: the overview remembers each part until its own moves.
	sales, counts cache.Generation
}

// NewRecorder counts days in loc, the server's zone.
func NewRecorder(loc *time.Location) *Recorder { return &Recorder{loc: loc} }

// Changes are bumped by the figures written here — sales by the sales and customers of the days
// and their best sellers, counts by the orders per status and the goods on sale — so that the
// overview's remembered parts on this instance die with them (Service.Remember).
func (r *Recorder) Changes() (sales, counts *cache.Generation) { return &r.sales, &r.counts }

var (
	_ order.Watcher     = (*Recorder)(nil)
	_ goods.Watcher     = (*Recorder)(nil)
	_ aftersale.Refunds = (*Recorder)(nil)
)

func (r *Recorder) day(t time.Time) string { return t.In(r.loc).Format(time.DateOnly) }

// agencyKey is the figures' key of an agency: 0 for the shop's own rows.
func agencyKey(id *int64) int64 {
	if id == nil {
		return 0
	}
	return *id
}

// selling tells whether an order in status counts in the sales: paid and not refunded.
func selling(status string) bool {
	return slices.Contains([]string{order.Paid, order.Shipped, order.Completed}, status)
}

// OrderCreated counts the order on its day in its status, and its phone as a new customer when
// no order had it before.
func (r *Recorder) OrderCreated(tx *gorm.DB, o order.Order, _ []order.Item) error {
	defer r.sales.Bump()
	defer r.counts.Bump()
	day, key := r.day(o.CreateTime), agencyKey(o.AgencyID)
	if err := bumpStatus(tx, day, key, o.Status, 1); err != nil {
		return err
	}
	ins := "INSERT INTO dashboard_customer (phone, agency_key, first_time, first_day) VALUES (?, ?, ?, ?) ON CONFLICT (phone) DO NOTHING"
	if db.Dialect(tx) == db.MySQL {
		ins = "INSERT IGNORE INTO dashboard_customer (phone, agency_key, first_time, first_day) VALUES (?, ?, ?, ?)"
	}
	res := tx.Exec(ins, o.Phone, key, o.CreateTime, day)
	if res.Error != nil || res.RowsAffected == 0 {
		return res.Error
	}
	return bump(tx, "dashboard_day", cols{"day": day, "agency_key": key}, cols{"new_customers": 1}, nil)
}

// OrderMoved moves the order from its old status to its new one on its creation day; paying
// adds its amount and its lines to the pay day, a refund takes them back from that day.
func (r *Recorder) OrderMoved(tx *gorm.DB, o order.Order, h order.History) error {
	defer r.counts.Bump()
	day, key := r.day(o.CreateTime), agencyKey(o.AgencyID)
	if err := bumpStatus(tx, day, key, h.FromStatus, -1); err != nil {
		return err
	}
	if err := bumpStatus(tx, day, key, h.ToStatus, 1); err != nil {
		return err
	}
	was, is := selling(h.FromStatus), selling(h.ToStatus)
	if was == is {
		return nil
	}
	defer r.sales.Bump()
	sign, paid := int64(1), h.CreateTime
	if was {
		sign = -1
	}
	if o.PayTime != nil {
		paid = *o.PayTime
	}
	payDay := r.day(paid)
	if err := bump(tx, "dashboard_day", cols{"day": payDay, "agency_key": key}, cols{"sales": sign * int64(o.Amount)}, nil); err != nil {
		return err
	}
	var items []order.Item
	if err := tx.Where("order_id = ?", o.ID).Order("id").Find(&items).Error; err != nil {
		return err
	}
	for _, it := range items {
		for _, k := range []int64{key, AllAgencies} {
			err := bump(tx, "dashboard_goods_day", cols{"day": payDay, "agency_key": k, "goods_id": it.GoodsID},
				cols{"quantity": sign * it.Quantity, "sales": sign * int64(it.UnitPrice) * it.Quantity},
				cols{"goods_name": it.GoodsName})
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// CaseRefunded takes an after-sales refund back from the sales on the day the money went back
// (the order's pay day keeps what was paid), its lines from their goods' figures that day; a
// case that refunded the order's last units moves the order to refunded in the status counts
// without touching the sales again (docs/aftersale.md "Dashboard").
func (r *Recorder) CaseRefunded(tx *gorm.DB, o order.Order, rec aftersale.RefundRecord) error {
	defer r.sales.Bump()
	defer r.counts.Bump()
	key, day := agencyKey(o.AgencyID), r.day(rec.At)
	if err := bump(tx, "dashboard_day", cols{"day": day, "agency_key": key}, cols{"sales": -int64(rec.Amount)}, nil); err != nil {
		return err
	}
	for _, l := range rec.Lines {
		for _, k := range []int64{key, AllAgencies} {
			err := bump(tx, "dashboard_goods_day", cols{"day": day, "agency_key": k, "goods_id": l.GoodsID},
				cols{"quantity": -l.Quantity, "sales": -int64(l.Amount)}, cols{"goods_name": l.GoodsName})
			if err != nil {
				return err
			}
		}
	}
	if rec.Whole == nil {
		return nil
	}
	created := r.day(o.CreateTime)
	if err := bumpStatus(tx, created, key, rec.Whole.FromStatus, -1); err != nil {
		return err
	}
	return bumpStatus(tx, created, key, rec.Whole.ToStatus, 1)
}

// SaleChanged writes the on-sale history and the day's change of goods on sale.
func (r *Recorder) SaleChanged(tx *gorm.DB, changes []goods.SaleChange) error {
	if len(changes) > 0 {
		defer r.counts.Bump()
	}
	rows := make([]Listing, len(changes))
	for i, c := range changes {
		rows[i] = Listing{GoodsID: c.GoodsID, AgencyKey: agencyKey(c.AgencyID), Delta: -1, At: c.At, Day: r.day(c.At)}
		if c.OnSale {
			rows[i].Delta = 1
		}
	}
	if err := tx.CreateInBatches(&rows, 500).Error; err != nil {
		return err
	}
	type dayKey struct {
		day string
		key int64
	}
	sum := map[dayKey]int64{}
	var order []dayKey
	for _, l := range rows {
		k := dayKey{l.Day, l.AgencyKey}
		if _, seen := sum[k]; !seen {
			order = append(order, k)
		}
		sum[k] += l.Delta
	}
	for _, k := range order {
		if err := bump(tx, "dashboard_day", cols{"day": k.day, "agency_key": k.key}, cols{"on_sale_delta": sum[k]}, nil); err != nil {
			return err
		}
	}
	return nil
}

func bumpStatus(tx *gorm.DB, day string, key int64, status string, n int64) error {
	if status == "" {
		return nil
	}
	return bump(tx, "dashboard_status_day", cols{"day": day, "agency_key": key, "status": status}, cols{"orders": n}, nil)
}

// cols are column values; names are the package's own constants, never input.
type cols map[string]any

func names(c cols) []string {
	out := make([]string, 0, len(c))
	for k := range c {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// bump adds add to the row of table keyed by key (created at zero when missing) and sets set.
func bump(tx *gorm.DB, table string, key, add, set cols) error {
	keys, adds, sets := names(key), names(add), names(set)
	all := slices.Concat(keys, adds, sets)
	args := make([]any, 0, len(all))
	for _, n := range keys {
		args = append(args, key[n])
	}
	for _, n := range adds {
		args = append(args, add[n])
	}
	for _, n := range sets {
		args = append(args, set[n])
	}
	mysql := db.Dialect(tx) == db.MySQL
	var up []string
	for _, n := range adds {
		if mysql {
			up = append(up, fmt.Sprintf("%s = %s + VALUES(%s)", n, n, n))
		} else {
			up = append(up, fmt.Sprintf("%s = %s + excluded.%s", n, n, n))
		}
	}
	for _, n := range sets {
		if mysql {
			up = append(up, fmt.Sprintf("%s = VALUES(%s)", n, n))
		} else {
			up = append(up, fmt.Sprintf("%s = excluded.%s", n, n))
		}
	}
	q := fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s) ", table, strings.Join(all, ", "),
		strings.TrimSuffix(strings.Repeat("?, ", len(all)), ", "))
	if mysql {
		q += "ON DUPLICATE KEY UPDATE " + strings.Join(up, ", ")
	} else {
		q += fmt.Sprintf("ON CONFLICT (%s) DO UPDATE SET %s", strings.Join(keys, ", "), strings.Join(up, ", "))
	}
	return tx.Exec(q, args...).Error
}
