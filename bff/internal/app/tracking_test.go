package app_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/tracking"
	"mallconsole/bff/internal/tracking/trackingtest"
)

type trackingRow struct {
	Enabled        bool   `json:"enabled"`
	ExpressCompany string `json:"expressCompany"`
	TrackingNo     string `json:"trackingNo"`
	State          string `json:"state"`
	StateLabel     string `json:"stateLabel"`
	Events         []struct {
		Time, Text string
	} `json:"events"`
	FetchedAt  string `json:"fetchedAt"`
	AgeSeconds int64  `json:"ageSeconds"`
	Error      string `json:"error"`
}

// trackingApp starts the app of variant with the stand-in provider; the app's query timeout is
// 300 ms and a Late number answers after 2 s.
func trackingApp(t *testing.T, variant string) (*apptest.Server, *trackingtest.Server) {
	t.Helper()
	tp, err := trackingtest.Start(trackingtest.Options{Late: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tp.Close)
	o := tp.Options()
	s := apptest.Start(t, variant, func(c *config.Config) {
		c.PublicURL = "http://127.0.0.1:1/"
		c.Tracking = config.Tracking{Provider: config.TrackingKuaidi100, URL: tp.URL(), Customer: o.Customer, Key: o.Key,
			Salt: o.Salt, PushURL: c.PublicURL + config.TrackingPushPath, Timeout: 300 * time.Millisecond}
	})
	return s, tp
}

// shippedOrder is a paid order shipped with company and number (a paid one when company is "").
func shippedOrder(t *testing.T, s *apptest.Server, agencyID *int64, company, no string) int64 {
	t.Helper()
	ctx := context.Background()
	orders := order.NewService(order.NewStore(s.DB), dict.NewStore(s.DB), s.Clock.Now)
	id := shopOrder(t, s, agencyID, order.Pay)
	if company != "" {
		if err := orders.Move(ctx, nil, "shop", id, order.Ship, order.MoveInput{ExpressCompany: company, TrackingNo: no}); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

func getTracking(t *testing.T, c client, id int64, query string) trackingRow {
	t.Helper()
	r := c.do(http.MethodGet, fmt.Sprintf("/api/orders/%d/tracking%s", id, query), nil)
	if r.Status != http.StatusOK {
		t.Fatalf("tracking of %d: %d %s", id, r.Status, r.Body)
	}
	var row trackingRow
	r.JSON(t, &row)
	return row
}

// TestTrackingOff: without a provider the answer says so (the page shows 未启用物流跟踪) and
// the push route is not there; an order without a shipment is 409 either way.
func TestTrackingOff(t *testing.T) {
	s := apptest.Start(t, "sqlite")
	staff := client{t, s, s.Login(t, "staff", apptest.DemoPassword)}
	id := shippedOrder(t, s, nil, "SF", "SF0001")
	if row := getTracking(t, staff, id, ""); row.Enabled || row.ExpressCompany != "SF" || row.TrackingNo != "SF0001" || len(row.Events) != 0 {
		t.Fatalf("tracking off = %+v", row)
	}
	want(t, staff.do(http.MethodGet, fmt.Sprintf("/api/orders/%d/tracking", shippedOrder(t, s, nil, "", "")), nil),
		http.StatusConflict, "trackingNo: 订单尚未发货，没有物流信息")
	want(t, staff.do(http.MethodGet, "/api/orders/999999/tracking", nil), http.StatusNotFound, "订单不存在")
	want(t, staff.do(http.MethodGet, fmt.Sprintf("/api/orders/%d/tracking?refresh=yes", id), nil), http.StatusBadRequest, "refresh: 只能是0或1")
	r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: tracking.PushRoute, Form: url.Values{"param": {"{}"}, "sign": {"X"}}})
	if r.Status != http.StatusNotFound {
		t.Fatalf("push with tracking off: %d %s", r.Status, r.Body)
	}
}

// TestTracking: against the stand-in provider, through the real route, on SQLite and MariaDB:
// a normal parcel is asked once and then answered from the cache with its age until 30 min
// (refresh asks again, at most once a minute); an unknown number is an answer without events; a
// late provider answers the cache with its age and an error, never a 500, and five readers at
// once ask it only once; a signed push is stored, a forged one is 400 and stores nothing; the
// job subscribes shipped parcels once each, and a corrected number is a new parcel.
func TestTracking(t *testing.T) {
	for _, variant := range []string{"sqlite", "mysql"} {
		t.Run(variant, func(t *testing.T) {
			t.Parallel()
			s, tp := trackingApp(t, variant)
			staff := client{t, s, s.Login(t, "staff", apptest.DemoPassword)}
			ctx := context.Background()

			id := shippedOrder(t, s, nil, "SF", "SF100")
			row := getTracking(t, staff, id, "")
			if !row.Enabled || row.State != "0" || row.StateLabel != "运输中" || len(row.Events) != 3 || row.AgeSeconds != 0 ||
				row.Error != "" || row.FetchedAt != s.Clock.Now().Format(time.DateTime) {
				t.Fatalf("first answer = %+v", row)
			}
			// 快递100 writes Beijing wall times; the console shows them in the server's zone
			cst := time.FixedZone("CST", 8*3600)
			if row.Events[0].Time != time.Date(2026, 11, 28, 18, 0, 0, 0, cst).In(time.Local).Format(time.DateTime) || row.Events[2].Text != "【杭州市】商家已发货，快递员已揽收" {
				t.Fatalf("events not newest first: %+v", row.Events)
			}
			s.Clock.Advance(10 * time.Minute)
			if row = getTracking(t, staff, id, ""); row.AgeSeconds != 600 || tp.Queries("SF100") != 1 {
				t.Fatalf("cached answer = %+v after %d queries", row, tp.Queries("SF100"))
			}
			if row = getTracking(t, staff, id, "?refresh=1"); row.AgeSeconds != 0 || tp.Queries("SF100") != 2 {
				t.Fatalf("refresh = %+v after %d queries", row, tp.Queries("SF100"))
			}
			s.Clock.Advance(30 * time.Second)
			if row = getTracking(t, staff, id, "?refresh=1"); row.AgeSeconds != 30 || tp.Queries("SF100") != 2 {
				t.Fatalf("a second refresh within a minute = %+v after %d queries", row, tp.Queries("SF100"))
			}
			s.Clock.Advance(31 * time.Minute)
			if getTracking(t, staff, id, ""); tp.Queries("SF100") != 3 {
				t.Fatalf("an answer older than 30 min was not asked again: %d queries", tp.Queries("SF100"))
			}

			tp.Set("YT404", trackingtest.Unknown)
			if row = getTracking(t, staff, shippedOrder(t, s, nil, "YTO", "YT404"), ""); !row.Enabled || len(row.Events) != 0 ||
				row.StateLabel != "暂无轨迹" || row.FetchedAt == "" || row.Error != "" {
				t.Fatalf("unknown number = %+v", row)
			}

			late := shippedOrder(t, s, nil, "YD", "YD300")
			getTracking(t, staff, late, "")
			s.Clock.Advance(40 * time.Minute)
			tp.Set("YD300", trackingtest.Late)
			var wg sync.WaitGroup
			rows := make([]trackingRow, 5)
			start := time.Now()
			for i := range rows {
				wg.Go(func() { rows[i] = getTracking(t, staff, late, "") })
			}
			wg.Wait()
			if took := time.Since(start); took > 1500*time.Millisecond {
				t.Fatalf("a late provider held the page %s", took)
			}
			for _, r := range rows {
				if len(r.Events) != 3 || r.AgeSeconds != 2400 || r.Error != "物流查询暂不可用，显示的是缓存的数据" {
					t.Fatalf("late provider = %+v", r)
				}
			}
			if n := tp.Queries("YD300"); n != 2 {
				t.Fatalf("five readers of a stale parcel asked %d times in all, want 1 + 1", n)
			}
			tp.Set("YD301", trackingtest.Late)
			if r := getTracking(t, staff, shippedOrder(t, s, nil, "YD", "YD301"), ""); r.Error != "物流查询暂不可用，请稍后再试" || r.FetchedAt != "" {
				t.Fatalf("late provider, nothing cached = %+v", r)
			}

			pushed := shippedOrder(t, s, nil, "ZTO", "ZT200")
			push := s.URL + tracking.PushRoute
			events := []tracking.KdEvent{{Time: "2026-11-29 10:00:00", Context: "已签收，签收人：本人"}, {Time: "2026-11-28 08:00:00", Context: "已揽收"}}
			if st, err := tp.Push(ctx, push, "zhongtong", "ZT200", "3", events, false); err != nil || st != http.StatusOK {
				t.Fatalf("signed push: %d %v", st, err)
			}
			if st, err := tp.Push(ctx, push, "zhongtong", "ZT200", "6", events[:1], true); err != nil || st != http.StatusBadRequest {
				t.Fatalf("forged push: %d %v", st, err)
			}
			if row = getTracking(t, staff, pushed, ""); row.State != "3" || row.StateLabel != "已签收" || len(row.Events) != 2 ||
				row.Events[0].Text != "已签收，签收人：本人" || tp.Queries("ZT200") != 0 {
				t.Fatalf("after a signed and a forged push = %+v (%d queries)", row, tp.Queries("ZT200"))
			}

			run := func() int {
				t.Helper()
				rr, err := s.App.Jobs.RunNow(ctx, "tracking.subscribe", "admin")
				if err != nil || rr.Error != "" {
					t.Fatalf("subscribe run: %+v %v", rr, err)
				}
				return int(rr.Rows)
			}
			if n := run(); n != 5 {
				t.Fatalf("first run subscribed %d parcels, want the 5 shipped", n)
			}
			if sub, ok := tp.Subscription("SF100"); !ok || sub.Parameters.CallbackURL != "http://127.0.0.1:1/api/tracking/push" || sub.Parameters.Phone != "5678" {
				t.Fatalf("subscription = %+v %v", sub, ok)
			}
			if n := run(); n != 0 {
				t.Fatalf("second run subscribed %d again", n)
			}
			// a corrected tracking number (the order's shipment is changed) is a parcel of its own
			s.DB.Exec("UPDATE orders SET tracking_no = ? WHERE id = ?", "SF101", id)
			if n := run(); n != 1 {
				t.Fatalf("after a correction %d subscribed, want 1", n)
			}
			if _, ok := tp.Subscription("SF101"); !ok {
				t.Fatal("the corrected number was not subscribed")
			}
		})
	}
}
