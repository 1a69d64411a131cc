package app_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/order"
)

// TestAftersaleHTTP walks a case through the console's routes: 代客申请 with an amount over what
// may be refunded (400 naming the most), approve, refund by hand, the second refund (409), the
// order showing what was refunded, the old whole-order refund refused, a big refund without the
// approval flow (409), a channel operator seeing only their agency's cases, and the gateway's
// notification answering 404 while no gateway is configured.
func TestAftersaleHTTP(t *testing.T) {
	s := apptest.Start(t, "sqlite")
	admin := s.Login(t, "admin", apptest.AdminPassword)
	orderID, item := paidOrderLine(t, s) // 2 × ¥19.99 + ¥8.00
	open := func(amount string, qty int) apptest.Response {
		return s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/aftersales", Token: admin, JSON: map[string]any{
			"orderNo": orderNoOf(t, s, orderID), "type": "refund", "reason": "quality",
			"items": []any{map[string]any{"orderItemId": item, "quantity": qty}}, "amount": amount}})
	}
	if r := open("20.00", 1); r.Status != 400 || !strings.Contains(string(r.Body), "最多可退 ¥19.99") {
		t.Fatalf("over the cap: %d %s", r.Status, r.Body)
	}
	if r := open("abc", 1); r.Status != 400 || r.Error(t).Errors[0].Field != "amount" {
		t.Fatalf("bad amount: %d %s", r.Status, r.Body)
	}
	r := open("19.99", 1)
	var c struct {
		ID     int64  `json:"id"`
		CaseNo string `json:"caseNo"`
		Status string `json:"status"`
		Phone  string `json:"phone"`
	}
	r.JSON(t, &c)
	if r.Status != 201 || c.Status != "applied" || c.Phone != "13812345678" {
		t.Fatalf("opened: %d %s", r.Status, r.Body)
	}
	post := func(path, token string, body any) apptest.Response {
		return s.Do(t, apptest.Request{Method: http.MethodPost, Path: path, Token: token, JSON: body})
	}
	base := fmt.Sprintf("/api/aftersales/%d", c.ID)
	if r := post(base+"/refund", admin, map[string]any{"provider": "manual", "voucherNo": "V1", "voucherFileId": picture(t, s)}); r.Status != 409 ||
		!strings.Contains(string(r.Body), "售后单状态为申请中，不能变为退款中") {
		t.Fatalf("refund before approval: %d %s", r.Status, r.Body)
	}
	if r := post(base+"/approve", admin, nil); r.Status != 200 || !strings.Contains(string(r.Body), `"status":"refunding"`) {
		t.Fatalf("approve: %d %s", r.Status, r.Body)
	}
	if r := post(base+"/refund", admin, map[string]any{"provider": "manual"}); r.Status != 400 {
		t.Fatalf("manual without voucher: %d %s", r.Status, r.Body)
	}
	if r := post(base+"/refund", admin, map[string]any{"provider": "gateway"}); r.Status != 400 ||
		!strings.Contains(string(r.Body), "未配置支付网关") {
		t.Fatalf("gateway without one: %d %s", r.Status, r.Body)
	}
	manual := map[string]any{"provider": "manual", "voucherNo": "V1", "voucherFileId": picture(t, s)}
	if r := post(base+"/refund", admin, manual); r.Status != 200 || !strings.Contains(string(r.Body), `"status":"refunded"`) ||
		!strings.Contains(string(r.Body), `"orderRefunded":"19.99"`) ||
		!strings.Contains(string(r.Body), fmt.Sprintf(`"voucherFile":{"id":%d,"readUrl":"/api/files/`, manual["voucherFileId"])) {
		t.Fatalf("refund: %d %s", r.Status, r.Body)
	}
	if r := post(base+"/refund", admin, manual); r.Status != 409 {
		t.Fatalf("second refund: %d %s", r.Status, r.Body)
	}
	if r := s.Get(t, fmt.Sprintf("/api/orders/%d", orderID), admin); !strings.Contains(string(r.Body), `"refunded":"19.99"`) ||
		!strings.Contains(string(r.Body), `"status":"paid"`) || !strings.Contains(string(r.Body), `"refundedQty":1`) {
		t.Fatalf("order after a partial refund: %s", r.Body)
	}
	if r := s.Do(t, apptest.Request{Method: http.MethodPut, Path: fmt.Sprintf("/api/orders/%d/refund", orderID), Token: admin}); r.Status != 409 {
		t.Fatalf("whole-order refund with a case: %d %s", r.Status, r.Body)
	}
	// the order's last unit: the order becomes 已退款, and its list's tabs say so at once
	var counts struct{ Paid, Refunded int64 }
	s.Get(t, "/api/orders/counts", admin).JSON(t, &counts)
	r = open("19.99", 1)
	var last struct{ ID int64 }
	r.JSON(t, &last)
	post(fmt.Sprintf("/api/aftersales/%d/approve", last.ID), admin, nil)
	if r := post(fmt.Sprintf("/api/aftersales/%d/refund", last.ID), admin, manual); r.Status != 200 {
		t.Fatalf("last unit: %d %s", r.Status, r.Body)
	}
	var after struct{ Paid, Refunded int64 }
	s.Get(t, "/api/orders/counts", admin).JSON(t, &after)
	if after.Paid != counts.Paid-1 || after.Refunded != counts.Refunded+1 {
		t.Fatalf("order counts %+v → %+v", counts, after)
	}
	// the list masks the phone; the tabs count
	if r := s.Get(t, "/api/aftersales?page=0&size=10&status=refunded", admin); !strings.Contains(string(r.Body), `"phone":"138****5678"`) ||
		!strings.Contains(string(r.Body), `"totalElements":2`) {
		t.Fatalf("list: %s", r.Body)
	}
	if r := s.Get(t, "/api/aftersales/counts", admin); !strings.Contains(string(r.Body), `"all":2,`) || !strings.Contains(string(r.Body), `"refunded":2`) {
		t.Fatalf("counts: %s", r.Body)
	}
	// a big refund needs the 退款审批 flow: the administrator asking it, nobody else approves, so it
	// passes as it starts; the manual refund then waits for its voucher once more
	big := shopOrder(t, s, nil, order.Pay)
	s.DB.Exec("UPDATE order_items SET unit_price = 100000 WHERE order_id = ?", big)
	s.DB.Exec("UPDATE orders SET amount = 200800 WHERE id = ?", big)
	var bigItem int64
	s.DB.Raw("SELECT id FROM order_items WHERE order_id = ?", big).Scan(&bigItem)
	r = post("/api/aftersales", admin, map[string]any{"orderNo": orderNoOf(t, s, big), "type": "refund", "reason": "quality",
		"items": []any{map[string]any{"orderItemId": bigItem, "quantity": 2}}, "amount": "2000.00"})
	r.JSON(t, &c)
	post(fmt.Sprintf("/api/aftersales/%d/approve", c.ID), admin, nil)
	if r := post(fmt.Sprintf("/api/aftersales/%d/refund", c.ID), admin, manual); r.Status != http.StatusOK ||
		!strings.Contains(string(r.Body), `"refundState":"approved"`) || !strings.Contains(string(r.Body), "退款审批通过") {
		t.Fatalf("big refund: %d %s", r.Status, r.Body)
	}
	// the export names reasons, types and statuses for people, the phone masked, money in yuan
	rows := post("/api/aftersales/downloadAll", admin, map[string]any{"headers": []string{"售后单号", "类型", "原因", "状态", "手机", "金额"},
		"fields": []string{"caseNo", "type", "reason", "status", "phone", "amount"}, "status": "refunded"}).Sheet(t)
	if len(rows) != 3 || rows[1][1] != "仅退款" || rows[1][2] != "质量问题" || rows[1][3] != "已退款" || rows[1][4] != "138****5678" ||
		rows[1][5] != "19.99" {
		t.Fatalf("export: %v", rows)
	}
	// the dashboard's pending work counts the case waiting for its refund
	if r := s.Get(t, "/api/dashboard", admin); !strings.Contains(string(r.Body), `"pendingAftersales":1`) {
		t.Fatalf("dashboard: %s", r.Body)
	}
	// a channel operator sees only their agency's cases
	channel := s.ChannelLogin(t, "channel", apptest.DemoPassword)
	if r := s.Get(t, base, channel); r.Status != 404 {
		t.Fatalf("channel reads the shop's case: %d", r.Status)
	}
	if r := s.Get(t, "/api/aftersales?page=0&size=10", channel); !strings.Contains(string(r.Body), `"totalElements":0`) {
		t.Fatalf("channel list: %s", r.Body)
	}
	if r := post("/api/aftersales/gateway/notify", "", map[string]any{"refundNo": "RF1"}); r.Status != 404 {
		t.Fatalf("notify without a gateway: %d", r.Status)
	}
}

