package order_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/stock"
)

// stockSeeds are the runs of TestStockProperty: fixed, so a failure replays.
var stockSeeds = []uint64{1, 20261128}

// stockOps is how many random operations one run makes.
const stockOps = 2000

// modelOrder is an order as the model expects it.
type modelOrder struct {
	no     string
	id     int64
	status string
	amount money.Fen
	lines  []order.PlaceItem
}

// TestStockProperty runs random sequences of place, pay, cancel, close, refund, ship and manual
// adjustments against a model of the stock, and after every step checks that every SKU's stock
// is what the model says, never below zero, equal to the sum of its ledger, that goods hold the
// sum of their SKUs, and that each closed or refunded order gave its lines back exactly once.
func TestStockProperty(t *testing.T) {
	seeds := stockSeeds
	if testing.Short() {
		seeds = seeds[:1]
	}
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		for _, seed := range seeds {
			t.Run(fmt.Sprint(seed), func(t *testing.T) {
				g.Exec("DELETE FROM stock_ledger")
				g.Exec("DELETE FROM goods_skus")
				g.Exec("DELETE FROM goods")
				runStockProperty(t, g, seed)
			})
		}
	})
}

func runStockProperty(t *testing.T, g *gorm.DB, seed uint64) {
	ctx := context.Background()
	s, _ := newService(t, g)
	adj := stock.NewService(stock.NewStore(g), time.Now)
	r := rand.New(rand.NewPCG(seed, 1))
	codes := []string{"P-1", "P-2", "P-3", "P-4"}
	model := map[string]int64{}
	ids := map[string]int64{}
	for _, c := range codes {
		ids[c] = addSku(t, g, 0, c, 15)
		model[c] = 15
	}
	var orders []*modelOrder
	gaveBack := 0 // lines the model says were released or refunded
	var placed, refused int
	pick := func() *modelOrder {
		if len(orders) == 0 {
			return nil
		}
		return orders[r.IntN(len(orders))]
	}
	wantMove := func(step int, what string, err error) {
		if !errors.Is(err, order.ErrIllegalMove) {
			t.Fatalf("step %d %s: %v, want an illegal move", step, what, err)
		}
	}
	for step := range stockOps {
		switch op := r.IntN(10); {
		case op < 3: // place
			in := place()
			need := map[string]int64{}
			for range 1 + r.IntN(3) {
				it := order.PlaceItem{SkuCode: codes[r.IntN(len(codes))], Quantity: 1 + r.Int64N(4)}
				in.Items = append(in.Items, it)
				need[it.SkuCode] += it.Quantity
			}
			fits := true
			for c, n := range need {
				fits = fits && model[c] >= n
			}
			o, err := s.Place(ctx, in)
			var short *stock.ShortError
			switch {
			case fits && err == nil:
				for c, n := range need {
					model[c] -= n
				}
				placed++
				orders = append(orders, &modelOrder{no: o.OrderNo, id: o.ID, status: order.Unpaid, amount: o.Amount, lines: in.Items})
			case !fits && errors.As(err, &short):
				refused++
				if short.Available != model[short.Code] || short.Available >= need[short.Code] {
					t.Fatalf("step %d: short %+v, model %v", step, short, model)
				}
			default:
				t.Fatalf("step %d place %v (fits %v): %v", step, in.Items, fits, err)
			}
		case op < 5: // pay
			o := pick()
			if o == nil {
				continue
			}
			_, err := s.MarkPaid(ctx, nil, o.no, o.amount, "open:c1")
			switch o.status {
			case order.Unpaid:
				if err != nil {
					t.Fatalf("step %d pay: %v", step, err)
				}
				o.status = order.Paid
			case order.Closed:
				wantMove(step, "pay a closed order", err)
			default:
				if err != nil {
					t.Fatalf("step %d pay again (%s): %v", step, o.status, err)
				}
			}
		case op < 7: // the buyer cancels, or the shop closes
			o := pick()
			if o == nil {
				continue
			}
			var err error
			if op == 5 {
				_, err = s.CancelUnpaid(ctx, nil, o.no, "open:c1")
			} else {
				err = s.Move(ctx, nil, "admin", o.id, order.Close, order.MoveInput{})
			}
			if o.status != order.Unpaid {
				wantMove(step, "close a "+o.status+" order", err)
				continue
			}
			if err != nil {
				t.Fatalf("step %d close: %v", step, err)
			}
			o.status = order.Closed
			giveBack(model, o)
			gaveBack += len(o.lines)
		case op == 7: // refund, or ship
			o := pick()
			if o == nil {
				continue
			}
			action := []string{order.Refund, order.Ship}[r.IntN(2)]
			err := s.Move(ctx, nil, "admin", o.id, action, order.MoveInput{ExpressCompany: "SF", TrackingNo: "SF1"})
			if o.status != order.Paid {
				wantMove(step, action+" a "+o.status+" order", err)
				continue
			}
			if err != nil {
				t.Fatalf("step %d %s: %v", step, action, err)
			}
			if action == order.Ship {
				o.status = order.Shipped
				continue
			}
			o.status = order.Refunded
			giveBack(model, o)
			gaveBack += len(o.lines)
		default: // a person's adjustment
			c := codes[r.IntN(len(codes))]
			in := stock.AdjustInput{SkuID: ids[c], Type: []string{stock.AdjustIn, stock.AdjustOut, stock.AdjustStocktake}[r.IntN(3)],
				Quantity: 1 + r.Int64N(8), Reason: "随机"}
			if in.Type == stock.AdjustStocktake {
				in.Quantity = r.Int64N(20)
			}
			_, err := adj.Adjust(ctx, nil, "admin", in)
			var short *stock.ShortError
			switch {
			case in.Type == stock.AdjustIn && err == nil:
				model[c] += in.Quantity
			case in.Type == stock.AdjustOut && in.Quantity <= model[c] && err == nil:
				model[c] -= in.Quantity
			case in.Type == stock.AdjustOut && in.Quantity > model[c] && errors.As(err, &short):
			case in.Type == stock.AdjustStocktake && in.Quantity == model[c] && errors.Is(err, stock.ErrSameCount):
			case in.Type == stock.AdjustStocktake && in.Quantity != model[c] && err == nil:
				model[c] = in.Quantity
			default:
				t.Fatalf("step %d adjust %+v (model %d): %v", step, in, model[c], err)
			}
		}
		checkStock(t, g, step, model, ids, gaveBack)
	}
	t.Logf("%d steps: %d orders placed, %d refused short, %d lines given back", stockOps, placed, refused, gaveBack)
}

