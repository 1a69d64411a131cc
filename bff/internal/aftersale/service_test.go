package aftersale_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/aftersale"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/money"
)

// shop is an env with SKUs A (¥100.00, 10 units) and B (¥50.00, 10 units) and a paid order of
// 2 A + 1 B with ¥10.00 freight: ¥260.00.
func shop(t *testing.T, g *gorm.DB) (*env, order.Detail, [2]int64) {
	t.Helper()
	e := newEnv(t, g)
	a, b := addSku(t, g, 0, "A", 10000, 10), addSku(t, g, 0, "B", 5000, 10)
	o := e.paidOrder(t, nil, 1000, order.PlaceItem{SkuCode: "A", Quantity: 2}, order.PlaceItem{SkuCode: "B", Quantity: 1})
	if o.Amount != 26000 {
		t.Fatalf("order amount %s", o.Amount)
	}
	return e, o, [2]int64{a, b}
}

func amountMax(t *testing.T, err error, field string, want money.Fen) {
	t.Helper()
	var ae *aftersale.AmountError
	if !errors.As(err, &ae) || ae.Field != field || ae.Max != want {
		t.Fatalf("err %v, want %s at most %s", err, field, want)
	}
}

func TestOpen(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		e, o, _ := shop(t, g)
		d, err := e.open(t, o, aftersale.TypeReturn, 10000, 0, map[int]int64{0: 1})
		if err != nil || d.Status != aftersale.Applied || len(d.Items) != 1 || d.Items[0].Quantity != 1 ||
			d.AgencyID != nil || d.OrderAmount != 26000 || len(d.History) != 1 || len(d.CaseNo) != 22 {
			t.Fatalf("opened %+v %v", d, err)
		}
		// the second unit of A: at most its price; a third does not exist
		_, err = e.open(t, o, aftersale.TypeRefund, 10001, 0, map[int]int64{0: 1})
		amountMax(t, err, "amount", 10000)
		var ie *aftersale.ItemError
		if _, err = e.open(t, o, aftersale.TypeRefund, 100, 0, map[int]int64{0: 2}); !errors.As(err, &ie) || ie.Max != 1 {
			t.Fatalf("too many units: %v", err)
		}
		// freight only when stated, never above the order's
		_, err = e.open(t, o, aftersale.TypeRefund, 6001, 1000, map[int]int64{1: 1})
		amountMax(t, err, "amount", 6000)
		_, err = e.open(t, o, aftersale.TypeRefund, 7000, 1001, map[int]int64{1: 1})
		amountMax(t, err, "freight", 1000)
		f, err := e.open(t, o, aftersale.TypeRefund, 6000, 1000, map[int]int64{1: 1})
		if err != nil || f.Freight != 1000 {
			t.Fatalf("with freight: %+v %v", f, err)
		}
		// the freight is asked by f: none left for another case
		_, err = e.open(t, o, aftersale.TypeRefund, 1000, 100, map[int]int64{0: 1})
		amountMax(t, err, "freight", 0)
		// a cancelled case gives its units back
		if _, err := e.s.Cancel(ctx, nil, f.CaseNo, "buyer"); err != nil {
			t.Fatal(err)
		}
		// open API: by SKU code
		in := aftersale.OpenInput{OrderNo: o.OrderNo, Type: aftersale.TypeRefund, Amount: 5000, Source: "open", Operator: "open:c1",
			Items: []aftersale.ItemInput{{SkuCode: "B", Quantity: 1}}}
		if d, err := e.s.Open(ctx, nil, in); err != nil || d.Source != "open" || d.Items[0].SkuCode != "B" {
			t.Fatalf("by SKU: %+v %v", d, err)
		}
		in.Items[0].SkuCode = "Z"
		if _, err := e.s.Open(ctx, nil, in); !errors.As(err, &ie) || ie.Max != -1 {
			t.Fatalf("unknown SKU: %v", err)
		}
		// bad input
		in.Items[0] = aftersale.ItemInput{SkuCode: "A", Quantity: 0}
		wantErr(t, "no units", func() error { _, err := e.s.Open(ctx, nil, in); return err }(), aftersale.ErrNoItems)
		in.Items[0].Quantity, in.Type = 1, "swap"
		wantErr(t, "type", func() error { _, err := e.s.Open(ctx, nil, in); return err }(), aftersale.ErrType)
		in.Type, in.Amount = aftersale.TypeRefund, 0
		wantErr(t, "amount", func() error { _, err := e.s.Open(ctx, nil, in); return err }(), aftersale.ErrAmountPositive)
		// another agency's order is not found; an unpaid order cannot have a case
		in.Amount = 100
		wantErr(t, "scope", func() error { _, err := e.s.Open(ctx, ptr(int64(7)), in); return err }(), aftersale.ErrOrderNotFound)
		u, err := e.orders.Place(ctx, order.PlaceInput{CustomerName: "李四", Phone: "139", Items: []order.PlaceItem{{SkuCode: "A", Quantity: 1}}, Operator: "t"})
		if err != nil {
			t.Fatal(err)
		}
		in.OrderNo = u.OrderNo
		var se *aftersale.OrderStatusError
		if _, err := e.s.Open(ctx, nil, in); !errors.As(err, &se) || se.Status != order.Unpaid {
			t.Fatalf("unpaid: %v", err)
		}
	})
}

