package order_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/stock"
)

// addSku adds a goods item on sale of the seller scope (0: the shop) with one SKU, price 12.50,
// and books units as its opening stock. specs "" gives goods without spec dimensions.
func addSku(t *testing.T, g *gorm.DB, scope int64, code string, units int64) int64 {
	t.Helper()
	now := time.Now().UTC().Truncate(time.Millisecond)
	var agency any
	if scope != 0 {
		agency = scope
	}
	if err := g.Exec("INSERT INTO goods (name, code, category, price, cost, stock, status, agency_id, main_picture, gallery, description, create_time, update_time, specs, max_price, low_skus) VALUES (?, ?, '', 1250, 500, 0, 'on_sale', ?, '', '[]', '', ?, ?, ?, 1250, 1)",
		"商品"+code, code, agency, now, now, `[{"name":"颜色","values":["红","蓝"]}]`).Error; err != nil {
		t.Fatal(err)
	}
	var goodsID int64
	g.Raw("SELECT id FROM goods WHERE code = ? ORDER BY id DESC", code).Limit(1).Scan(&goodsID)
	if err := g.Exec("INSERT INTO goods_skus (goods_id, scope_id, code, barcode, specs, price, cost, stock, low_stock, on_sale, sort, create_time, update_time) VALUES (?, ?, ?, '', '[\"红\"]', 1250, 500, 0, 10, 1, 0, ?, ?)",
		goodsID, scope, code, now, now).Error; err != nil {
		t.Fatal(err)
	}
	var id int64
	g.Raw("SELECT id FROM goods_skus WHERE scope_id = ? AND code = ?", scope, code).Scan(&id)
	if units > 0 {
		if err := g.Transaction(func(tx *gorm.DB) error {
			_, err := stock.Apply(tx, now, []stock.Move{{SkuID: id, Delta: units, Reason: stock.Opening, Operator: "test"}})
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

// stockOf is a SKU's stock and the sum of its ledger; they must agree.
func stockOf(t *testing.T, g *gorm.DB, id int64) int64 {
	t.Helper()
	var left, sum int64
	g.Raw("SELECT stock FROM goods_skus WHERE id = ?", id).Scan(&left)
	g.Raw("SELECT COALESCE(SUM(delta), 0) FROM stock_ledger WHERE sku_id = ?", id).Scan(&sum)
	if left != sum {
		t.Fatalf("SKU %d: stock %d, ledger sum %d", id, left, sum)
	}
	return left
}

func place(codes ...string) order.PlaceInput {
	in := order.PlaceInput{CustomerName: "王五", Phone: "13812345678", Address: "上海市", Freight: 1000, Operator: "open:c1"}
	for _, c := range codes {
		in.Items = append(in.Items, order.PlaceItem{SkuCode: c, Quantity: 2})
	}
	return in
}

func TestPlace(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _ := newService(t, g)
		a, b := addSku(t, g, 0, "A-1", 5), addSku(t, g, 0, "B-1", 1)
		o, err := s.Place(ctx, place("A-1"))
		// 12.50 × 2 + 10.00 freight
		if err != nil || o.Amount.String() != "35.00" || o.Status != order.Unpaid || o.ID == 0 {
			t.Fatalf("placed %+v %v", o, err)
		}
		d, err := s.GetByNo(ctx, nil, o.OrderNo)
		if err != nil || len(d.Items) != 1 || d.Items[0].SkuCode != "A-1" || d.Items[0].SpecText != "颜色: 红" ||
			d.Items[0].GoodsName != "商品A-1" || d.Items[0].UnitPrice != 1250 || d.Items[0].SkuID == nil ||
			len(d.History) != 1 || d.History[0].Operator != "open:c1" ||
			len(d.StockMoves) != 1 || d.StockMoves[0].Delta != -2 || d.StockMoves[0].Reason != stock.OrderReserve ||
			d.StockMoves[0].Balance != 3 || *d.StockMoves[0].LineKey == "" {
			t.Fatalf("detail %+v %v", d, err)
		}
		// all or none: the second line is short, the first keeps its units
		_, err = s.Place(ctx, place("A-1", "B-1"))
		var short *stock.ShortError
		if !errors.As(err, &short) || short.Code != "B-1" || short.Available != 1 {
			t.Fatalf("short line: %v", err)
		}
		// two lines of one SKU: the second is short; what is available is the stock before both
		twice := place("A-1", "A-1")
		twice.Items[1].Quantity = 2
		if _, err = s.Place(ctx, twice); !errors.As(err, &short) || short.Code != "A-1" || short.Available != 3 {
			t.Fatalf("two lines of one SKU: %v", err)
		}
		if stockOf(t, g, a) != 3 || stockOf(t, g, b) != 1 {
			t.Fatal("a refused order took stock")
		}
		var orders int64
		g.Model(&order.Order{}).Count(&orders)
		if orders != 1 {
			t.Fatalf("%d orders, want 1", orders)
		}
		// unknown, off sale, another seller's
		_, err = s.Place(ctx, place("NOPE"))
		var unknown *order.UnknownSkuError
		if !errors.As(err, &unknown) || unknown.SkuCode != "NOPE" || !errors.Is(err, order.ErrUnknownSku) {
			t.Fatalf("unknown code: %v", err)
		}
		g.Exec("UPDATE goods_skus SET on_sale = ? WHERE id = ?", false, b)
		_, err = s.Place(ctx, place("B-1"))
		wantErr(t, "a SKU off sale", err, order.ErrUnknownSku)
		addSku(t, g, 7, "C-1", 5)
		_, err = s.Place(ctx, place("C-1"))
		wantErr(t, "another seller's SKU", err, order.ErrUnknownSku)
		in := place("C-1")
		in.AgencyID = ptr(int64(7))
		if o, err := s.Place(ctx, in); err != nil || o.AgencyID == nil || *o.AgencyID != 7 {
			t.Fatalf("a channel's order: %+v %v", o, err)
		}
		_, err = s.Place(ctx, order.PlaceInput{})
		wantErr(t, "no items", err, order.ErrNoItems)
	})
}

// TestPlaceRace: 50 buyers race for a SKU holding 10 units; exactly 10 orders are made.
func TestPlaceRace(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _ := newService(t, g)
		id := addSku(t, g, 0, "HOT-1", 10)
		var wg sync.WaitGroup
		var mu sync.Mutex
		won, short := 0, 0
		for range 50 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				in := place()
				in.Items = []order.PlaceItem{{SkuCode: "HOT-1", Quantity: 1}}
				_, err := s.Place(ctx, in)
				var se *stock.ShortError
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					won++
				case errors.As(err, &se):
					short++
				default:
					t.Errorf("place: %v", err)
				}
			}()
		}
		wg.Wait()
		var orders, reserved int64
		g.Model(&order.Order{}).Count(&orders)
		g.Raw("SELECT COUNT(*) FROM stock_ledger WHERE reason = ?", stock.OrderReserve).Scan(&reserved)
		if left := stockOf(t, g, id); won != 10 || short != 40 || left != 0 || orders != 10 || reserved != 10 {
			t.Fatalf("won %d short %d, stock %d, orders %d, reserve rows %d; want 10 40 0 10 10", won, short, left, orders, reserved)
		}
	})
}

