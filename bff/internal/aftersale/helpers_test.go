package aftersale_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/aftersale"
	"mallconsole/bff/internal/aftersale/gateway"
	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/stock"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func ptr[T any](v T) *T { return &v }

func wantErr(t *testing.T, what string, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Fatalf("%s: err %v, want %v", what, err, want)
	}
}

// approvals is a workflow that numbers the instances it starts.
type approvals struct {
	mu        sync.Mutex
	started   []map[string]any
	announced []int64
	fail      error
}

// Announce records the instances whose approvers were told, after the commit.
func (a *approvals) Announce(_ context.Context, instance int64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.announced = append(a.announced, instance)
}

func (a *approvals) StartFor(_ context.Context, tx *gorm.DB, form string, applicant int64, data map[string]any) (int64, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.fail != nil {
		return 0, a.fail
	}
	if tx == nil || form != aftersale.RefundFormCode {
		return 0, errors.New("bad start")
	}
	a.started = append(a.started, data)
	return int64(100 + len(a.started)), nil
}

// fakeGateway answers every refund with answer (its RefundNo filled in) and every query with
// queried; it remembers what it was asked.
type fakeGateway struct {
	mu      sync.Mutex
	asked   []gateway.Request
	answer  gateway.Status
	err     error
	queried map[string]gateway.Result
}

func (f *fakeGateway) Refund(_ context.Context, r gateway.Request) (gateway.Result, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked = append(f.asked, r)
	if f.err != nil {
		return gateway.Result{}, f.err
	}
	return gateway.Result{RefundNo: r.RefundNo, GatewayRef: "G" + r.RefundNo, Status: f.answer, Amount: r.Amount}, nil
}

func (f *fakeGateway) Query(_ context.Context, no string) (gateway.Result, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if r, ok := f.queried[no]; ok {
		return r, nil
	}
	return gateway.Result{RefundNo: no, Status: gateway.StatusNotFound}, nil
}

func (f *fakeGateway) Verify(http.Header, []byte) (gateway.Result, error) {
	return gateway.Result{}, nil
}

// env is a shop with the order and after-sales services over one database.
type env struct {
	g      *gorm.DB
	orders *order.Service
	s      *aftersale.Service
	clock  *clock
	appr   *approvals
	gw     *fakeGateway
}

func newEnv(t testing.TB, g *gorm.DB) *env {
	t.Helper()
	dicts := dict.NewStore(g)
	if err := dicts.Ensure(context.Background(), order.ExpressDict, "快递公司",
		[]dict.Entry{{Label: "顺丰速运", Value: "SF"}}); err != nil {
		t.Fatal(err)
	}
	c := &clock{t: time.Date(2026, 1, 1, 8, 0, 0, 0, time.UTC)}
	e := &env{g: g, orders: order.NewService(order.NewStore(g), dicts, c.now), clock: c, appr: &approvals{},
		gw: &fakeGateway{answer: gateway.StatusProcessing, queried: map[string]gateway.Result{}}}
	// uploads: 9 a picture (the vouchers), 10 a PDF
	for id, ct := range map[int64]string{9: "image/png", 10: "application/pdf"} {
		if err := g.Exec("INSERT INTO attachments (id, stored_name, original_name, content_type, size, owner_id, create_time) VALUES (?, ?, 'v', ?, 1, 1, ?)",
			id, fmt.Sprintf("f%d", id), ct, c.t).Error; err != nil {
			t.Fatal(err)
		}
	}
	e.s = aftersale.NewService(aftersale.NewStore(g), aftersale.Deps{Now: c.now, Approvals: e.appr, Gateway: e.gw,
		ApprovalOver: 100000, ReturnAddress: "上海市退货仓", Log: dbtest.Logger(t)})
	return e
}

// addSku adds goods on sale of the seller scope (0: the shop) with one SKU at price and units
// of opening stock.
func addSku(t testing.TB, g *gorm.DB, scope int64, code string, price money.Fen, units int64) int64 {
	t.Helper()
	now := time.Now().UTC().Truncate(time.Millisecond)
	var agency any
	if scope != 0 {
		agency = scope
	}
	if err := g.Exec("INSERT INTO goods (name, code, category, price, cost, stock, status, agency_id, main_picture, gallery, description, create_time, update_time, specs, max_price, low_skus) VALUES (?, ?, '', ?, 500, 0, 'on_sale', ?, '', '[]', '', ?, ?, '[]', ?, 1)",
		"商品"+code, code, price, agency, now, now, price).Error; err != nil {
		t.Fatal(err)
	}
	var goodsID int64
	g.Raw("SELECT id FROM goods WHERE code = ? ORDER BY id DESC", code).Limit(1).Scan(&goodsID)
	if err := g.Exec("INSERT INTO goods_skus (goods_id, scope_id, code, barcode, specs, price, cost, stock, low_stock, on_sale, sort, create_time, update_time) VALUES (?, ?, ?, '', '[]', ?, 500, 0, 10, 1, 0, ?, ?)",
		goodsID, scope, code, price, now, now).Error; err != nil {
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

func stockOf(t testing.TB, g *gorm.DB, id int64) int64 {
	t.Helper()
	var n int64
	g.Raw("SELECT stock FROM goods_skus WHERE id = ?", id).Scan(&n)
	return n
}

// paidOrder places and pays an order of the seller with freight and lines (code, quantity).
func (e *env) paidOrder(t testing.TB, agency *int64, freight money.Fen, lines ...order.PlaceItem) order.Detail {
	t.Helper()
	ctx := context.Background()
	o, err := e.orders.Place(ctx, order.PlaceInput{AgencyID: agency, CustomerName: "王五", Phone: "13812345678",
		Address: "上海市", Freight: freight, Items: lines, Operator: "open:c1"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.orders.MarkPaid(ctx, agency, o.OrderNo, o.Amount, "open:c1"); err != nil {
		t.Fatal(err)
	}
	d, err := e.orders.GetByNo(ctx, nil, o.OrderNo)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// open opens a console case of type over the order's lines (index → quantity).
func (e *env) open(t testing.TB, o order.Detail, typ string, amount, freight money.Fen, qty map[int]int64) (aftersale.Detail, error) {
	t.Helper()
	in := aftersale.OpenInput{OrderNo: o.OrderNo, Type: typ, Reason: "quality", Amount: amount, Freight: freight,
		Operator: "admin", Source: "console"}
	for i := range o.Items {
		if q, ok := qty[i]; ok {
			in.Items = append(in.Items, aftersale.ItemInput{OrderItemID: o.Items[i].ID, Quantity: q})
		}
	}
	return e.s.Open(context.Background(), nil, in)
}

var manual = aftersale.RefundInput{Provider: aftersale.Manual, VoucherNo: "V1", VoucherFileID: ptr(int64(9))}

var staff = aftersale.Actor{UserID: 1, Name: "admin"}
