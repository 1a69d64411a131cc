package app_test

import (
	"net/http"
	"net/url"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// TestOrderSettings: 订单设置 reads the defaults before anything was saved; a rule out of range
// is 400 naming the field; a save is read back and the operation log keeps before → after; staff
// without order:setting are refused.
func TestOrderSettings(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		staff := client{t, s, s.Login(t, "staff", apptest.DemoPassword)}
		type rules struct {
			UnpaidCloseMinutes int   `json:"unpaidCloseMinutes"`
			CompleteAfterDays  int   `json:"completeAfterDays"`
			AfterSaleDays      int   `json:"afterSaleDays"`
			LowStockDefault    int64 `json:"lowStockDefault"`
		}
		var got rules
		admin.do(http.MethodGet, "/api/settings/order", nil).JSON(t, &got)
		if got != (rules{30, 15, 7, 10}) {
			t.Fatalf("defaults = %+v", got)
		}
		want(t, staff.do(http.MethodGet, "/api/settings/order", nil), http.StatusForbidden, "")
		for _, bad := range []struct {
			body  rules
			field string
		}{
			{rules{4, 15, 7, 10}, "unpaidCloseMinutes: 必须在5到10080之间"},
			{rules{10081, 15, 7, 10}, "unpaidCloseMinutes: 必须在5到10080之间"},
			{rules{30, 0, 7, 10}, "completeAfterDays: 必须在1到365之间"},
			{rules{30, 366, 7, 10}, "completeAfterDays: 必须在1到365之间"},
			{rules{30, 15, -1, 10}, "afterSaleDays: 必须在0到365之间"},
			{rules{30, 15, 366, 10}, "afterSaleDays: 必须在0到365之间"},
			{rules{30, 15, 7, -1}, "lowStockDefault: 必须在0到999999之间"},
			{rules{30, 15, 7, 1000000}, "lowStockDefault: 必须在0到999999之间"},
		} {
			want(t, admin.do(http.MethodPut, "/api/settings/order", bad.body), http.StatusBadRequest, bad.field)
		}
		want(t, admin.do(http.MethodPut, "/api/settings/order", rules{60, 10, 0, 3}), http.StatusOK, "")
		admin.do(http.MethodGet, "/api/settings/order", nil).JSON(t, &got)
		if got != (rules{60, 10, 0, 3}) {
			t.Fatalf("saved = %+v", got)
		}
		var logs struct {
			Content []struct {
				Changes []struct {
					Field         string
					Before, After any
				} `json:"changes"`
			} `json:"content"`
		}
		admin.do(http.MethodGet, "/api/logs?action="+url.QueryEscape("修改订单设置")+"&success=true&size=10", nil).JSON(t, &logs)
		if len(logs.Content) != 1 || len(logs.Content[0].Changes) != 4 {
			t.Fatalf("log = %+v", logs.Content)
		}
		if c := logs.Content[0].Changes[0]; c.Field != "unpaidCloseMinutes" || c.Before != float64(30) || c.After != float64(60) {
			t.Fatalf("first change = %+v", c)
		}
	})
}