func TestMarkPaidAndCancel(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _ := newService(t, g)
		id := addSku(t, g, 0, "A-1", 10)
		o, err := s.Place(ctx, place("A-1"))
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.MarkPaid(ctx, nil, o.OrderNo, o.Amount-1, "open:c1")
		wantErr(t, "a wrong amount", err, order.ErrAmountMismatch)
		_, err = s.MarkPaid(ctx, ptr(int64(7)), o.OrderNo, o.Amount, "open:c1")
		wantErr(t, "another seller's order", err, order.ErrNotFound)
		paid, err := s.MarkPaid(ctx, nil, o.OrderNo, o.Amount, "open:c1")
		if err != nil || paid.Status != order.Paid || paid.PayTime == nil {
			t.Fatalf("paid %+v %v", paid, err)
		}
		again, err := s.MarkPaid(ctx, nil, o.OrderNo, o.Amount, "open:c1")
		if err != nil || again.Status != order.Paid || !again.PayTime.Equal(*paid.PayTime) {
			t.Fatalf("paid twice %+v %v", again, err)
		}
		_, err = s.MarkPaid(ctx, nil, o.OrderNo, o.Amount+1, "open:c1")
		wantErr(t, "paid again for another amount", err, order.ErrAmountMismatch)
		d, _ := s.GetByNo(ctx, nil, o.OrderNo)
		if len(d.History) != 2 || stockOf(t, g, id) != 8 {
			t.Fatalf("history %d entries, stock %d; want 2, 8 (payment moves no stock)", len(d.History), stockOf(t, g, id))
		}
		_, err = s.CancelUnpaid(ctx, nil, o.OrderNo, "open:c1")
		wantErr(t, "cancelling a paid order", err, order.ErrIllegalMove)

		o2, _ := s.Place(ctx, place("A-1"))
		closed, err := s.CancelUnpaid(ctx, nil, o2.OrderNo, "open:c1")
		if err != nil || closed.Status != order.Closed || stockOf(t, g, id) != 8 {
			t.Fatalf("cancelled %+v %v, stock %d", closed, err, stockOf(t, g, id))
		}
		_, err = s.CancelUnpaid(ctx, nil, o2.OrderNo, "open:c1")
		wantErr(t, "cancelling twice", err, order.ErrIllegalMove)
		_, err = s.MarkPaid(ctx, nil, o2.OrderNo, o2.Amount, "open:c1")
		wantErr(t, "paying a closed order", err, order.ErrIllegalMove)
		d, _ = s.GetByNo(ctx, nil, o2.OrderNo)
		if len(d.StockMoves) != 2 || d.StockMoves[1].Reason != stock.OrderRelease || d.StockMoves[1].Delta != 2 ||
			*d.StockMoves[1].LineKey != fmt.Sprintf("release:%d:%d", o2.ID, d.Items[0].ID) {
			t.Fatalf("stock moves %+v", d.StockMoves)
		}
		if stockOf(t, g, id) != 8 {
			t.Fatal("stock after cancel")
		}
	})
}

