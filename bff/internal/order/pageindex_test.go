package order_test

import (
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/dbtest"
)

func TestPageIndexes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		dbtest.PageIndexesServe(t, g, "orders", order.PageIndexes, map[string]any{"status": order.Paid, "agency_id": 1})
	})
	agency, now := int64(3), time.Now()
	for _, c := range []struct {
		q    order.Query
		want string
	}{
		{order.Query{}, "idx_orders_create"},
		{order.Query{Status: order.Completed, From: &now, To: &now}, "idx_orders_status_create"},
		{order.Query{Status: order.Paid, Order: "amount DESC, id DESC"}, "idx_orders_status_amount"},
		{order.Query{Order: "pay_time ASC, id ASC"}, "idx_orders_pay"},
		{order.Query{Scope: &agency, Status: order.Shipped}, "idx_orders_agency_status_create"},
		// no index of its own: the optimizer chooses
		{order.Query{Scope: &agency}, ""},
		{order.Query{Phone: "1380"}, ""},
		{order.Query{PhoneTail: "1019"}, ""},
		{order.Query{OrderNo: "2026"}, ""},
		{order.Query{Status: order.Paid, From: &now, Order: "amount DESC, id DESC"}, ""},
		{order.Query{IDs: []int64{1}}, ""},
	} {
		if got := order.PageIndex(c.q); got != c.want {
			t.Errorf("%+v: index %q, want %q", c.q, got, c.want)
		}
	}
}