// moveErr checks err is a *MoveError from → to.
func moveErr(t *testing.T, what string, err error, from, to string) {
	t.Helper()
	var me *aftersale.MoveError
	if !errors.As(err, &me) || me.From != from || me.To != to || !errors.Is(err, aftersale.ErrIllegalMove) {
		t.Fatalf("%s: err %v, want move %s → %s", what, err, from, to)
	}
}

func TestReturnFlow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		e, o, skus := shop(t, g)
		before := stockOf(t, g, skus[0])
		d, err := e.open(t, o, aftersale.TypeReturn, 10000, 0, map[int]int64{0: 1})
		if err != nil {
			t.Fatal(err)
		}
		_, err = e.s.Receive(ctx, nil, d.ID, "admin", false)
		moveErr(t, "receive applied", err, aftersale.Applied, aftersale.Received)
		_, err = e.s.Refund(ctx, nil, d.ID, staff, manual)
		moveErr(t, "refund applied", err, aftersale.Applied, aftersale.Refunding)
		_, err = e.s.ReturnShipment(ctx, nil, d.CaseNo, "SF", "SF1", "buyer")
		moveErr(t, "ship applied", err, aftersale.Applied, aftersale.Returned)
		if d, err = e.s.Approve(ctx, nil, d.ID, "admin", ""); err != nil || d.Status != aftersale.AwaitingReturn || d.ReturnAddress != "上海市退货仓" {
			t.Fatalf("approved %+v %v", d, err)
		}
		_, err = e.s.Approve(ctx, nil, d.ID, "admin", "")
		moveErr(t, "approve twice", err, aftersale.AwaitingReturn, aftersale.AwaitingReturn)
		wantErr(t, "tracking", func() error { _, err := e.s.ReturnShipment(ctx, nil, d.CaseNo, "SF", "", "b"); return err }(), aftersale.ErrTrackingMissing)
		if d, err = e.s.ReturnShipment(ctx, nil, d.CaseNo, "SF", "SF1", "buyer"); err != nil || d.Status != aftersale.Returned || d.ReturnTrackingNo != "SF1" {
			t.Fatalf("shipped %+v %v", d, err)
		}
		if d, err = e.s.Receive(ctx, nil, d.ID, "admin", false); err != nil || d.Status != aftersale.Received {
			t.Fatalf("received %+v %v", d, err)
		}
		if got := stockOf(t, g, skus[0]); got != before+1 {
			t.Fatalf("restocked to %d, want %d", got, before+1)
		}
		_, err = e.s.Cancel(ctx, nil, d.CaseNo, "buyer")
		moveErr(t, "cancel received", err, aftersale.Received, aftersale.Cancelled)
		if d, err = e.s.Refund(ctx, nil, d.ID, staff, manual); err != nil || d.Status != aftersale.Refunded ||
			d.RefundState != aftersale.RefundDone || d.OrderRefunded != 10000 || d.Items[0].Refunded != 10000 || d.RefundTime == nil {
			t.Fatalf("refunded %+v %v", d, err)
		}
		want := []string{"→applied", "applied→approved", "approved→awaiting_return", "awaiting_return→returned",
			"returned→received", "received→refunding", "refunding→refunded"}
		for i, h := range d.History {
			if i >= len(want) || h.FromStatus+"→"+h.ToStatus != want[i] {
				t.Fatalf("history %d: %s→%s", i, h.FromStatus, h.ToStatus)
			}
		}
		for _, act := range []func() error{
			func() error { _, err := e.s.Refund(ctx, nil, d.ID, staff, manual); return err },
			func() error { _, err := e.s.Reject(ctx, nil, d.ID, "admin", "no"); return err },
			func() error { _, err := e.s.Cancel(ctx, nil, d.CaseNo, "b"); return err },
		} {
			if err := act(); !errors.Is(err, aftersale.ErrIllegalMove) {
				t.Fatalf("after refunded: %v", err)
			}
		}
		od, _ := e.orders.Get(ctx, nil, o.ID)
		if od.Status != order.Paid || od.Refunded != 10000 || od.Items[0].RefundedQty != 1 || od.Items[0].Refunded != 10000 {
			t.Fatalf("order after a partial refund: %+v", od.Order)
		}
		// the whole-order refund is refused once the order has a case
		wantErr(t, "order refund", e.orders.Move(ctx, nil, "admin", o.ID, order.Refund, order.MoveInput{}), order.ErrHasAftersale)
	})
}