// TestStaffMovesStock: close gives an unpaid order's units back, refund a paid one's, once each;
// ship and complete move none; a line without a SKU moves none.
func TestStaffMovesStock(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _ := newService(t, g)
		id := addSku(t, g, 0, "A-1", 10)
		a, _ := s.Place(ctx, place("A-1"))
		b, _ := s.Place(ctx, place("A-1"))
		c, _ := s.Place(ctx, place("A-1"))
		if stockOf(t, g, id) != 4 {
			t.Fatal("three orders of 2 from 10")
		}
		if err := s.Move(ctx, nil, "admin", a.ID, order.Close, order.MoveInput{}); err != nil || stockOf(t, g, id) != 6 {
			t.Fatalf("close: %v, stock %d", err, stockOf(t, g, id))
		}
		wantErr(t, "closing twice", s.Move(ctx, nil, "admin", a.ID, order.Close, order.MoveInput{}), order.ErrIllegalMove)
		wantErr(t, "refunding a closed order", s.Move(ctx, nil, "admin", a.ID, order.Refund, order.MoveInput{}), order.ErrIllegalMove)
		for _, o := range []order.Order{b, c} {
			if _, err := s.MarkPaid(ctx, nil, o.OrderNo, o.Amount, "open:c1"); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Move(ctx, nil, "admin", b.ID, order.Refund, order.MoveInput{}); err != nil || stockOf(t, g, id) != 8 {
			t.Fatalf("refund: %v, stock %d", err, stockOf(t, g, id))
		}
		wantErr(t, "refunding twice", s.Move(ctx, nil, "admin", b.ID, order.Refund, order.MoveInput{}), order.ErrIllegalMove)
		if err := s.Move(ctx, nil, "admin", c.ID, order.Ship, order.MoveInput{ExpressCompany: "SF", TrackingNo: "SF1"}); err != nil {
			t.Fatal(err)
		}
		if err := s.Move(ctx, nil, "admin", c.ID, order.Complete, order.MoveInput{}); err != nil || stockOf(t, g, id) != 8 {
			t.Fatalf("ship and complete: %v, stock %d", err, stockOf(t, g, id))
		}
		wantErr(t, "refunding a shipped order", s.Move(ctx, nil, "admin", c.ID, order.Refund, order.MoveInput{}), order.ErrIllegalMove)
		d, _ := s.Get(ctx, nil, b.ID)
		if len(d.StockMoves) != 2 || d.StockMoves[1].Reason != stock.OrderRefund || d.StockMoves[1].Operator != "admin" {
			t.Fatalf("refund moves %+v", d.StockMoves)
		}
		// an order whose SKU was deleted since closes, giving back nothing
		gone, _ := s.Place(ctx, place("A-1"))
		g.Exec("DELETE FROM goods_skus WHERE id = ?", id)
		if err := s.Move(ctx, nil, "admin", gone.ID, order.Close, order.MoveInput{}); err != nil {
			t.Fatalf("closing an order of a deleted SKU: %v", err)
		}
		// an order from before SKUs closes without moving stock
		old := mustCreate(t, s, newOrder("", "13812345678", nil))
		if err := s.Move(ctx, nil, "admin", old, order.Close, order.MoveInput{}); err != nil {
			t.Fatalf("closing an order without SKUs: %v", err)
		}
	})
}
