package report

import (
	"cmp"
	"context"
	"database/sql/driver"
	"fmt"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/aftersale"
	"mallconsole/bff/internal/order"
)

// The rules of what counts are the dashboard's (dashboard.Rebuild), so that the net of a period
// is the dashboard's 销售额 for it:
//   - an order paid (paid, shipped, completed, or refunded by after-sales cases) is sold on its pay
//     day: its lines' unit price × quantity, and its freight on the order row;
//   - an after-sales refund is taken back on the day the money went back, each line's part on its
//     SKU, the freight part on the order row;
//   - an order refunded whole (退款 from 已支付, no case) never counted in the dashboard's sales:
//     here it is sold and refunded on its pay day, so it shows and nets to nothing.

// part is one source of the figures; where restricts it (to a day when refreshing).
func parts(d func(string) string, orderWhere, caseWhere string) string {
	paid := d("COALESCE(o.pay_time, o.create_time)")
	whole := "o.status = @refunded AND o.refunded = 0"
	counted := "(o.status IN @selling OR o.status = @refunded)"
	return fmt.Sprintf(`
		SELECT %[1]s AS day, COALESCE(o.agency_id, 0) AS agency_id, i.goods_id AS goods_id, COALESCE(i.sku_id, 0) AS sku_id,
			o.id AS order_id, i.quantity AS units, i.unit_price * i.quantity AS sales,
			CASE WHEN %[2]s THEN i.unit_price * i.quantity ELSE 0 END AS refunds
		FROM order_items i JOIN orders o ON o.id = i.order_id WHERE %[3]s AND %[4]s
		UNION ALL SELECT %[1]s, COALESCE(o.agency_id, 0), 0, 0, o.id, 0, o.freight, CASE WHEN %[2]s THEN o.freight ELSE 0 END
		FROM orders o WHERE %[3]s AND %[4]s
		UNION ALL SELECT %[5]s, COALESCE(c.agency_id, 0), oi.goods_id, COALESCE(oi.sku_id, 0), NULL, 0, 0, ci.refunded
		FROM aftersale_items ci JOIN aftersale_cases c ON c.id = ci.case_id JOIN order_items oi ON oi.id = ci.order_item_id
		WHERE c.status = @caseRefunded AND %[6]s
		UNION ALL SELECT %[5]s, COALESCE(c.agency_id, 0), 0, 0, NULL, 0, 0, c.freight
		FROM aftersale_cases c WHERE c.status = @caseRefunded AND %[6]s`,
		paid, whole, counted, orderWhere, d("c.refund_time"), caseWhere)
}

// dailyQuery is the query of the parts' figures, the goods' category read now.
func dailyQuery(d func(string) string, orderWhere, caseWhere string, args map[string]any) string {
	args["selling"] = []string{order.Paid, order.Shipped, order.Completed}
	args["refunded"] = order.Refunded
	args["caseRefunded"] = aftersale.Refunded
	return fmt.Sprintf(`SELECT a.day, a.sku_id, a.agency_id, a.goods_id,
			COALESCE((SELECT MIN(gc.id) FROM goods g JOIN goods_categories gc ON gc.code = g.category WHERE g.id = a.goods_id), 0) AS category_id,
			a.orders, a.units, a.sales, a.refunds
		FROM (SELECT day, agency_id, goods_id, sku_id, COUNT(DISTINCT order_id) AS orders, SUM(units) AS units,
			SUM(sales) AS sales, SUM(refunds) AS refunds
			FROM (%s) u GROUP BY day, agency_id, goods_id, sku_id
			HAVING COUNT(order_id) > 0 OR SUM(refunds) <> 0) a`, parts(d, orderWhere, caseWhere))
}

// fill inserts the figures of the parts' rows in one statement (Rebuild: nothing else writes).
func fill(tx *gorm.DB, d func(string) string, orderWhere, caseWhere string, args map[string]any) error {
	q := "INSERT INTO sales_daily (day, sku_id, agency_id, goods_id, category_id, orders, units, sales, refunds) " +
		dailyQuery(d, orderWhere, caseWhere, args)
	return tx.Exec(q, args).Error
}

// refill rewrites day's figures from the parts' rows and its rollups (Refresh), unless they come
// out as they are: a shipment or a remark stamps its order changed without moving a figure, and
// rewriting the day's blocks costs about half a second of the database's time a day. The figures
// are read with a plain SELECT: under MariaDB's repeatable read an INSERT … SELECT locks every row
// it reads — a day's orders and lines, their goods — for the whole transaction, so shipments and
// goods edits waited seconds for the job; a plain SELECT reads the snapshot and locks nothing.
func refill(tx *gorm.DB, day string, d func(string) string, orderWhere, caseWhere string, args map[string]any) error {
	var fresh, kept []Daily
	if err := tx.Raw(dailyQuery(d, orderWhere, caseWhere, args), args).Scan(&fresh).Error; err != nil {
		return err
	}
	if err := tx.Where("day = ?", day).Find(&kept).Error; err != nil {
		return err
	}
	if sameFigures(fresh, kept) {
		return nil
	}
	if err := tx.Exec("DELETE FROM sales_daily WHERE day = ?", day).Error; err != nil {
		return err
	}
	if len(fresh) > 0 {
		if err := tx.CreateInBatches(fresh, 500).Error; err != nil {
			return err
		}
	}
	return rollDay(tx, day)
}

// sameFigures tells whether two reads of a day hold the same rows, in any order.
func sameFigures(a, b []Daily) bool {
	if len(a) != len(b) {
		return false
	}
	byKey := func(x, y Daily) int {
		return cmp.Or(cmp.Compare(x.AgencyID, y.AgencyID), cmp.Compare(x.GoodsID, y.GoodsID), cmp.Compare(x.SkuID, y.SkuID))
	}
	slices.SortFunc(a, byKey)
	slices.SortFunc(b, byKey)
	return slices.Equal(a, b)
}