// TestAftersaleManualRefundRace: two staff refund the same case at the same moment: one 200, one 409,
// the order refunded once (on MariaDB when BFF_TEST_MYSQL_DSN is set: row locks, not SQLite's
// one writer, decide).
func TestAftersaleManualRefundRace(t *testing.T) {
	for _, variant := range []string{"sqlite", "mysql"} {
		t.Run(variant, func(t *testing.T) {
			s := apptest.Start(t, variant)
			admin := s.Login(t, "admin", apptest.AdminPassword)
			m := &matrix{s: s, admin: admin}
			for round := range 3 {
				d := m.newCase(t, "refund")
				if _, err := m.cases().Approve(context.Background(), nil, d.ID, "shop", ""); err != nil {
					t.Fatal(err)
				}
				body := map[string]any{"provider": "manual", "voucherNo": "V1", "voucherFileId": picture(t, s)}
				var wg sync.WaitGroup
				status := make([]int, 2)
				for i := range 2 {
					wg.Add(1)
					go func() {
						defer wg.Done()
						status[i] = s.Do(t, apptest.Request{Method: http.MethodPost, Token: admin, JSON: body,
							Path: fmt.Sprintf("/api/aftersales/%d/refund", d.ID)}).Status
					}()
				}
				wg.Wait()
				slices.Sort(status)
				if status[0] != 200 || status[1] != 409 {
					t.Fatalf("round %d: %v, want one 200 and one 409", round, status)
				}
				var refunded int64
				s.DB.Raw("SELECT refunded FROM orders WHERE id = ?", d.OrderID).Scan(&refunded)
				if refunded != 1999 {
					t.Fatalf("round %d: order refunded %d, want 1999", round, refunded)
				}
			}
		})
	}
}

