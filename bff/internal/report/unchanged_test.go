package report_test

import (
	"context"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/dbtest"
)

// TestRefreshSkipsADayThatDidNotMove: a completion (like a shipment) stamps its order changed without moving a
// figure; the refresh looks at the day again and, finding its figures as they were, rewrites
// neither the day nor its blocks. A refund on that day is rewritten as before.
func TestRefreshSkipsADayThatDidNotMove(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s := newShop(t, g)
		_, _, _, o4 := scenario(s)
		if _, err := s.rep.Refresh(ctx, nofence, 31); err != nil {
			t.Fatal(err)
		}
		before := rows(t, g)
		var writes atomic.Int64
		count := func(tx *gorm.DB) {
			if q := tx.Statement.SQL.String(); strings.Contains(q, "sales_daily") || strings.Contains(q, "sales_blocks") || strings.Contains(q, "sales_totals") {
				if !strings.HasPrefix(strings.TrimSpace(q), "SELECT") {
					writes.Add(1)
				}
			}
		}
		for _, err := range []error{
			g.Callback().Raw().After("gorm:raw").Register("test:writes", count),
			g.Callback().Create().After("gorm:create").Register("test:writes", count),
			g.Callback().Delete().After("gorm:delete").Register("test:writes", count),
		} {
			if err != nil {
				t.Fatal(err)
			}
		}
		s.clk.to("2026-11-09 10:00")
		s.move(o4.ID, order.Complete)
		s.clk.to("2026-11-09 11:00")
		if n, err := s.rep.Refresh(ctx, nofence, 31); err != nil || n != 1 {
			t.Fatalf("after the completion: %d days, %v", n, err)
		}
		if writes.Load() != 0 || !reflect.DeepEqual(rows(t, g), before) {
			t.Fatalf("a day whose figures did not move was written (%d statements)", writes.Load())
		}
		s.refund(o4, "B", 1, 500, 0)
		s.clk.to("2026-11-09 12:00")
		if _, err := s.rep.Refresh(ctx, nofence, 31); err != nil {
			t.Fatal(err)
		}
		if writes.Load() == 0 {
			t.Fatal("a refund's day was not written")
		}
	})
}
