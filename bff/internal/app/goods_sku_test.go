package app_test

import (
	"fmt"
	"net/http"
	"testing"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/seed"
)

// goodsDetail is GET /api/goods/{id} as the goods dialog reads it.
type goodsDetail struct {
	ID       int64  `json:"id"`
	Price    string `json:"price"`
	MaxPrice string `json:"maxPrice"`
	Stock    int64  `json:"stock"`
	Specs    []struct {
		Name   string   `json:"name"`
		Values []string `json:"values"`
	} `json:"specs"`
	Skus []struct {
		ID       int64    `json:"id"`
		Code     string   `json:"code"`
		Specs    []string `json:"specs"`
		Price    string   `json:"price"`
		Stock    int64    `json:"stock"`
		LowStock int64    `json:"lowStock"`
		OnSale   bool     `json:"onSale"`
	} `json:"skus"`
}

// TestGoodsSkus: the goods dialog's calls with specs — create in 颜色 × 尺码, read back, edit
// with the SKUs' ids, the list's price range, one export line per SKU — and a channel operator
// seeing and changing only their agency's goods.
func TestGoodsSkus(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		grant(t, s, seed.ChannelRole, perm.GoodsList, perm.GoodsAdd, perm.GoodsEdit)
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		channel := client{t, s, s.ChannelLogin(t, seed.ChannelUser, apptest.DemoPassword)}
		sku := func(code, colour, size, price string, stock int) map[string]any {
			return map[string]any{"code": code, "specs": []string{colour, size}, "price": price, "stock": stock, "lowStock": 2}
		}
		body := map[string]any{"name": "纯棉T恤", "code": "TS-1", "category": "clothing", "status": "on_sale",
			"specs": []map[string]any{{"name": "颜色", "values": []string{"红", "白"}}, {"name": "尺码", "values": []string{"S", "M"}}},
			"skus": []map[string]any{sku("TS-1-RS", "红", "S", "59.00", 5), sku("TS-1-RM", "红", "M", "59.00", 1),
				sku("TS-1-WS", "白", "S", "69.00", 0), sku("TS-1-WM", "白", "M", "69.00", 8)}}
		id := createdID(t, admin.do(http.MethodPost, "/api/goods", body))
		var d goodsDetail
		admin.do(http.MethodGet, fmt.Sprintf("/api/goods/%d", id), nil).JSON(t, &d)
		if d.Price != "59.00" || d.MaxPrice != "69.00" || d.Stock != 14 || len(d.Specs) != 2 || len(d.Skus) != 4 ||
			d.Skus[2].Code != "TS-1-WS" || d.Skus[2].Specs[0] != "白" || d.Skus[2].LowStock != 2 || !d.Skus[2].OnSale {
			t.Fatalf("detail %+v", d)
		}

		// A missing combination is a 400; the edit sends the ids back and counts one SKU again.
		short := map[string]any{}
		for k, v := range body {
			short[k] = v
		}
		short["skus"] = body["skus"].([]map[string]any)[:3]
		want(t, admin.do(http.MethodPost, "/api/goods", short), http.StatusBadRequest, "skus: 每个规格组合需要一个SKU：应有4个，收到3个")
		body["id"] = id
		for i, k := range body["skus"].([]map[string]any) {
			k["id"] = d.Skus[i].ID
		}
		body["skus"].([]map[string]any)[1]["stock"] = 20
		want(t, admin.do(http.MethodPut, "/api/goods", body), http.StatusNoContent, "")
		var l struct {
			Content []struct {
				ID       int64  `json:"id"`
				Price    string `json:"price"`
				MaxPrice string `json:"maxPrice"`
				Stock    int64  `json:"stock"`
				LowSkus  int64  `json:"lowSkus"`
			} `json:"content"`
		}
		admin.do(http.MethodGet, "/api/goods?blurry=TS-1&lowStock=1", nil).JSON(t, &l)
		if len(l.Content) != 1 || l.Content[0].Stock != 33 || l.Content[0].MaxPrice != "69.00" || l.Content[0].LowSkus != 1 {
			t.Fatalf("list %+v", l)
		}
		rows := sheetRows(t, admin.do(http.MethodPost, "/api/goods/download", map[string]any{
			"headers": []string{"商品编码", "SKU编码", "规格", "库存", "预警值"},
			"fields":  []string{"code", "skuCode", "skuSpecs", "skuStock", "lowStock"}, "ids": []int64{id}}))
		if fmt.Sprint(rows) != "[[商品编码 SKU编码 规格 库存 预警值] [TS-1 TS-1-RS 红 / S 5 2] [TS-1 TS-1-RM 红 / M 20 2] [TS-1 TS-1-WS 白 / S 0 2] [TS-1 TS-1-WM 白 / M 8 2]]" {
			t.Fatalf("sheet %v", rows)
		}

		// The channel operator: the shop's goods do not exist for them; their own do.
		want(t, channel.do(http.MethodGet, fmt.Sprintf("/api/goods/%d", id), nil), http.StatusNotFound, "")
		want(t, channel.do(http.MethodPut, "/api/goods", body), http.StatusNotFound, "")
		delete(body, "id")
		for _, k := range body["skus"].([]map[string]any) {
			delete(k, "id")
		}
		mine := createdID(t, channel.do(http.MethodPost, "/api/goods", body)) // the same codes, another seller
		channel.do(http.MethodGet, fmt.Sprintf("/api/goods/%d", mine), nil).JSON(t, &d)
		if len(d.Skus) != 4 || d.Skus[0].Code != "TS-1-RS" {
			t.Fatalf("the operator's goods %+v", d)
		}
		want(t, channel.do(http.MethodPost, "/api/goods", body), http.StatusConflict, "code: 商品编码 TS-1 已存在")
		body["code"] = "TS-2"
		want(t, channel.do(http.MethodPost, "/api/goods", body), http.StatusConflict, "skus: SKU编码 TS-1-RM 已存在")
	})
}