func TestDamaged(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		e, o, skus := shop(t, g)
		before := stockOf(t, g, skus[1])
		d, _ := e.open(t, o, aftersale.TypeReturn, 5000, 0, map[int]int64{1: 1})
		if _, err := e.s.Approve(ctx, nil, d.ID, "admin", "北京"); err != nil {
			t.Fatal(err)
		}
		if _, err := e.s.ReturnShipment(ctx, nil, d.CaseNo, "SF", "1", "b"); err != nil {
			t.Fatal(err)
		}
		d, err := e.s.Receive(ctx, nil, d.ID, "admin", true)
		if err != nil || !d.Damaged || d.ReturnAddress != "北京" || stockOf(t, g, skus[1]) != before {
			t.Fatalf("damaged %+v %v, stock %d", d, err, stockOf(t, g, skus[1]))
		}
		var n int64
		g.Raw("SELECT COUNT(*) FROM stock_ledger WHERE reason = 'return_restock'").Scan(&n)
		if n != 0 {
			t.Fatalf("%d restock rows", n)
		}
	})
}

func TestFullRefund(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		e, o, _ := shop(t, g)
		a, _ := e.open(t, o, aftersale.TypeRefund, 20000, 0, map[int]int64{0: 2})
		b, _ := e.open(t, o, aftersale.TypeRefund, 6000, 1000, map[int]int64{1: 1})
		for _, c := range []aftersale.Detail{a, b} {
			d, err := e.s.Approve(ctx, nil, c.ID, "admin", "")
			if err != nil || d.Status != aftersale.Refunding {
				t.Fatalf("approved %+v %v", d, err)
			}
		}
		if _, err := e.s.Refund(ctx, nil, a.ID, staff, manual); err != nil {
			t.Fatal(err)
		}
		od, _ := e.orders.Get(ctx, nil, o.ID)
		if od.Status != order.Paid || od.Refunded != 20000 {
			t.Fatalf("after a: %+v", od.Order)
		}
		if _, err := e.s.Refund(ctx, nil, b.ID, staff, manual); err != nil {
			t.Fatal(err)
		}
		od, _ = e.orders.Get(ctx, nil, o.ID)
		last := od.History[len(od.History)-1]
		if od.Status != order.Refunded || od.Refunded != od.Amount || od.FreightRefunded != 1000 ||
			last.ToStatus != order.Refunded || last.FromStatus != order.Paid {
			t.Fatalf("after b: %+v %+v", od.Order, last)
		}
		// nothing is left to ask
		_, err := e.open(t, o, aftersale.TypeRefund, 1, 0, map[int]int64{0: 1})
		var se *aftersale.OrderStatusError
		if !errors.As(err, &se) {
			t.Fatalf("refunded order: %v", err)
		}
	})
}