// giveBack returns o's lines to the model.
func giveBack(model map[string]int64, o *modelOrder) {
	for _, it := range o.lines {
		model[it.SkuCode] += it.Quantity
	}
}

// checkStock compares the database with the model after a step.
func checkStock(t *testing.T, g *gorm.DB, step int, model map[string]int64, ids map[string]int64, gaveBack int) {
	t.Helper()
	var rows []struct {
		Code   string
		Stock  int64
		Ledger int64
		Goods  int64
	}
	err := g.Raw("SELECT s.code, s.stock, g.stock AS goods, (SELECT COALESCE(SUM(delta), 0) FROM stock_ledger l WHERE l.sku_id = s.id) AS ledger " +
		"FROM goods_skus s JOIN goods g ON g.id = s.goods_id").Scan(&rows).Error
	if err != nil || len(rows) != len(ids) {
		t.Fatalf("step %d: %d SKUs read: %v", step, len(rows), err)
	}
	for _, r := range rows {
		if r.Stock < 0 || r.Stock != model[r.Code] || r.Ledger != r.Stock || r.Goods != r.Stock {
			t.Fatalf("step %d: SKU %s stock %d, ledger %d, goods %d; model %d", step, r.Code, r.Stock, r.Ledger, r.Goods, model[r.Code])
		}
	}
	var back int64
	g.Raw("SELECT COUNT(*) FROM stock_ledger WHERE reason IN ?", []string{stock.OrderRelease, stock.OrderRefund}).Scan(&back)
	if int(back) != gaveBack {
		t.Fatalf("step %d: %d lines given back, the model says %d", step, back, gaveBack)
	}
}
