package report_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
)

// TestRefreshLocksNoOrder: the refresh reads a day's orders, lines and goods without locking
// them. While another transaction holds an order of a changed day and its goods locked, as a
// shipment and a goods edit hold them, the refresh of that day completes, with the figures a
// rebuild gives. (MariaDB: on SQLite a transaction that writes holds the whole database.)
func TestRefreshLocksNoOrder(t *testing.T) {
	g := dbtest.Open(t, db.MySQL)
	s := newShop(t, g)
	o1, _, _, _ := scenario(s)
	held := g.Begin()
	defer held.Rollback()
	var locked []int64
	if err := held.Raw("SELECT id FROM orders WHERE id = ? FOR UPDATE", o1.ID).Scan(&locked).Error; err != nil || len(locked) != 1 {
		t.Fatalf("locking the order: %v %v", locked, err)
	}
	if err := held.Raw("SELECT id FROM goods WHERE id IN (SELECT goods_id FROM order_items WHERE order_id = ?) FOR UPDATE", o1.ID).
		Scan(&locked).Error; err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	start := time.Now()
	n, err := s.rep.Refresh(ctx, nofence, 31)
	if err != nil || n == 0 {
		t.Fatalf("refresh beside a locked order: %d days, %v after %v", n, err, time.Since(start))
	}
	held.Rollback()
	refreshed := rows(t, g)
	if err := s.rep.Rebuild(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rows(t, g), refreshed) {
		t.Fatal("the refreshed figures differ from a rebuild")
	}
}
