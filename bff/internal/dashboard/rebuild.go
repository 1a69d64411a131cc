package dashboard

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/aftersale"
	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/db"
)

// Rebuild recomputes every figure from the orders and goods tables in one transaction: after a
// bulk load that bypassed the stores (the demo and bench seeders). It replaces the figures
// rather than adding to them, so running it twice gives the same figures; the on-sale history
// is kept and only completed where the goods table disagrees with it (a row on sale with no
// open listing gets one at its listing time, a listing whose row is off sale or gone is closed
// at the row's last change or now). Run it while nothing else writes orders or goods.
func (s *Service) Rebuild(ctx context.Context) error {
	defer s.forget()
	now := s.now().UTC().Truncate(time.Millisecond)
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		d := s.dayExpr(tx)
		selling := []string{order.Paid, order.Shipped, order.Completed}
		steps := []struct {
			sql  string
			args []any
		}{
			{"DELETE FROM dashboard_status_day", nil},
			{"DELETE FROM dashboard_goods_day", nil},
			{"DELETE FROM dashboard_day", nil},
			{"DELETE FROM dashboard_customer", nil},
			{fmt.Sprintf(`INSERT INTO dashboard_status_day (day, agency_key, status, orders)
				SELECT %s, COALESCE(agency_id, 0), status, COUNT(*) FROM orders GROUP BY %[1]s, COALESCE(agency_id, 0), status`,
				d("create_time")), nil},
			// Sold on the pay day (orders refunded by after-sales cases too), less what cases gave
			// back on the day the money went back.
			{fmt.Sprintf(`INSERT INTO dashboard_goods_day (day, agency_key, goods_id, goods_name, quantity, sales)
				SELECT day, agency_key, goods_id, MAX(goods_name), SUM(quantity), SUM(sales) FROM (
					SELECT %s AS day, COALESCE(o.agency_id, 0) AS agency_key, i.goods_id, i.goods_name,
						i.quantity, i.unit_price * i.quantity AS sales
					FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.status IN ? OR (o.status = ? AND o.refunded > 0)
					UNION ALL SELECT %s, COALESCE(c.agency_id, 0), oi.goods_id, oi.goods_name, -ci.quantity, -ci.refunded
					FROM aftersale_items ci JOIN aftersale_cases c ON c.id = ci.case_id JOIN order_items oi ON oi.id = ci.order_item_id
					WHERE c.status = ?
				) u GROUP BY day, agency_key, goods_id`, d("COALESCE(o.pay_time, o.create_time)"), d("c.refund_time")),
				[]any{selling, order.Refunded, aftersale.Refunded}},
			{`INSERT INTO dashboard_goods_day (day, agency_key, goods_id, goods_name, quantity, sales)
				SELECT day, ?, goods_id, MAX(goods_name), SUM(quantity), SUM(sales) FROM dashboard_goods_day
				GROUP BY day, goods_id`, []any{AllAgencies}},
			// A customer is a phone; it is new on the day of its first order, for that order's agency.
			{`INSERT INTO dashboard_customer (phone, agency_key, first_time, first_day)
				SELECT phone, 0, MIN(create_time), '' FROM orders GROUP BY phone`, nil},
			{fmt.Sprintf(`UPDATE dashboard_customer SET first_day = %s, agency_key = COALESCE((SELECT COALESCE(o.agency_id, 0)
				FROM orders o WHERE o.phone = dashboard_customer.phone AND o.create_time = dashboard_customer.first_time
				ORDER BY o.id LIMIT 1), 0)`, d("first_time")), nil},
			{fmt.Sprintf(`INSERT INTO dashboard_listing (goods_id, agency_key, delta, at, day)
				SELECT g.id, COALESCE(g.agency_id, 0), 1, COALESCE(g.grounding_time, g.create_time), %s
				FROM goods g LEFT JOIN (SELECT goods_id, SUM(delta) AS n FROM dashboard_listing GROUP BY goods_id) l ON l.goods_id = g.id
				WHERE g.status = ? AND COALESCE(l.n, 0) = 0`, d("COALESCE(g.grounding_time, g.create_time)")),
				[]any{goods.OnSale}},
			// An open listing's agency is Σ agency × delta: the closed pairs cancel out.
			{fmt.Sprintf(`INSERT INTO dashboard_listing (goods_id, agency_key, delta, at, day)
				SELECT l.goods_id, l.agency_key, -1, COALESCE(g.update_time, ?), %s
				FROM (SELECT goods_id, SUM(agency_key * delta) AS agency_key FROM dashboard_listing GROUP BY goods_id HAVING SUM(delta) > 0) l
				LEFT JOIN goods g ON g.id = l.goods_id WHERE g.id IS NULL OR g.status <> ?`, d("COALESCE(g.update_time, ?)")),
				[]any{now, now, goods.OnSale}},
			{fmt.Sprintf(`INSERT INTO dashboard_day (day, agency_key, sales, new_customers, on_sale_delta)
				SELECT day, agency_key, SUM(sales), SUM(customers), SUM(delta) FROM (
					SELECT %s AS day, COALESCE(agency_id, 0) AS agency_key, SUM(amount) AS sales, 0 AS customers, 0 AS delta
					FROM orders WHERE status IN ? OR (status = ? AND refunded > 0) GROUP BY %[1]s, COALESCE(agency_id, 0)
					UNION ALL SELECT %s, COALESCE(agency_id, 0), -SUM(amount), 0, 0 FROM aftersale_cases WHERE status = ?
					GROUP BY %[2]s, COALESCE(agency_id, 0)
					UNION ALL SELECT first_day, agency_key, 0, COUNT(*), 0 FROM dashboard_customer GROUP BY first_day, agency_key
					UNION ALL SELECT day, agency_key, 0, 0, SUM(delta) FROM dashboard_listing GROUP BY day, agency_key
				) u GROUP BY day, agency_key`, d("COALESCE(pay_time, create_time)"), d("refund_time")),
				[]any{selling, order.Refunded, aftersale.Refunded}},
		}
		for _, st := range steps {
			if err := tx.Exec(st.sql, st.args...).Error; err != nil {
				return err
			}
		}
		return nil
	})
}

// dayExpr is the SQL of a stored UTC time's day in the server's zone. The zone's offset now is
// used for every row: exact for zones without daylight saving (Asia/Shanghai); elsewhere a row in
// the hour of a change may land on the next or previous day (docs/decisions.md "Dashboard").
func (s *Service) dayExpr(tx *gorm.DB) func(col string) string {
	_, off := s.now().In(s.loc).Zone()
	if db.Dialect(tx) == db.MySQL {
		return func(col string) string {
			return fmt.Sprintf("DATE_FORMAT(DATE_ADD(%s, INTERVAL %d SECOND), '%%Y-%%m-%%d')", col, off)
		}
	}
	return func(col string) string { return fmt.Sprintf("strftime('%%Y-%%m-%%d', %s, '%+d seconds')", col, off) }
}
