package app_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/order"
)

// shopSamples: the matrix samples of the shop's routes (goods and orders).
func shopSamples() map[string]sample {
	return map[string]sample{
		"GET /api/goods": get("/api/goods?page=0&size=10&blurry=a&status=on_sale&category=digital" +
			"&startTime=2026-01-01&endTime=2026-12-31&sort=price,desc"),
		"GET /api/goods/:id": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Path: fmt.Sprintf("/api/goods/%v", m.newGoods(t)["id"])}
		},
		"POST /api/goods": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/goods", JSON: goodsBody(m.next())}
		},
		"PUT /api/goods":    put("/api/goods", (*matrix).newGoods),
		"DELETE /api/goods": del("/api/goods", (*matrix).newGoods),
		"PUT /api/goods/status": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPut, Path: "/api/goods/status",
				JSON: map[string]any{"ids": []any{m.newGoods(t)["id"]}, "status": "on_sale"}}
		},
		"POST /api/goods/download": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/goods/download",
				JSON: map[string]any{"headers": []string{"名称"}, "fields": []string{"name"}, "ids": []any{m.newGoods(t)["id"]}}}
		},
		"POST /api/goods/downloadAll": func(*testing.T, *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/goods/downloadAll",
				JSON: map[string]any{"headers": []string{"名称", "价格"}, "fields": []string{"name", "price"}, "status": "draft"}}
		},
		"GET /api/orders": get("/api/orders?page=0&size=10&status=paid&phone=138&orderNo=2026" +
			"&startTime=2026-01-01&endTime=2026-12-31&sort=createTime,desc"),
		"GET /api/orders/counts": get("/api/orders/counts?phone=138"),
		"GET /api/orders/:id": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Path: fmt.Sprintf("/api/orders/%d", m.newOrder(t))}
		},
		"PUT /api/orders/:id/ship": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPut, Path: fmt.Sprintf("/api/orders/%d/ship", m.newOrder(t, order.Pay)),
				JSON: map[string]any{"expressCompany": "SF", "trackingNo": "SF1234567890"}}
		},
		"PUT /api/orders/:id/close":    move("close"),
		"PUT /api/orders/:id/refund":   move("refund", order.Pay),
		"PUT /api/orders/:id/complete": move("complete", order.Pay, order.Ship),
		"PUT /api/orders/:id/remark": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPut, Path: fmt.Sprintf("/api/orders/%d/remark", m.newOrder(t)),
				JSON: map[string]any{"remark": fmt.Sprintf("矩阵%d", m.next())}}
		},
		"PUT /api/orders/:id/address": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPut, Path: fmt.Sprintf("/api/orders/%d/address", m.newOrder(t, order.Pay)),
				JSON: map[string]any{"customerName": "赵六", "phone": "13900000001", "address": fmt.Sprintf("矩阵路%d号", m.next())}}
		},
		"PUT /api/orders/:id/shipment": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPut, Path: fmt.Sprintf("/api/orders/%d/shipment", m.newOrder(t, order.Pay, order.Ship)),
				JSON: map[string]any{"expressCompany": "SF", "trackingNo": fmt.Sprintf("SFM%d", m.next())}}
		},
		"POST /api/orders/:id/unship": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: fmt.Sprintf("/api/orders/%d/unship", m.newOrder(t, order.Pay, order.Ship)),
				JSON: map[string]any{"reason": "矩阵"}}
		},
		"POST /api/orders/items/download": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/orders/items/download",
				JSON: map[string]any{"headers": []string{"订单号", "规格编码"}, "fields": []string{"orderNo", "skuCode"}, "ids": []any{m.newOrder(t)}}}
		},
		"POST /api/orders/items/downloadAll": func(*testing.T, *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/orders/items/downloadAll",
				JSON: map[string]any{"headers": []string{"订单号", "地址"}, "fields": []string{"orderNo", "address"}, "status": "paid"}}
		},
		"GET /api/orders/print": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Path: fmt.Sprintf("/api/orders/print?ids=%d&kind=picking", m.newOrder(t))}
		},
		"POST /api/orders/download": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/orders/download",
				JSON: map[string]any{"headers": []string{"订单号"}, "fields": []string{"orderNo"}, "ids": []any{m.newOrder(t)}}}
		},
		"POST " + order.ImportRoute: func(t *testing.T, m *matrix) apptest.Request {
			no := orderNoOf(t, m.s, m.newOrder(t, order.Pay))
			return upload(t, "", "发货.xlsx", xlsxOf(t, []any{"订单号", "快递公司", "快递单号"}, []any{no, "SF", fmt.Sprintf("SFM%d", m.next())}))
		},
		"GET /api/orders/expressTemplate": get("/api/orders/expressTemplate"),
		"POST /api/orders/expressErrors": func(*testing.T, *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/orders/expressErrors",
				JSON: []map[string]any{{"row": 2, "orderNo": "X", "message": "订单不存在"}}}
		},
		"POST /api/orders/downloadAll": func(*testing.T, *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/orders/downloadAll",
				JSON: map[string]any{"headers": []string{"订单号", "手机"}, "fields": []string{"orderNo", "phone"}, "status": "unpaid"}}
		},
	}
}

// move is a sample of a status move on a fresh order brought there by before.
func move(action string, before ...string) sample {
	return func(t *testing.T, m *matrix) apptest.Request {
		return apptest.Request{Method: http.MethodPut, Path: fmt.Sprintf("/api/orders/%d/%s", m.newOrder(t, before...), action),
			JSON: map[string]any{"note": "矩阵"}}
	}
}

// newOrder makes an order the way the shop does (the console never creates one) and moves it
// through actions.
func (m *matrix) newOrder(t *testing.T, actions ...string) int64 {
	t.Helper()
	return shopOrder(t, m.s, nil, actions...)
}

func shopOrder(t *testing.T, s *apptest.Server, agencyID *int64, actions ...string) int64 {
	t.Helper()
	ctx := context.Background()
	orders := order.NewService(order.NewStore(s.DB), dict.NewStore(s.DB), s.Clock.Now)
	id, err := orders.Create(ctx, order.NewOrder{CustomerName: "王五", Phone: "13812345678", Address: "上海市浦东新区",
		Freight: 800, AgencyID: agencyID, Items: []order.NewItem{{GoodsID: 1, Name: "苹果", UnitPrice: 1999, Quantity: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range actions {
		in := order.MoveInput{ExpressCompany: "SF", TrackingNo: "SF1"}
		if err := orders.Move(ctx, nil, "shop", id, a, in); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

func goodsBody(n int) map[string]any {
	return map[string]any{"name": fmt.Sprintf("商品%d", n), "code": fmt.Sprintf("MX-%d", n), "category": "digital",
		"price": "19.90", "cost": "9.50", "stock": 5}
}

func (m *matrix) newGoods(t *testing.T) map[string]any {
	body := goodsBody(m.next())
	body["id"] = m.create(t, "/api/goods", body)
	return body
}
