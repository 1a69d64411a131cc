package app_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/seed"
)

// shopScope: the goods and order routes as agency A's operator holding every shop permission,
// against agency B's rows: B's rows are never listed, counted, read, changed, deleted or
// exported, and the operator's own rows are.
func shopScope() scopeSuite {
	return scopeSuite{
		perms: []string{"goods:list", "goods:add", "goods:edit", "goods:del", "goods:export",
			"order:list", "order:detail", "order:ship", "order:close", "order:refund", "order:complete", "order:export", "order:edit",
			"order:setting", "order:print"},
		prefixes: []string{"/api/goods", "/api/orders", "/background/xf/order"},
		cases:    shopScopeCases,
	}
}

func shopScopeCases(e *scopeEnv) map[string]func() {
	t, s, a, b, admin, ch := e.t, e.s, e.a, e.b, e.admin, e.ch
	ctx := context.Background()

	newGoods := func(code string, agencyID int64) int64 {
		body := map[string]any{"name": "商品" + code, "code": code, "category": "food", "price": "9.90",
			"stock": 3, "agencyId": agencyID}
		return createdID(t, admin.do(http.MethodPost, "/api/goods", body))
	}
	goodsA, goodsB := newGoods("SCOPE-A", a.ID), newGoods("SCOPE-B", b.ID)
	store := goods.NewStore(s.DB)
	goodsRow := func(id int64) (goods.Goods, bool) {
		g, err := store.Get(ctx, nil, id)
		return g, err == nil
	}
	orderA := shopOrder(t, s, &a.ID)
	orderB := map[string]int64{ // B's orders, each in the status a move starts from
		"close": shopOrder(t, s, &b.ID), "ship": shopOrder(t, s, &b.ID, order.Pay),
		"refund": shopOrder(t, s, &b.ID, order.Pay), "complete": shopOrder(t, s, &b.ID, order.Pay, order.Ship),
	}
	orders := order.NewStore(s.DB)
	statusOf := func(id int64) string {
		o, err := orders.Get(ctx, nil, id)
		if err != nil {
			t.Fatal(err)
		}
		return o.Status
	}
	oa, _ := orders.Get(ctx, nil, orderA)

	listIDs := func(path string) []int64 {
		var l struct {
			Content []struct {
				ID int64 `json:"id"`
			} `json:"content"`
			TotalElements int `json:"totalElements"`
		}
		ch.do(http.MethodGet, path, nil).JSON(t, &l)
		var ids []int64
		for _, r := range l.Content {
			ids = append(ids, r.ID)
		}
		if len(ids) != l.TotalElements {
			t.Fatalf("%s: %d rows, total %d", path, len(ids), l.TotalElements)
		}
		return ids
	}
	sheet := func(path string, body map[string]any) string {
		return fmt.Sprint(sheetRows(t, ch.do(http.MethodPost, path, body)))
	}
	moveB := func(action string) func() {
		return func() {
			id := orderB[action]
			before := statusOf(id)
			body := map[string]any{"expressCompany": "SF", "trackingNo": "SF9", "note": "越权"}
			want(t, ch.do(http.MethodPut, fmt.Sprintf("/api/orders/%d/%s", id, action), body), http.StatusNotFound, "订单不存在")
			if statusOf(id) != before {
				t.Fatalf("%s moved B's order", action)
			}
		}
	}

	return map[string]func(){
		"GET /api/goods": func() {
			if got := listIDs("/api/goods?size=50"); fmt.Sprint(got) != fmt.Sprint([]int64{goodsA}) {
				t.Fatalf("channel goods list = %v, want only %d", got, goodsA)
			}
			if got := listIDs(fmt.Sprintf("/api/goods?agencyId=%d", b.ID)); len(got) != 0 {
				t.Fatalf("asking for B's goods by filter gave %v", got)
			}
		},
		"GET /api/goods/:id": func() {
			want(t, ch.do(http.MethodGet, fmt.Sprintf("/api/goods/%d", goodsB), nil), http.StatusNotFound, "商品不存在")
			want(t, ch.do(http.MethodGet, fmt.Sprintf("/api/goods/%d", goodsA), nil), http.StatusOK, "")
		},
		"POST /api/goods": func() {
			id := createdID(t, ch.do(http.MethodPost, "/api/goods", map[string]any{"name": "渠道新品", "code": "SCOPE-NEW",
				"category": "food", "price": "1", "stock": 1, "agencyId": b.ID}))
			if g, _ := goodsRow(id); g.AgencyID == nil || *g.AgencyID != a.ID {
				t.Fatalf("a channel create landed in agency %v, want %d", g.AgencyID, a.ID)
			}
		},
		"PUT /api/goods": func() {
			want(t, ch.do(http.MethodPut, "/api/goods", map[string]any{"id": goodsB, "name": "改", "code": "SCOPE-B",
				"category": "food", "price": "0.01", "stock": 0}), http.StatusNotFound, "商品不存在")
			if g, _ := goodsRow(goodsB); g.Price != 990 || g.Name != "商品SCOPE-B" {
				t.Fatalf("B's goods changed: %+v", g)
			}
		},
		"PUT /api/goods/status": func() {
			want(t, ch.do(http.MethodPut, "/api/goods/status", map[string]any{"ids": []int64{goodsB}, "status": "on_sale"}),
				http.StatusNoContent, "")
			if g, _ := goodsRow(goodsB); g.Status != goods.Draft {
				t.Fatalf("B's goods went on sale through a channel session")
			}
		},
		"DELETE /api/goods": func() {
			want(t, ch.do(http.MethodDelete, "/api/goods", []int64{goodsB}), http.StatusOK, "")
			if _, ok := goodsRow(goodsB); !ok {
				t.Fatal("a channel session deleted B's goods")
			}
		},
		"POST /api/goods/download": func() {
			got := sheet("/api/goods/download", map[string]any{"headers": []string{"编码"}, "fields": []string{"code"},
				"ids": []int64{goodsA, goodsB}})
			if got != "[[编码] [SCOPE-A]]" {
				t.Fatalf("selected export = %s", got)
			}
		},
		"POST /api/goods/downloadAll": func() {
			got := sheet("/api/goods/downloadAll", map[string]any{"headers": []string{"编码"}, "fields": []string{"code"},
				"sort": "createTime,asc"})
			if strings.Contains(got, "SCOPE-B") || !strings.Contains(got, "SCOPE-A") {
				t.Fatalf("export of all = %s", got)
			}
		},
		"GET /api/orders": func() {
			if got := listIDs("/api/orders?size=50"); fmt.Sprint(got) != fmt.Sprint([]int64{orderA}) {
				t.Fatalf("channel order list = %v, want only %d", got, orderA)
			}
			if got := listIDs(fmt.Sprintf("/api/orders?agencyId=%d&status=paid", b.ID)); len(got) != 0 {
				t.Fatalf("asking for B's orders by filter gave %v", got)
			}
		},
		"GET /api/orders/counts": func() {
			var counts map[string]int64
			ch.do(http.MethodGet, "/api/orders/counts", nil).JSON(t, &counts)
			if counts["all"] != 1 || counts["unpaid"] != 1 || counts["paid"] != 0 || counts["shipped"] != 0 {
				t.Fatalf("channel counts = %v", counts)
			}
		},
		// a selection with one of B's orders is not printed at all (docs/decisions.md "Printing")
		"GET /api/orders/print": func() {
			for _, kind := range []string{"picking", "delivery"} {
				want(t, ch.do(http.MethodGet, fmt.Sprintf("/api/orders/print?kind=%s&ids=%d,%d", kind, orderA, orderB["ship"]), nil), http.StatusNotFound, "订单不存在")
				r := ch.do(http.MethodGet, fmt.Sprintf("/api/orders/print?kind=%s&ids=%d", kind, orderA), nil)
				if r.Status != http.StatusOK || !strings.Contains(string(r.Body), oa.OrderNo) {
					t.Fatalf("A's %s as A: %d", kind, r.Status)
				}
			}
		},
		"GET /api/orders/:id": func() {
			want(t, ch.do(http.MethodGet, fmt.Sprintf("/api/orders/%d", orderB["ship"]), nil), http.StatusNotFound, "订单不存在")
			want(t, ch.do(http.MethodGet, fmt.Sprintf("/api/orders/%d", orderA), nil), http.StatusOK, "")
		},
		// tracking reads the order inside the scope first: B's shipped order is not there at all
		"GET /api/orders/:id/tracking": func() {
			want(t, ch.do(http.MethodGet, fmt.Sprintf("/api/orders/%d/tracking", orderB["complete"]), nil), http.StatusNotFound, "订单不存在")
			want(t, ch.do(http.MethodGet, fmt.Sprintf("/api/orders/%d/tracking", orderA), nil), http.StatusConflict, "trackingNo: 订单尚未发货，没有物流信息")
		},
		// the order rules are the whole shop's: an operator granted order:setting is still refused
		"GET /api/settings/order": func() {
			want(t, ch.do(http.MethodGet, "/api/settings/order", nil), http.StatusForbidden, "订单设置是全店的规则，渠道账号不能查看或修改")
		},
		"PUT /api/settings/order": func() {
			body := map[string]any{"unpaidCloseMinutes": 5, "completeAfterDays": 1, "afterSaleDays": 0, "lowStockDefault": 0}
			want(t, ch.do(http.MethodPut, "/api/settings/order", body), http.StatusForbidden, "订单设置是全店的规则，渠道账号不能查看或修改")
			var st map[string]any
			admin.do(http.MethodGet, "/api/settings/order", nil).JSON(t, &st)
			if st["unpaidCloseMinutes"] != float64(30) {
				t.Errorf("an operator changed the shop's rules: %v", st)
			}
		},
		"PUT /api/orders/:id/ship":     moveB("ship"),
		"PUT /api/orders/:id/close":    moveB("close"),
		"PUT /api/orders/:id/refund":   moveB("refund"),
		"PUT /api/orders/:id/complete": moveB("complete"),
		"PUT /api/orders/:id/remark": func() {
			id := orderB["close"]
			want(t, ch.do(http.MethodPut, fmt.Sprintf("/api/orders/%d/remark", id), map[string]any{"remark": "越权"}),
				http.StatusNotFound, "订单不存在")
			if o, _ := orders.Get(ctx, nil, id); o.Remark != "" {
				t.Fatalf("a channel session wrote B's remark: %q", o.Remark)
			}
			want(t, ch.do(http.MethodPut, fmt.Sprintf("/api/orders/%d/remark", orderA), map[string]any{"remark": "自己的"}),
				http.StatusNoContent, "")
		},
		// the shipping desk: B's orders are not there at all, and stay as they were
		"PUT /api/orders/:id/address": func() {
			id := orderB["close"]
			before, _ := orders.Get(ctx, nil, id)
			want(t, ch.do(http.MethodPut, fmt.Sprintf("/api/orders/%d/address", id),
				map[string]any{"customerName": "越权", "phone": "13900000009", "address": "越权路1号"}), http.StatusNotFound, "订单不存在")
			if o, _ := orders.Get(ctx, nil, id); o.Address != before.Address || o.CustomerName != before.CustomerName {
				t.Fatalf("a channel session changed B's address: %q", o.Address)
			}
		},
		"PUT /api/orders/:id/shipment": func() {
			id := orderB["complete"]
			before, _ := orders.Get(ctx, nil, id)
			want(t, ch.do(http.MethodPut, fmt.Sprintf("/api/orders/%d/shipment", id),
				map[string]any{"expressCompany": "ZTO", "trackingNo": "ZT9"}), http.StatusNotFound, "订单不存在")
			if o, _ := orders.Get(ctx, nil, id); o.TrackingNo != before.TrackingNo {
				t.Fatalf("a channel session changed B's tracking number: %q", o.TrackingNo)
			}
		},
		"POST /api/orders/:id/unship": func() {
			id := orderB["complete"]
			before := statusOf(id)
			want(t, ch.do(http.MethodPost, fmt.Sprintf("/api/orders/%d/unship", id), map[string]any{"reason": "越权"}),
				http.StatusNotFound, "订单不存在")
			if statusOf(id) != before {
				t.Fatal("a channel session unshipped B's order")
			}
		},
		"POST /api/orders/items/download": func() {
			rows := sheetRows(t, ch.do(http.MethodPost, "/api/orders/items/download", map[string]any{"headers": []string{"订单号"},
				"fields": []string{"orderNo"}, "ids": []int64{orderA, orderB["ship"], orderB["close"]}}))
			onlyA(t, rows, oa.OrderNo)
		},
		"POST /api/orders/items/downloadAll": func() {
			rows := sheetRows(t, ch.do(http.MethodPost, "/api/orders/items/downloadAll", map[string]any{"headers": []string{"订单号"},
				"fields": []string{"orderNo"}}))
			onlyA(t, rows, oa.OrderNo)
		},
		"POST /api/orders/download": func() {
			got := sheet("/api/orders/download", map[string]any{"headers": []string{"订单号"}, "fields": []string{"orderNo"},
				"ids": []int64{orderA, orderB["ship"], orderB["close"]}})
			if got != fmt.Sprintf("[[订单号] [%s]]", oa.OrderNo) {
				t.Fatalf("selected export = %s", got)
			}
		},
		// An order of B's in the import is refused like an unknown one and stays where it was.
		"POST /background/xf/order/expressImport": func() {
			id := orderB["refund"]
			var a importAnswer
			r := s.Do(t, upload(t, ch.tok, "发货.xlsx", xlsxOf(t, []any{"订单号", "快递公司", "快递单号"},
				[]any{orderNoOf(t, s, id), "SF", "SF-SCOPE-1"})))
			r.JSON(t, &a)
			if r.Status != http.StatusOK || a.Imported != 0 || a.Failed != 1 || a.Errors[0].Message != "订单不存在或不在您的数据范围内" {
				t.Fatalf("import of B's order: %d %s", r.Status, r.Body)
			}
			if statusOf(id) != "paid" {
				t.Fatal("an import through a channel session shipped B's order")
			}
		},
		// The template and the error sheet read no rows: they answer the same to every agency.
		"GET /api/orders/expressTemplate": func() {
			want(t, ch.do(http.MethodGet, "/api/orders/expressTemplate", nil), http.StatusOK, "")
		},
		"POST /api/orders/expressErrors": func() {
			got := fmt.Sprint(sheetRows(t, ch.do(http.MethodPost, "/api/orders/expressErrors",
				[]map[string]any{{"row": 2, "orderNo": "X1", "message": "订单不存在"}})))
			if !strings.Contains(got, "订单号") {
				t.Fatalf("error sheet = %s", got)
			}
		},
		"POST /api/orders/downloadAll": func() {
			got := sheet("/api/orders/downloadAll", map[string]any{"headers": []string{"订单号"}, "fields": []string{"orderNo"}})
			if got != fmt.Sprintf("[[订单号] [%s]]", oa.OrderNo) {
				t.Fatalf("export of all = %s", got)
			}
		},
	}
}

