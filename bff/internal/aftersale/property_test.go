package aftersale_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/aftersale"
	"mallconsole/bff/internal/aftersale/gateway"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/money"
)

// TestMoneyProperty runs random sequences of cases and moves (open with random lines, amounts
// and freight, approve, return shipment, receive damaged or not, refund by hand or through the
// gateway, gateway answers in any order, reject, cancel, the whole-order refund, shipping) over
// random orders, and checks that no refund exceeds what was paid per line and per order, that
// the refunded totals of lines and orders are the sums of the finished cases, and that the stock
// restored is the units received undamaged. 10,000 moves on SQLite, 1,500 on MariaDB.
func TestMoneyProperty(t *testing.T) {
	for _, backend := range dbtest.Backends() {
		t.Run(backend, func(t *testing.T) {
			t.Parallel()
			g := dbtest.Open(t, backend)
			moves := 10_000
			if backend == db.MySQL || testing.Short() {
				moves = 1_500
			}
			runMoneyProperty(t, g, 20261128, moves)
		})
	}
}

var refundErrs = []error{aftersale.ErrIllegalMove, aftersale.ErrRefundInFlight, aftersale.ErrApproving,
	aftersale.ErrNotFound, aftersale.ErrGatewayAmount}

func runMoneyProperty(t *testing.T, g *gorm.DB, seed uint64, moves int) {
	ctx := context.Background()
	e := newEnv(t, g)
	r := rand.New(rand.NewPCG(seed, 7))
	codes := []string{"P1", "P2", "P3", "P4", "P5"}
	for i, c := range codes {
		addSku(t, g, 0, c, money.Fen(int64(100*(i+1))+r.Int64N(5000)), 1_000_000)
	}
	var orders []order.Detail
	newOrder := func() {
		var lines []order.PlaceItem
		for _, c := range codes {
			if r.IntN(2) == 0 || len(lines) == 0 {
				lines = append(lines, order.PlaceItem{SkuCode: c, Quantity: 1 + r.Int64N(4)})
			}
		}
		orders = append(orders, e.paidOrder(t, nil, money.Fen(r.Int64N(3)*500), lines...))
	}
	for range 20 {
		newOrder()
	}
	var cases []aftersale.Detail
	pick := func() (aftersale.Detail, bool) {
		if len(cases) == 0 {
			return aftersale.Detail{}, false
		}
		if r.IntN(5) > 0 { // mostly the recent cases, which still move
			return cases[max(0, len(cases)-1-r.IntN(8))], true
		}
		return cases[r.IntN(len(cases))], true
	}
	allowed := func(what string, err error, also ...error) {
		t.Helper()
		if err == nil {
			return
		}
		for _, a := range append(refundErrs, also...) {
			if errors.Is(err, a) {
				return
			}
		}
		var ae *aftersale.AmountError
		var ie *aftersale.ItemError
		var se *aftersale.OrderStatusError
		if errors.As(err, &ae) || errors.As(err, &ie) || errors.As(err, &se) {
			return
		}
		t.Fatalf("%s: %v", what, err)
	}
	for i := range moves {
		c, ok := pick()
		switch op := r.IntN(14); {
		case op == 0 && r.IntN(2) == 0:
			newOrder()
		case op <= 2 || !ok:
			o := orders[r.IntN(len(orders))]
			in := aftersale.OpenInput{OrderNo: o.OrderNo, Type: []string{aftersale.TypeRefund, aftersale.TypeReturn}[r.IntN(2)],
				Operator: "t", Freight: money.Fen(r.Int64N(2) * r.Int64N(1200))}
			var paid money.Fen
			for _, it := range o.Items {
				if r.IntN(2) == 0 {
					q := 1 + r.Int64N(it.Quantity)
					if r.IntN(8) == 0 {
						q++ // sometimes more than the line has
					}
					in.Items = append(in.Items, aftersale.ItemInput{OrderItemID: it.ID, Quantity: q})
					paid += it.UnitPrice * money.Fen(q)
				}
			}
			in.Amount = in.Freight + 1 + money.Fen(r.Int64N(int64(paid)+1))
			if r.IntN(6) == 0 {
				in.Amount += money.Fen(r.Int64N(int64(paid) + 1)) // sometimes more than may be refunded
			}
			d, err := e.s.Open(ctx, nil, in)
			allowed("open", err, aftersale.ErrNoItems)
			if err == nil {
				cases = append(cases, d)
			}
		case op == 3:
			_, err := e.s.Approve(ctx, nil, c.ID, "t", "")
			allowed("approve", err)
		case op == 4:
			_, err := e.s.ReturnShipment(ctx, nil, c.CaseNo, "SF", "1", "b")
			allowed("ship", err)
		case op == 5:
			_, err := e.s.Receive(ctx, nil, c.ID, "t", r.IntN(3) == 0)
			allowed("receive", err)
		case op <= 7:
			_, err := e.s.Refund(ctx, nil, c.ID, staff, manual)
			allowed("refund", err)
		case op == 8:
			e.gw.answer = []gateway.Status{gateway.StatusProcessing, gateway.StatusSuccess, gateway.StatusFailed}[r.IntN(3)]
			_, err := e.s.Refund(ctx, nil, c.ID, staff, aftersale.RefundInput{Provider: aftersale.GatewayProv})
			allowed("gateway refund", err)
		case op == 9:
			d, _ := e.s.Get(ctx, nil, c.ID)
			if d.RefundNo != nil {
				st := []gateway.Status{gateway.StatusProcessing, gateway.StatusSuccess, gateway.StatusFailed}[r.IntN(3)]
				allowed("settle", e.s.Settle(ctx, gateway.Result{RefundNo: *d.RefundNo, Status: st, Amount: d.Amount}))
			}
		case op == 10 && r.IntN(3) == 0:
			_, err := e.s.Reject(ctx, nil, c.ID, "t", "no")
			allowed("reject", err)
		case op == 11 && r.IntN(3) == 0:
			_, err := e.s.Cancel(ctx, nil, c.CaseNo, "b")
			allowed("cancel", err)
		case op == 12 && r.IntN(2) == 0:
			o := orders[r.IntN(len(orders))]
			err := e.orders.Move(ctx, nil, "t", o.ID, order.Refund, order.MoveInput{})
			if err != nil && !errors.Is(err, order.ErrHasAftersale) && !errors.Is(err, order.ErrIllegalMove) {
				t.Fatalf("order refund: %v", err)
			}
		case op == 13:
			o := orders[r.IntN(len(orders))]
			err := e.orders.Move(ctx, nil, "t", o.ID, order.Ship, order.MoveInput{ExpressCompany: "SF", TrackingNo: "1"})
			if err != nil && !errors.Is(err, order.ErrIllegalMove) {
				t.Fatalf("ship: %v", err)
			}
		default: // the rarer moves' other halves
			_, err := e.s.Approve(ctx, nil, c.ID, "t", "")
			allowed("approve", err)
		}
		if i%50 == 49 || i == moves-1 {
			checkMoney(t, g, i)
		}
	}
	var n int64
	g.Raw("SELECT COUNT(*) FROM aftersale_cases WHERE status = 'refunded'").Scan(&n)
	t.Logf("%d moves, %d cases, %d refunded", moves, len(cases), n)
	if n == 0 {
		t.Fatal("no case was refunded: the run proves nothing")
	}
}