func TestReject(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		e, o, _ := shop(t, g)
		d, _ := e.open(t, o, aftersale.TypeRefund, 100, 0, map[int]int64{0: 1})
		wantErr(t, "no reason", func() error { _, err := e.s.Reject(ctx, nil, d.ID, "admin", ""); return err }(), aftersale.ErrReasonRequired)
		d, err := e.s.Reject(ctx, nil, d.ID, "admin", "超过售后期")
		if err != nil || d.Status != aftersale.Rejected || d.History[len(d.History)-1].Note != "超过售后期" {
			t.Fatalf("rejected %+v %v", d, err)
		}
		_, err = e.s.Approve(ctx, nil, d.ID, "admin", "")
		moveErr(t, "approve rejected", err, aftersale.Rejected, aftersale.Refunding)
		// the rejected case's unit may be asked again; once money was sent, no rejection
		d, _ = e.open(t, o, aftersale.TypeRefund, 100, 0, map[int]int64{0: 2})
		if _, err := e.s.Approve(ctx, nil, d.ID, "admin", ""); err != nil {
			t.Fatal(err)
		}
		if d, err = e.s.Refund(ctx, nil, d.ID, staff, aftersale.RefundInput{Provider: aftersale.GatewayProv}); err != nil || d.RefundState != aftersale.RefundSent {
			t.Fatalf("sent %+v %v", d, err)
		}
		_, err = e.s.Reject(ctx, nil, d.ID, "admin", "x")
		moveErr(t, "reject sent", err, aftersale.Refunding, aftersale.Rejected)
		// from every earlier step a rejection is legal
		r, _ := e.open(t, o, aftersale.TypeReturn, 100, 0, map[int]int64{1: 1})
		if _, err := e.s.Approve(ctx, nil, r.ID, "admin", ""); err != nil {
			t.Fatal(err)
		}
		if r, err = e.s.Reject(ctx, nil, r.ID, "admin", "x"); err != nil || r.Status != aftersale.Rejected {
			t.Fatalf("reject awaiting: %v", err)
		}
	})
}

func TestScope(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		e := newEnv(t, g)
		addSku(t, g, 7, "C", 1000, 5)
		o := e.paidOrder(t, ptr(int64(7)), 0, order.PlaceItem{SkuCode: "C", Quantity: 1})
		d, err := e.s.Open(ctx, ptr(int64(7)), aftersale.OpenInput{OrderNo: o.OrderNo, Type: aftersale.TypeRefund, Amount: 500,
			Items: []aftersale.ItemInput{{OrderItemID: o.Items[0].ID, Quantity: 1}}, Operator: "ch"})
		if err != nil || d.AgencyID == nil || *d.AgencyID != 7 {
			t.Fatalf("opened %+v %v", d, err)
		}
		other := ptr(int64(8))
		for what, err := range map[string]error{
			"get":     func() error { _, err := e.s.Get(ctx, other, d.ID); return err }(),
			"by no":   func() error { _, err := e.s.GetByNo(ctx, other, d.CaseNo); return err }(),
			"approve": func() error { _, err := e.s.Approve(ctx, other, d.ID, "x", ""); return err }(),
			"reject":  func() error { _, err := e.s.Reject(ctx, other, d.ID, "x", "y"); return err }(),
			"cancel":  func() error { _, err := e.s.Cancel(ctx, other, d.CaseNo, "x"); return err }(),
			"refund":  func() error { _, err := e.s.Refund(ctx, other, d.ID, staff, manual); return err }(),
		} {
			wantErr(t, what, err, aftersale.ErrNotFound)
		}
		if _, err := e.s.Get(ctx, ptr(int64(7)), d.ID); err != nil {
			t.Fatal(err)
		}
		rows, n, err := e.s.List(ctx, aftersale.Query{Scope: other, Limit: 10})
		if err != nil || n != 0 || len(rows) != 0 {
			t.Fatalf("other's list: %d %v", n, err)
		}
		if n, _ := e.s.PendingCount(ctx, ptr(int64(7))); n != 1 {
			t.Fatalf("pending %d", n)
		}
		if n, _ := e.s.PendingCount(ctx, other); n != 0 {
			t.Fatalf("other's pending %d", n)
		}
	})
}