// TestDisabledAgencyLocksOutItsOperators: 停用 an agency and its operator's next call is 405;
// signing in again is refused; 启用 lets them in again.
func TestDisabledAgencyLocksOutItsOperators(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		ctx := context.Background()
		agencies := agency.NewStore(s.DB, s.Generation)
		a, _, err := agencies.ByCode(ctx, seed.DemoAgencyCode)
		if err != nil {
			t.Fatal(err)
		}
		ch := client{t, s, s.ChannelLogin(t, "channel", apptest.DemoPassword)}
		want(t, ch.do(http.MethodGet, "/api/auth/info", nil), http.StatusOK, "")
		if err := agencies.SetEnabled(ctx, a.ID, false); err != nil {
			t.Fatal(err)
		}
		want(t, ch.do(http.MethodGet, "/api/auth/info", nil), http.StatusMethodNotAllowed, "登录状态已过期，请重新登录")
		r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/background/common/tj/login",
			Form: map[string][]string{"username": {"channel"}, "password": {apptest.DemoPassword}}})
		want(t, r, http.StatusBadRequest, "所属渠道已停用")
		if err := agencies.SetEnabled(ctx, a.ID, true); err != nil {
			t.Fatal(err)
		}
		ch.tok = s.ChannelLogin(t, "channel", apptest.DemoPassword)
		want(t, ch.do(http.MethodGet, "/api/auth/info", nil), http.StatusOK, "")
	})
}

// onlyA fails unless a one-column item sheet has a header and rows of orderNo alone.
func onlyA(t *testing.T, rows [][]string, orderNo string) {
	t.Helper()
	if len(rows) < 2 {
		t.Fatalf("item sheet = %v, want the header and A's lines", rows)
	}
	for _, r := range rows[1:] {
		if len(r) == 0 || r[0] != orderNo {
			t.Fatalf("item sheet = %v, want only %s's lines", rows, orderNo)
		}
	}
}