// Rebuild recomputes every day's figures in one transaction and marks them current: after a
// bulk load (the demo seed) and in tests. Run it while nothing else writes orders.
func (s *Service) Rebuild(ctx context.Context) error {
	t0 := s.now()
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec("DELETE FROM sales_daily").Error; err != nil {
			return err
		}
		if err := fill(tx, s.dayExpr(tx), "1 = 1", "1 = 1", map[string]any{}); err != nil {
			return err
		}
		if err := rollAll(tx); err != nil {
			return err
		}
		return s.saveWatermark(ctx, tx, watermark{Change: t0.Add(-settle).UTC(), At: t0.UTC()})
	})
}

// changed is a day with a change stamped at (its latest).
type changed struct {
	Day string
	At  stamp
}

// Refresh recomputes the days whose orders or refunds changed since the watermark, at most batch
// of them, oldest change first; each day is deleted and inserted again from one aggregate query
// in its own transaction, which also moves the watermark past it and calls fence (the job run's
// lease: a run that lost it writes nothing). It returns the days refreshed; fewer than batch
// means it caught up.
func (s *Service) Refresh(ctx context.Context, fence func(*gorm.DB) error, batch int) (int, error) {
	if batch < 1 {
		batch = 1
	}
	t0 := s.now().UTC()
	w, err := s.watermark(ctx)
	if err != nil {
		return 0, err
	}
	g := s.db.WithContext(ctx)
	d := s.dayExpr(g)
	var found []changed
	err = g.Raw(fmt.Sprintf(`SELECT %s AS day, MAX(update_time) AS at FROM orders WHERE update_time >= ? GROUP BY 1
		UNION ALL SELECT %s, MAX(update_time) FROM aftersale_cases WHERE update_time >= ? AND refund_time IS NOT NULL GROUP BY 1`,
		d("COALESCE(pay_time, create_time)"), d("refund_time")), w.Change, w.Change).Scan(&found).Error
	if err != nil {
		return 0, err
	}
	days := pending(found, w)
	more := len(days) > batch
	if more {
		days = days[:batch]
	}
	zone, _ := s.zone()
	for _, c := range days {
		from, err := time.ParseInLocation(time.DateOnly, c.Day, zone)
		if err != nil {
			return 0, err
		}
		to := from.AddDate(0, 0, 1)
		w.Change, w.Day = c.At.Time, c.Day
		err = g.Transaction(func(tx *gorm.DB) error {
			if err := fence(tx); err != nil {
				return err
			}
			args := map[string]any{"from": from.UTC(), "to": to.UTC()}
			err := refill(tx, c.Day, d, `((o.pay_time >= @from AND o.pay_time < @to) OR (o.pay_time IS NULL AND o.create_time >= @from AND o.create_time < @to))`,
				"c.refund_time >= @from AND c.refund_time < @to", args)
			if err != nil {
				return err
			}
			return s.saveWatermark(ctx, tx, w)
		})
		if err != nil {
			return 0, err
		}
	}
	if more {
		return len(days), nil
	}
	// Caught up: the figures are current as of t0. Changes of the last settle are looked at again
	// next time, in case a transaction stamped before t0 commits after it.
	if recent := t0.Add(-settle); w.Change.After(recent) {
		w.Change, w.Day = recent, ""
	}
	w.At = t0
	err = g.Transaction(func(tx *gorm.DB) error {
		if err := fence(tx); err != nil {
			return err
		}
		return s.saveWatermark(ctx, tx, w)
	})
	return len(days), err
}

// pending are the days found with a change after w, each once at its latest change, in
// (change, day) order.
func pending(found []changed, w watermark) []changed {
	latest := map[string]time.Time{}
	for _, c := range found {
		if c.Day == "" {
			continue
		}
		if t, ok := latest[c.Day]; !ok || c.At.After(t) {
			latest[c.Day] = c.At.Time
		}
	}
	out := make([]changed, 0, len(latest))
	for day, at := range latest {
		if at.After(w.Change) || (at.Equal(w.Change) && day > w.Day) {
			out = append(out, changed{Day: day, At: stamp{at}})
		}
	}
	slices.SortFunc(out, func(a, b changed) int {
		return cmp.Or(a.At.Compare(b.At.Time), strings.Compare(a.Day, b.Day))
	})
	return out
}

// stamp reads a MAX(time) column, which SQLite hands back as text (an aggregate has no
// declared type) and MySQL as a time.
type stamp struct{ time.Time }

var stampLayouts = []string{"2006-01-02 15:04:05.999999999-07:00", "2006-01-02T15:04:05.999999999-07:00",
	"2006-01-02 15:04:05.999999999", "2006-01-02T15:04:05.999999999Z07:00"}

func (s *stamp) Scan(v any) error {
	switch v := v.(type) {
	case nil:
		s.Time = time.Time{}
		return nil
	case time.Time:
		s.Time = v.UTC()
		return nil
	case []byte:
		return s.parse(string(v))
	case string:
		return s.parse(v)
	}
	return fmt.Errorf("report: cannot read %T as a time", v)
}

func (s *stamp) parse(v string) error {
	for _, l := range stampLayouts {
		if t, err := time.Parse(l, v); err == nil {
			s.Time = t.UTC()
			return nil
		}
	}
	return fmt.Errorf("report: cannot read %q as a time", v)
}

func (s stamp) Value() (driver.Value, error) { return s.Time, nil }