func TestListCounts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		e, o, _ := shop(t, g)
		a, _ := e.open(t, o, aftersale.TypeRefund, 100, 0, map[int]int64{0: 1})
		if _, err := e.open(t, o, aftersale.TypeReturn, 100, 0, map[int]int64{1: 1}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.s.Approve(ctx, nil, a.ID, "admin", ""); err != nil {
			t.Fatal(err)
		}
		counts, err := e.s.Counts(ctx, aftersale.Query{})
		if err != nil || counts[aftersale.Applied] != 1 || counts[aftersale.Refunding] != 1 || len(counts) != len(aftersale.Statuses) {
			t.Fatalf("counts %v %v", counts, err)
		}
		rows, n, err := e.s.List(ctx, aftersale.Query{Type: aftersale.TypeReturn, OrderNo: o.OrderNo[:6], Phone: "138", Limit: 10})
		if err != nil || n != 1 || rows[0].Type != aftersale.TypeReturn {
			t.Fatalf("list %v %d %v", rows, n, err)
		}
		rows, n, _ = e.s.List(ctx, aftersale.Query{Status: aftersale.Refunding, CaseNo: a.CaseNo, Limit: 10})
		if n != 1 || rows[0].ID != a.ID {
			t.Fatalf("by status and number: %d", n)
		}
		cs, _ := e.s.OrderCases(ctx, o.ID)
		if len(cs) != 2 {
			t.Fatalf("order cases %d", len(cs))
		}
		if n, _ := e.s.PendingCount(ctx, nil); n != 2 { // applied + refunding not asked
			t.Fatalf("pending %d", n)
		}
	})
}

func TestPictures(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		e, o, _ := shop(t, g)
		in := aftersale.OpenInput{OrderNo: o.OrderNo, Type: aftersale.TypeRefund, Amount: 100, Photos: []int64{9, 10}, Operator: "t",
			Items: []aftersale.ItemInput{{OrderItemID: o.Items[0].ID, Quantity: 1}}}
		wantErr(t, "a PDF photo", func() error { _, err := e.s.Open(ctx, nil, in); return err }(), aftersale.ErrPhotos)
		in.Photos = []int64{9, 9}
		d, err := e.s.Open(ctx, nil, in)
		if err != nil || d.Photos != "[9,9]" {
			t.Fatalf("photos %q %v", d.Photos, err)
		}
		if _, err := e.s.Approve(ctx, nil, d.ID, "t", ""); err != nil {
			t.Fatal(err)
		}
		for _, id := range []int64{10, 99} {
			_, err := e.s.Refund(ctx, nil, d.ID, staff, aftersale.RefundInput{Provider: aftersale.Manual, VoucherNo: "V", VoucherFileID: &id})
			wantErr(t, fmt.Sprint("voucher ", id), err, aftersale.ErrVoucherFile)
		}
	})
}
