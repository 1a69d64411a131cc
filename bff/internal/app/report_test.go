package app_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/initsetup"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/report"
)

type salesAnswer struct {
	Rows []struct {
		Key, Label          string
		Orders, Units       int64
		Sales, Refunds, Net string
	}
	Total struct {
		Orders, Units       int64
		Sales, Refunds, Net string
	}
	AsOf *string
}

// TestSalesReportHTTP: the report answers money as yuan strings with its figures' age, checks
// its range and dimension (400 naming the field), shows a channel operator nothing of the shop,
// and exports numbers as numbers.
func TestSalesReportHTTP(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := s.Login(t, "admin", apptest.AdminPassword)
		figuredOrder(t, s, "13811110001", order.Pay) // 2 × 19.99 + 8.00 freight
		figuredOrder(t, s, "13811110002")            // unpaid
		reports := report.NewService(s.DB, initsetup.NewStore(s.DB), time.Local, s.Clock.Now)
		if _, err := reports.Refresh(context.Background(), func(*gorm.DB) error { return nil }, 31); err != nil {
			t.Fatal(err)
		}
		today := s.Clock.Now().In(time.Local).Format(time.DateOnly)
		var a salesAnswer
		s.Get(t, "/api/reports/sales?start="+today+"&end="+today+"&by=goods", admin).JSON(t, &a)
		if len(a.Rows) != 2 || a.Rows[0].Label != "苹果" || a.Rows[0].Sales != "39.98" || a.Rows[1].Key != report.Freight ||
			a.Total.Orders != 1 || a.Total.Units != 2 || a.Total.Sales != "47.98" || a.Total.Net != "47.98" || a.AsOf == nil {
			t.Fatalf("by goods: %+v", a)
		}
		for q, want := range map[string]string{
			"end=" + today:                            "start: 不能为空",
			"start=2026-13-01&end=2026-11-01":         "start: 日期格式应为yyyy-MM-dd",
			"start=2026-11-21&end=2026-11-20":         "end: 结束日期不能早于开始日期",
			"start=2025-11-19&end=2026-11-20":         "end: 时间跨度不能超过366天",
			"start=2026-11-01&end=2026-11-02&by=week": "by: ",
		} {
			r := s.Get(t, "/api/reports/sales?"+q, admin)
			if e := r.Error(t); r.Status != http.StatusBadRequest || !strings.Contains(e.Message, want) {
				t.Errorf("%s: %d %+v, want 400 %q", q, r.Status, e, want)
			}
		}
		// The demo channel operator has no agency: nothing of the shop's own sales.
		ch := s.ChannelLogin(t, "channel", apptest.DemoPassword)
		s.Get(t, "/api/reports/sales?start="+today+"&end="+today+"&by=agency", ch).JSON(t, &a)
		if len(a.Rows) != 0 || a.Total.Orders != 0 || a.Total.Sales != "0.00" {
			t.Fatalf("a channel session sees the shop: %+v", a)
		}
		r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/reports/sales/downloadAll", Token: admin,
			JSON: map[string]any{"headers": []string{"日期", "订单数", "销售额"}, "fields": []string{"label", "orders", "sales"},
				"start": today, "end": today}})
		if r.Status != http.StatusOK {
			t.Fatalf("export: %d %s", r.Status, r.Body)
		}
		f := r.Workbook(t)
		if got := apptest.Sum(t, f, "C2:C2"); got != "47.98" {
			t.Fatalf("exported sales: %s, sheet %v", got, r.Sheet(t))
		}
		if rows := r.Sheet(t); len(rows) != 3 || rows[1][1] != "1" || rows[2][0] != "合计" {
			t.Fatalf("sheet %v", rows)
		}
	})
}
