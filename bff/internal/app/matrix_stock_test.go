package app_test

import (
	"net/http"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
)

// stockSamples: the matrix samples of the stock ledger's routes.
func stockSamples() map[string]sample {
	return map[string]sample{
		"GET /api/stock/ledger": get("/api/stock/ledger?page=0&size=10&reason=manual_in&skuCode=A&operator=adm" +
			"&startTime=2026-01-01&endTime=2026-12-31"),
		"GET /api/stock/skus": get("/api/stock/skus?blurry=MX"),
		"POST /api/stock/adjust": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/stock/adjust",
				JSON: map[string]any{"skuId": m.newSku(t), "type": "in", "quantity": 3, "reason": "矩阵"}}
		},
		"POST /api/stock/ledger/download": func(t *testing.T, m *matrix) apptest.Request {
			var id int64
			m.s.DB.Raw("SELECT id FROM stock_ledger WHERE sku_id = ?", m.newSku(t)).Scan(&id)
			return apptest.Request{Method: http.MethodPost, Path: "/api/stock/ledger/download",
				JSON: map[string]any{"headers": []string{"规格编码"}, "fields": []string{"skuCode"}, "ids": []any{id}}}
		},
		"POST /api/stock/ledger/downloadAll": func(*testing.T, *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/stock/ledger/downloadAll",
				JSON: map[string]any{"headers": []string{"规格编码", "变动"}, "fields": []string{"skuCode", "delta"}, "reason": "opening"}}
		},
	}
}

// newSku makes goods through the API and returns its SKU, giving it one (booked as its opening
// stock) when goods are still made without.
func (m *matrix) newSku(t *testing.T) int64 {
	t.Helper()
	return skuOf(t, m.s, m.newGoods(t)["id"].(int64))
}

// skuOf is the first SKU of the goods, made (with its opening ledger row) when it has none.
func skuOf(t *testing.T, s *apptest.Server, goodsID int64) int64 {
	t.Helper()
	var id int64
	s.DB.Raw("SELECT id FROM goods_skus WHERE goods_id = ? ORDER BY id", goodsID).Limit(1).Scan(&id)
	if id != 0 {
		return id
	}
	now := s.Clock.Now().UTC().Truncate(time.Millisecond)
	err := s.DB.Exec("INSERT INTO goods_skus (goods_id, scope_id, code, barcode, specs, price, cost, stock, low_stock, on_sale, sort, create_time, update_time) "+
		"SELECT id, COALESCE(agency_id, 0), code, '', '[]', price, cost, stock, 10, 1, 0, ?, ? FROM goods WHERE id = ?", now, now, goodsID).Error
	if err == nil {
		s.DB.Raw("SELECT id FROM goods_skus WHERE goods_id = ?", goodsID).Scan(&id)
		err = s.DB.Exec("INSERT INTO stock_ledger (sku_id, goods_id, scope_id, sku_code, delta, balance, reason, order_no, operator, note, create_time) "+
			"SELECT id, goods_id, scope_id, code, stock, stock, 'opening', '', 'test', '', ? FROM goods_skus WHERE id = ?", now, id).Error
	}
	if err != nil {
		t.Fatal(err)
	}
	return id
}