// TestAftersalePhotos: a case's photos come back with where the browser reads them; an id that is
// not an uploaded picture is refused.
func TestAftersalePhotos(t *testing.T) {
	s := apptest.Start(t, "sqlite")
	admin := s.Login(t, "admin", apptest.AdminPassword)
	orderID, item := paidOrderLine(t, s)
	open := func(photos ...int64) apptest.Response {
		return s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/aftersales", Token: admin, JSON: map[string]any{
			"orderNo": orderNoOf(t, s, orderID), "type": "return", "reason": "damaged", "photos": photos,
			"items": []any{map[string]any{"orderItemId": item, "quantity": 1}}, "amount": "19.99"}})
	}
	if r := open(987654); r.Status != http.StatusBadRequest || r.Error(t).Errors[0].Field != "photos" {
		t.Fatalf("a photo that is no upload: %d %s", r.Status, r.Body)
	}
	a, b := picture(t, s), picture(t, s)
	r := open(a, b)
	var got struct {
		ID     int64 `json:"id"`
		Photos []struct {
			ID      int64  `json:"id"`
			ReadURL string `json:"readUrl"`
		} `json:"photos"`
	}
	r.JSON(t, &got)
	if r.Status != http.StatusCreated || len(got.Photos) != 2 || got.Photos[0].ID != a || got.Photos[1].ID != b ||
		!strings.HasPrefix(got.Photos[0].ReadURL, "/api/files/v") {
		t.Fatalf("opened with photos: %d %s", r.Status, r.Body)
	}
	if r := s.Get(t, fmt.Sprintf("/api/aftersales/%d", got.ID), admin); !strings.Contains(string(r.Body), got.Photos[1].ReadURL) {
		t.Fatalf("detail: %s", r.Body)
	}
}

// paidOrderLine places a paid order of 2 × ¥19.99 + ¥8.00 freight and returns it and its line.
func paidOrderLine(t *testing.T, s *apptest.Server) (orderID, item int64) {
	t.Helper()
	orderID = shopOrder(t, s, nil, order.Pay)
	if err := s.DB.Raw("SELECT id FROM order_items WHERE order_id = ?", orderID).Scan(&item).Error; err != nil || item == 0 {
		t.Fatalf("the order's line: %d, %v", item, err)
	}
	return orderID, item
}
