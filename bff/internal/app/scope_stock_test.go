package app_test

import (
	"fmt"
	"net/http"
	"strings"

	"mallconsole/bff/internal/platform/perm"
)

// stockScope: the stock ledger as agency A's operator holding every stock permission, against
// agency B's SKUs: B's rows are never listed, exported or offered in the picker, B's SKU cannot
// be adjusted (404), and A's can.
func stockScope() scopeSuite {
	return scopeSuite{
		perms:    []string{perm.StockList, perm.StockAdjust, perm.StockExport},
		prefixes: []string{"/api/stock"},
		cases:    stockScopeCases,
	}
}

func stockScopeCases(e *scopeEnv) map[string]func() {
	t, s, a, b, admin, ch := e.t, e.s, e.a, e.b, e.admin, e.ch
	newSku := func(code string, agencyID int64) int64 {
		body := map[string]any{"name": "库存" + code, "code": code, "category": "food", "price": "9.90",
			"stock": 3, "agencyId": agencyID}
		return skuOf(t, s, createdID(t, admin.do(http.MethodPost, "/api/goods", body)))
	}
	// made at the first case, not now: the goods list's case (walked before) expects A's goods alone
	var skuA, skuB int64
	fixture := func() {
		if skuA == 0 {
			skuA, skuB = newSku("STK-A", a.ID), newSku("STK-B", b.ID)
		}
	}
	stockOf := func(id int64) (n int64) {
		s.DB.Raw("SELECT stock FROM goods_skus WHERE id = ?", id).Scan(&n)
		return n
	}
	rowB := func() (id int64) {
		s.DB.Raw("SELECT id FROM stock_ledger WHERE sku_id = ?", skuB).Scan(&id)
		return id
	}
	onlyA := func(what, body string) {
		if strings.Contains(body, "STK-B") || !strings.Contains(body, "STK-A") {
			t.Fatalf("%s as A: %s", what, body)
		}
	}
	return map[string]func(){
		"GET /api/stock/ledger": func() {
			fixture()
			onlyA("ledger", string(ch.do(http.MethodGet, "/api/stock/ledger?size=1000", nil).Body))
			r := ch.do(http.MethodGet, fmt.Sprintf("/api/stock/ledger?skuId=%d", skuB), nil)
			if r.Status != http.StatusOK || !strings.Contains(string(r.Body), `"totalElements":0`) {
				t.Fatalf("B's SKU's ledger as A: %d %s", r.Status, r.Body)
			}
		},
		"GET /api/stock/skus": func() {
			fixture()
			onlyA("picker", string(ch.do(http.MethodGet, "/api/stock/skus?blurry=STK", nil).Body))
		},
		"POST /api/stock/adjust": func() {
			fixture()
			adjust := func(id int64) map[string]any {
				return map[string]any{"skuId": id, "type": "in", "quantity": 2, "reason": "补货"}
			}
			want(t, ch.do(http.MethodPost, "/api/stock/adjust", adjust(skuB)), http.StatusNotFound, "商品规格不存在")
			if stockOf(skuB) != 3 {
				t.Fatal("A adjusted B's SKU")
			}
			if r := ch.do(http.MethodPost, "/api/stock/adjust", adjust(skuA)); r.Status != http.StatusOK || stockOf(skuA) != 5 {
				t.Fatalf("A's own SKU: %d %s", r.Status, r.Body)
			}
		},
		"POST /api/stock/ledger/download": func() {
			fixture()
			var rowA int64
			s.DB.Raw("SELECT id FROM stock_ledger WHERE sku_id = ? ORDER BY id", skuA).Limit(1).Scan(&rowA)
			got := fmt.Sprint(sheetRows(t, ch.do(http.MethodPost, "/api/stock/ledger/download", map[string]any{
				"headers": []string{"规格编码"}, "fields": []string{"skuCode"}, "ids": []int64{rowA, rowB()}})))
			onlyA("download", got)
		},
		"POST /api/stock/ledger/downloadAll": func() {
			fixture()
			onlyA("downloadAll", fmt.Sprint(sheetRows(t, ch.do(http.MethodPost, "/api/stock/ledger/downloadAll", map[string]any{
				"headers": []string{"规格编码"}, "fields": []string{"skuCode"}}))))
		},
	}
}
