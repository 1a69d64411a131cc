package app_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/dashboard"
	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/config"
)

// dashboardSamples: the matrix samples of the data overview.
func dashboardSamples() map[string]sample {
	return map[string]sample{
		"GET /api/dashboard": get("/api/dashboard?start=2026-11-01&end=2026-11-21"),
		"POST /api/dashboard/rebuild": func(*testing.T, *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/dashboard/rebuild"}
		},
	}
}

// figuredOrder makes an order the way the shop does, counted by the figures as the app counts
// it, and moves it through actions.
func figuredOrder(t *testing.T, s *apptest.Server, phone string, actions ...string) int64 {
	t.Helper()
	ctx := context.Background()
	orders := order.NewService(order.NewStore(s.DB, dashboard.NewRecorder(time.Local)), dict.NewStore(s.DB), s.Clock.Now)
	id, err := orders.Create(ctx, order.NewOrder{CustomerName: "王五", Phone: phone, Address: "上海市浦东新区",
		Freight: 800, Items: []order.NewItem{{GoodsID: 1, Name: "苹果", UnitPrice: 1999, Quantity: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range actions {
		if err := orders.Move(ctx, nil, "shop", id, a, order.MoveInput{}); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

type overview struct {
	Start, End string
	Figures    struct {
		Orders, Customers, Goods struct {
			Value, Previous int64
			Rate            *float64
		}
		Sales struct {
			Value, Previous string
			Rate            *float64
		}
	}
	Pending struct{ ToShip, Refunded, LowStock, LowStockBelow, ExpiringContracts, PendingAftersales int64 }
	Trend   []struct {
		Day    string
		Orders int64
		Sales  string
	}
	Statuses []struct {
		Status string
		Orders int64
	}
}

// TestDashboardOverHTTP: the overview through the real server — a move through the API changes
// the figures at once, the period's checks answer 400 naming the field, a channel operator
// sees only their agency.
func TestDashboardOverHTTP(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := s.Login(t, "admin", apptest.AdminPassword)
		paid := figuredOrder(t, s, "13811110001", order.Pay)
		figuredOrder(t, s, "13811110002")
		var o overview
		s.Get(t, "/api/dashboard", admin).JSON(t, &o)
		today := s.Clock.Now().In(time.Local).Format(time.DateOnly)
		if o.End != today || len(o.Trend) != 30 || o.Figures.Orders.Value != 2 || o.Figures.Sales.Value != "47.98" ||
			o.Figures.Customers.Value != 2 || o.Pending.ToShip != 1 || o.Pending.LowStockBelow != 10 || o.Figures.Orders.Rate != nil {
			t.Fatalf("default period: %+v", o)
		}
		// 退款 through the API: the sale is taken back and the order leaves 待发货.
		r := s.Do(t, apptest.Request{Method: http.MethodPut, Path: fmt.Sprintf("/api/orders/%d/refund", paid), Token: admin,
			JSON: map[string]any{"note": "客户取消"}})
		if r.Status != http.StatusNoContent {
			t.Fatalf("refund: %d %s", r.Status, r.Body)
		}
		s.Get(t, "/api/dashboard?start="+today+"&end="+today, admin).JSON(t, &o)
		if o.Start != today || len(o.Trend) != 1 || o.Figures.Sales.Value != "0.00" || o.Pending.ToShip != 0 || o.Pending.Refunded != 1 {
			t.Fatalf("after the refund: %+v", o)
		}

		for q, want := range map[string]string{
			"start=2026-13-01":                 "start: 日期格式应为yyyy-MM-dd",
			"end=21/11/2026":                   "end: 日期格式应为yyyy-MM-dd",
			"start=2026-11-21&end=2026-11-20":  "end: 结束日期不能早于开始日期",
			"start=2025-11-19&end=2026-11-20":  "end: 时间跨度不能超过366天",
			"start=2026-11-02&end=2026-11-01 ": "end: 日期格式应为yyyy-MM-dd",
		} {
			r := s.Get(t, "/api/dashboard?"+strings.ReplaceAll(q, " ", "%20"), admin)
			if e := r.Error(t); r.Status != http.StatusBadRequest || !strings.Contains(e.Message, want) {
				t.Errorf("%s: %d %+v, want 400 %q", q, r.Status, e, want)
			}
		}
		// 366 days is allowed (a leap year).
		if r := s.Get(t, "/api/dashboard?start=2023-11-21&end=2024-11-20", admin); r.Status != http.StatusOK {
			t.Fatalf("366 days: %d %s", r.Status, r.Body)
		}

		// The demo channel operator holds dashboard:view; with no agency they see nothing of the shop.
		ch := s.ChannelLogin(t, "channel", apptest.DemoPassword)
		s.Get(t, "/api/dashboard", ch).JSON(t, &o)
		if o.Figures.Orders.Value != 0 || o.Figures.Customers.Value != 0 || o.Pending.Refunded != 0 {
			t.Fatalf("a channel session sees the shop: %+v", o)
		}
		// Public mode is off: the wall display needs a session.
		if r := s.Get(t, "/api/profiling", ""); r.Status != http.StatusNotFound || !strings.Contains(r.Error(t).Message, "请登录") {
			t.Fatalf("profiling while private: %d %s", r.Status, r.Body)
		}
	})
}

// TestProfilingPublic: with BFF_PROFILING_PUBLIC=on the wall display answers without a session,
// the whole shop's figures and no customer's name, phone or address.
func TestProfilingPublic(t *testing.T) {
	s := apptest.Start(t, "sqlite", func(c *config.Config) { c.ProfilingPublic = true })
	figuredOrder(t, s, "13811110003", order.Pay)
	r := s.Get(t, "/api/profiling", "")
	var o overview
	r.JSON(t, &o)
	if r.Status != http.StatusOK || o.Figures.Orders.Value != 1 || o.Figures.Sales.Value != "47.98" {
		t.Fatalf("public profiling: %d %s", r.Status, r.Body)
	}
	for _, private := range []string{"13811110003", "王五", "上海市"} {
		if strings.Contains(string(r.Body), private) {
			t.Fatalf("the public answer shows %q: %s", private, r.Body)
		}
	}
	if r := s.Get(t, "/api/profiling?start=2026-11-21&end=2026-11-01", ""); r.Status != http.StatusBadRequest {
		t.Fatalf("public checks the period too: %d", r.Status)
	}
}

// TestDashboardRemembered: the overview's parts are answered again without reading for
// dashboard.RememberCountsFor (the counts) and RememberSalesFor (sales, best sellers) — but never
// past a figure of that part written through the same instance (shipping re-reads the counts and
// not the best sellers; a refund re-reads both), and on another instance for no longer than
// those times.
func TestDashboardRemembered(t *testing.T) {
	for _, variant := range []string{"sqlite", "mysql"} {
		t.Run(variant, func(t *testing.T) {
			t.Parallel()
			s := apptest.Start(t, variant)
			other := s.Twin(t)
			admin := s.Login(t, "admin", apptest.AdminPassword)
			refunded := figuredOrder(t, s, "13811110009", order.Pay)
			shipped := figuredOrder(t, s, "13811110010", order.Pay)
			today := s.Clock.Now().In(time.Local).Format(time.DateOnly)
			var bestSellers atomic.Int64
			err := s.DB.Callback().Query().After("gorm:query").Register("test:best-sellers", func(tx *gorm.DB) {
				if strings.Contains(tx.Statement.SQL.String(), "dashboard_goods_day") {
					bestSellers.Add(1)
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			read := func(on *apptest.Server) overview {
				var o overview
				on.Get(t, "/api/dashboard?start="+today+"&end="+today, admin).JSON(t, &o)
				return o
			}
			if a, b := read(s), read(other); a.Pending.ToShip != 2 || b.Pending.ToShip != 2 || a.Figures.Sales.Value != "95.96" {
				t.Fatalf("before: %+v here, %+v on the other instance", a, b)
			}
			put := func(path string, body any) {
				r := s.Do(t, apptest.Request{Method: http.MethodPut, Path: path, Token: admin, JSON: body})
				if r.Status != http.StatusNoContent && r.Status != http.StatusOK {
					t.Fatalf("%s: %d %s", path, r.Status, r.Body)
				}
			}
			put(fmt.Sprintf("/api/orders/%d/ship", shipped), map[string]any{"expressCompany": "SF", "trackingNo": "SF100"})
			bestSellers.Store(0)
			if o := read(s); o.Pending.ToShip != 1 || o.Figures.Sales.Value != "95.96" || bestSellers.Load() != 0 {
				t.Fatalf("after shipping here: %d to ship, sales %s, best sellers read %d times", o.Pending.ToShip,
					o.Figures.Sales.Value, bestSellers.Load())
			}
			put(fmt.Sprintf("/api/orders/%d/refund", refunded), map[string]any{"note": "客户取消"})
			if o := read(s); o.Pending.ToShip != 0 || o.Figures.Sales.Value != "47.98" || bestSellers.Load() == 0 {
				t.Fatalf("after the refund here: %d to ship, sales %s", o.Pending.ToShip, o.Figures.Sales.Value)
			}
			if o := read(other); o.Pending.ToShip != 2 || o.Figures.Sales.Value != "95.96" {
				t.Fatalf("the other instance read again inside RememberCountsFor: %+v", o.Pending)
			}
			s.Clock.Advance(dashboard.RememberCountsFor)
			if o := read(other); o.Pending.ToShip != 0 || o.Figures.Sales.Value != "95.96" {
				t.Fatalf("the other instance after RememberCountsFor: %d to ship (want 0), sales %s (want still 95.96)",
					o.Pending.ToShip, o.Figures.Sales.Value)
			}
			s.Clock.Advance(dashboard.RememberSalesFor - dashboard.RememberCountsFor - time.Second)
			if o := read(other); o.Figures.Sales.Value != "95.96" {
				t.Fatalf("the other instance read the sales again inside RememberSalesFor: %s", o.Figures.Sales.Value)
			}
			s.Clock.Advance(time.Second)
			if o := read(other); o.Pending.ToShip != 0 || o.Figures.Sales.Value != "47.98" {
				t.Fatalf("the other instance after RememberSalesFor: %d to ship, sales %s", o.Pending.ToShip, o.Figures.Sales.Value)
			}
		})
	}
}

// TestDashboardWaitingRemembered: 待处理售后 and 合同即将到期 are figures of now, remembered per
// scope like the counts: a case opened shows once dashboard.RememberCountsFor has passed (not
// before, and without reading either table in between), as a stock move's low-stock count does.
func TestDashboardWaitingRemembered(t *testing.T) {
	s := apptest.Start(t, "sqlite")
	admin := s.Login(t, "admin", apptest.AdminPassword)
	orderID, item := paidOrderLine(t, s)
	read := func() overview {
		var o overview
		s.Get(t, "/api/dashboard", admin).JSON(t, &o)
		return o
	}
	before := read()
	if before.Pending.PendingAftersales != 0 {
		t.Fatalf("before: %+v", before.Pending)
	}
	r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/aftersales", Token: admin, JSON: map[string]any{
		"orderNo": orderNoOf(t, s, orderID), "type": "refund", "reason": "quality",
		"items": []any{map[string]any{"orderItemId": item, "quantity": 1}}, "amount": "19.99"}})
	if r.Status != http.StatusCreated {
		t.Fatalf("open: %d %s", r.Status, r.Body)
	}
	var reads atomic.Int64
	err := s.DB.Callback().Query().After("gorm:query").Register("test:waiting", func(tx *gorm.DB) {
		if sql := tx.Statement.SQL.String(); strings.Contains(sql, "aftersale_cases") || strings.Contains(sql, "contracts") {
			reads.Add(1)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	s.Clock.Advance(dashboard.RememberCountsFor - time.Second)
	if o := read(); o.Pending.PendingAftersales != 0 || o.Pending.ExpiringContracts != before.Pending.ExpiringContracts || reads.Load() != 0 {
		t.Fatalf("inside RememberCountsFor: %+v, %d reads of cases or contracts", o.Pending, reads.Load())
	}
	s.Clock.Advance(time.Second)
	if o := read(); o.Pending.PendingAftersales != 1 || o.Pending.ExpiringContracts != before.Pending.ExpiringContracts {
		t.Fatalf("after RememberCountsFor: %+v", o.Pending)
	}
}
