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

// TestStockAdjustAndOrderMoves: the adjust dialog's answers (each bad input names its field,
// out beyond the stock is 409 naming what is available, a stocktake of the same figure 400), the
// ledger list, and an order's detail showing the stock its lines took and gave back.
func TestStockAdjustAndOrderMoves(t *testing.T) {
	s := apptest.Start(t, "sqlite")
	admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
	body := map[string]any{"name": "库存测试", "code": "STK-1", "category": "food", "price": "9.90", "stock": 5, "status": "on_sale"}
	sku := skuOf(t, s, createdID(t, admin.do(http.MethodPost, "/api/goods", body)))
	adjust := func(typ string, q any, reason string) apptest.Response {
		return admin.do(http.MethodPost, "/api/stock/adjust", map[string]any{"skuId": sku, "type": typ, "quantity": q, "reason": reason})
	}
	for _, c := range []struct {
		typ    string
		q      any
		reason string
		field  string
	}{
		{"in", 3, "", "reason"}, {"in", 0, "到货", "quantity"}, {"out", -1, "破损", "quantity"},
		{"move", 1, "到货", "type"}, {"in", nil, "到货", "quantity"}, {"stocktake", 5, "盘点", "quantity"},
	} {
		wantField(t, adjust(c.typ, c.q, c.reason), http.StatusBadRequest, c.field)
	}
	r := adjust("out", 6, "破损")
	want(t, r, http.StatusConflict, "quantity: 库存不足，可用5")
	var row struct {
		Delta   int64  `json:"delta"`
		Balance int64  `json:"balance"`
		Reason  string `json:"reason"`
		Note    string `json:"note"`
	}
	if r = adjust("stocktake", 8, "盘点"); r.Status != http.StatusOK {
		t.Fatalf("stocktake: %d %s", r.Status, r.Body)
	}
	r.JSON(t, &row)
	if row.Delta != 3 || row.Balance != 8 || row.Reason != "stocktake" || row.Note != "盘点" {
		t.Fatalf("stocktake row %+v", row)
	}
	want(t, admin.do(http.MethodPost, "/api/stock/adjust", map[string]any{"skuId": 999999, "type": "in", "quantity": 1, "reason": "x"}),
		http.StatusNotFound, "商品规格不存在")

	orders := order.NewService(order.NewStore(s.DB), dict.NewStore(s.DB), s.Clock.Now)
	o, err := orders.Place(context.Background(), order.PlaceInput{CustomerName: "王五", Phone: "13812345678", Address: "上海",
		Items: []order.PlaceItem{{SkuCode: "STK-1", Quantity: 2}}, Operator: "open:c1"})
	if err != nil {
		t.Fatal(err)
	}
	want(t, admin.do(http.MethodPut, fmt.Sprintf("/api/orders/%d/close", o.ID), nil), http.StatusNoContent, "")
	var d struct {
		Items []struct {
			SkuCode  string `json:"skuCode"`
			SpecText string `json:"specText"`
		} `json:"items"`
		StockMoves []struct {
			SkuCode  string `json:"skuCode"`
			Delta    int64  `json:"delta"`
			Balance  int64  `json:"balance"`
			Reason   string `json:"reason"`
			Operator string `json:"operator"`
		} `json:"stockMoves"`
	}
	admin.do(http.MethodGet, fmt.Sprintf("/api/orders/%d", o.ID), nil).JSON(t, &d)
	if len(d.Items) != 1 || d.Items[0].SkuCode != "STK-1" || len(d.StockMoves) != 2 ||
		fmt.Sprint(d.StockMoves[0]) != "{STK-1 -2 6 order_reserve open:c1}" || fmt.Sprint(d.StockMoves[1]) != "{STK-1 2 8 order_release admin}" {
		t.Fatalf("order detail %+v", d)
	}
	var l struct {
		Content []struct {
			Reason  string `json:"reason"`
			OrderNo string `json:"orderNo"`
		} `json:"content"`
		TotalElements int `json:"totalElements"`
	}
	admin.do(http.MethodGet, fmt.Sprintf("/api/stock/ledger?skuId=%d&size=2", sku), nil).JSON(t, &l)
	if l.TotalElements != 4 || len(l.Content) != 2 || l.Content[0].Reason != "order_release" || l.Content[0].OrderNo != o.OrderNo {
		t.Fatalf("ledger %+v", l)
	}
}