// checkMoney checks the invariants over the whole database.
func checkMoney(t *testing.T, g *gorm.DB, step int) {
	t.Helper()
	fail := func(what string, q string) {
		var bad []map[string]any
		if err := g.Raw(q).Scan(&bad).Error; err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if len(bad) > 0 {
			t.Fatalf("step %d: %s: %v", step, what, bad)
		}
	}
	fail("line refunded above paid", "SELECT id FROM order_items WHERE refunded > unit_price * quantity OR refunded_qty > quantity OR refunded < 0")
	fail("order refunded above amount", "SELECT id FROM orders WHERE refunded > amount OR freight_refunded > freight")
	fail("order refunded is not the sum of its finished cases", `SELECT o.id FROM orders o LEFT JOIN
		(SELECT order_id, SUM(amount) AS a, SUM(freight) AS f FROM aftersale_cases WHERE status = 'refunded' GROUP BY order_id) c
		ON c.order_id = o.id WHERE o.refunded <> COALESCE(c.a, 0) OR o.freight_refunded <> COALESCE(c.f, 0)`)
	fail("line refunded is not the sum of its finished cases", `SELECT oi.id FROM order_items oi LEFT JOIN
		(SELECT i.order_item_id, SUM(i.refunded) AS a, SUM(i.quantity) AS q FROM aftersale_items i
		 JOIN aftersale_cases c ON c.id = i.case_id WHERE c.status = 'refunded' GROUP BY i.order_item_id) s
		ON s.order_item_id = oi.id WHERE oi.refunded <> COALESCE(s.a, 0) OR oi.refunded_qty <> COALESCE(s.q, 0)`)
	fail("a case's lines do not add up to its refund", `SELECT c.id FROM aftersale_cases c JOIN
		(SELECT case_id, SUM(refunded) AS a FROM aftersale_items GROUP BY case_id) s ON s.case_id = c.id
		WHERE c.status = 'refunded' AND s.a <> c.amount - c.freight`)
	fail("units in live cases above the line's", `SELECT oi.id FROM order_items oi JOIN
		(SELECT i.order_item_id, SUM(i.quantity) AS q FROM aftersale_items i JOIN aftersale_cases c ON c.id = i.case_id
		 WHERE c.status NOT IN ('rejected', 'cancelled') GROUP BY i.order_item_id) s ON s.order_item_id = oi.id WHERE s.q > oi.quantity`)
	fail("a fully refunded order is not refunded", `SELECT o.id FROM orders o WHERE o.status <> 'refunded' AND NOT EXISTS
		(SELECT 1 FROM order_items oi WHERE oi.order_id = o.id AND oi.refunded_qty < oi.quantity)`)
	fail("restocked units are not the units received undamaged", `SELECT s.id FROM goods_skus s LEFT JOIN
		(SELECT sku_id, SUM(delta) AS d FROM stock_ledger WHERE reason = 'return_restock' GROUP BY sku_id) l ON l.sku_id = s.id
		LEFT JOIN (SELECT i.sku_id, SUM(i.quantity) AS q FROM aftersale_items i JOIN aftersale_cases c ON c.id = i.case_id
		 WHERE c.damaged = 0 AND EXISTS (SELECT 1 FROM aftersale_history h WHERE h.case_id = c.id AND h.to_status = 'received')
		 GROUP BY i.sku_id) r ON r.sku_id = s.id WHERE COALESCE(l.d, 0) <> COALESCE(r.q, 0)`)
	fail("stock is not its ledger", `SELECT s.id FROM goods_skus s JOIN (SELECT sku_id, SUM(delta) AS d FROM stock_ledger GROUP BY sku_id) l
		ON l.sku_id = s.id WHERE s.stock <> l.d`)
}
