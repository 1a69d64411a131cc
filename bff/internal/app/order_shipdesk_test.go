package app_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/order"
)

// wantBody checks the status and that the body says part.
func wantBody(t *testing.T, r apptest.Response, status int, part string) {
	t.Helper()
	if r.Status != status || !strings.Contains(string(r.Body), part) {
		t.Fatalf("status %d %s, want %d with %q", r.Status, r.Body, status, part)
	}
}

// TestShipDesk: the shipping desk over HTTP — 400 per field, 409 naming the status, the window
// (shipmentFixHours, saved in 订单设置) and a return case; the tab counts follow a 取消发货; the
// list offers the window; the item export has one row per line with the full phone and address;
// a channel session reaches none of the shop's orders.
func TestShipDesk(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		staff := client{t, s, s.Login(t, "staff", apptest.DemoPassword)}
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		paid := shopOrder(t, s, nil, order.Pay)
		addr := fmt.Sprintf("/api/orders/%d/address", paid)
		good := map[string]any{"customerName": "赵六", "phone": "13900000001", "address": "浙江省杭州市西湖区文三路 1 号"}
		with := func(k string, v any) map[string]any {
			out := map[string]any{}
			for key, val := range good {
				out[key] = val
			}
			out[k] = v
			return out
		}
		want(t, staff.do(http.MethodPut, addr, with("phone", "123")), http.StatusBadRequest, "phone: 请输入正确的手机号码")
		want(t, staff.do(http.MethodPut, addr, with("customerName", " ")), http.StatusBadRequest, "customerName: 不能为空")
		want(t, staff.do(http.MethodPut, addr, with("address", strings.Repeat("长", 256))), http.StatusBadRequest, "address: 太长（最多255个字符）")
		want(t, staff.do(http.MethodPut, addr, good), http.StatusNoContent, "")

		shipped := shopOrder(t, s, nil, order.Pay, order.Ship)
		wantBody(t, staff.do(http.MethodPut, fmt.Sprintf("/api/orders/%d/address", shipped), good), http.StatusConflict, "订单状态为已发货，不能修改地址")
		ship := fmt.Sprintf("/api/orders/%d/shipment", shipped)
		want(t, staff.do(http.MethodPut, ship, map[string]any{"expressCompany": "SF", "trackingNo": "SF 1"}), http.StatusBadRequest, "trackingNo: 只能包含字母、数字和-")
		want(t, staff.do(http.MethodPut, ship, map[string]any{"expressCompany": "UFO", "trackingNo": "SF1"}), http.StatusBadRequest, "expressCompany: 快递公司不存在")
		want(t, staff.do(http.MethodPut, ship, map[string]any{"expressCompany": "ZTO", "trackingNo": "ZT100"}), http.StatusNoContent, "")
		var d struct {
			ExpressCompany   string `json:"expressCompany"`
			TrackingNo       string `json:"trackingNo"`
			ShipmentFixUntil string `json:"shipmentFixUntil"`
		}
		staff.do(http.MethodGet, fmt.Sprintf("/api/orders/%d", shipped), nil).JSON(t, &d)
		if d.ExpressCompany != "ZTO" || d.TrackingNo != "ZT100" || d.ShipmentFixUntil == "" {
			t.Fatalf("corrected = %+v", d)
		}
		wantBody(t, staff.do(http.MethodPut, fmt.Sprintf("/api/orders/%d/shipment", paid), map[string]any{"expressCompany": "SF", "trackingNo": "1"}),
			http.StatusConflict, "订单状态为待发货，不能修改物流或取消发货")

		// 取消发货: the reason is required, the shipped tab loses the order and 待发货 gains it
		unship := fmt.Sprintf("/api/orders/%d/unship", shipped)
		want(t, staff.do(http.MethodPost, unship, map[string]any{"reason": ""}), http.StatusBadRequest, "reason: 不能为空")
		want(t, staff.do(http.MethodPost, unship, map[string]any{"reason": strings.Repeat("长", 201)}), http.StatusBadRequest, "reason: 太长（最多200个字符）")
		var before, after order.Settings
		counts := func() map[string]int64 {
			var c map[string]int64
			staff.do(http.MethodGet, "/api/orders/counts", nil).JSON(t, &c)
			return c
		}
		c0 := counts()
		want(t, staff.do(http.MethodPost, unship, map[string]any{"reason": "发错快递"}), http.StatusNoContent, "")
		if c1 := counts(); c1["shipped"] != c0["shipped"]-1 || c1["paid"] != c0["paid"]+1 || c1["all"] != c0["all"] {
			t.Fatalf("counts %v → %v", c0, c1)
		}
		wantBody(t, staff.do(http.MethodPost, unship, map[string]any{"reason": "again"}), http.StatusConflict, "订单状态为待发货，不能变为待发货")

		// the window is the rule's: one hour, then a second past it
		admin.do(http.MethodGet, "/api/settings/order", nil).JSON(t, &before)
		want(t, admin.do(http.MethodPut, "/api/settings/order", map[string]any{"shipmentFixHours": 721}), http.StatusBadRequest, "shipmentFixHours: 必须在1到720之间")
		want(t, admin.do(http.MethodPut, "/api/settings/order", map[string]any{"shipmentFixHours": 1}), http.StatusOK, "")
		admin.do(http.MethodGet, "/api/settings/order", nil).JSON(t, &after)
		if after.ShipmentFixHours != 1 || after.UnpaidCloseMinutes != before.UnpaidCloseMinutes || before.ShipmentFixHours != 24 {
			t.Fatalf("settings %+v → %+v", before, after)
		}
		late := shopOrder(t, s, nil, order.Pay, order.Ship)
		s.Clock.Advance(time.Hour + time.Second)
		wantBody(t, staff.do(http.MethodPost, fmt.Sprintf("/api/orders/%d/unship", late), map[string]any{"reason": "x"}),
			http.StatusConflict, "发货已超过1小时")

		// a 退货退款 case that stands refuses both
		returned := shopOrder(t, s, nil, order.Pay, order.Ship)
		var item int64
		s.DB.Raw("SELECT id FROM order_items WHERE order_id = ?", returned).Scan(&item)
		wantBody(t, admin.do(http.MethodPost, "/api/aftersales", map[string]any{"orderNo": orderNoOf(t, s, returned), "type": "return",
			"reason": "quality", "items": []any{map[string]any{"orderItemId": item, "quantity": 1}}, "amount": "19.99"}), http.StatusCreated, "")
		wantBody(t, staff.do(http.MethodPost, fmt.Sprintf("/api/orders/%d/unship", returned), map[string]any{"reason": "x"}),
			http.StatusConflict, "订单有退货退款售后单")

		// 导出明细: one row per line, the phone and the address whole
		r := staff.do(http.MethodPost, "/api/orders/items/download", map[string]any{"ids": []any{paid},
			"headers": []string{"订单号", "商品", "数量", "金额", "手机号", "地址"}, "fields": []string{"orderNo", "goodsName", "quantity", "amount", "phone", "address"}})
		rows := sheetRows(t, r)
		if len(rows) != 2 || rows[1][1] != "苹果" || rows[1][2] != "2" || rows[1][3] != "39.98" || rows[1][4] != "13900000001" ||
			rows[1][5] != "浙江省杭州市西湖区文三路 1 号" {
			t.Fatalf("item sheet = %v", rows)
		}

		// a channel session reaches none of the shop's orders
		ch := client{t, s, s.ChannelLogin(t, "channel", apptest.DemoPassword)}
		want(t, ch.do(http.MethodPost, fmt.Sprintf("/api/orders/%d/unship", returned), map[string]any{"reason": "x"}), http.StatusNotFound, "订单不存在")
		r = ch.do(http.MethodPost, "/api/orders/items/downloadAll", map[string]any{"headers": []string{"订单号"}, "fields": []string{"orderNo"}})
		if rows := sheetRows(t, r); len(rows) != 1 {
			t.Fatalf("a channel session exported %v", rows)
		}
	})
}
