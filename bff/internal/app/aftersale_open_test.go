package app_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/seed"
)

// TestAftersaleOpenAPI: a storefront's customer asks for money back through the signed API and
// staff run the case in the console: the amount and lines are checked against the order, a
// retried request opens one case, a channel client does not see the shop's case, the return
// parcel is reported, the received units go back to stock through the ledger, the refund is
// recorded, and a second case is withdrawn by the customer.
func TestAftersaleOpenAPI(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := s.Login(t, "admin", apptest.AdminPassword)
		staff := s.Login(t, seed.StaffUser, apptest.DemoPassword)
		agencyA := demoAgency(t, s, seed.DemoAgencyCode)
		openSku(t, s.DB, nil, "AS-A", 1250, 10)
		openSku(t, s.DB, nil, "AS-B", 300, 5)
		openSku(t, s.DB, nil, "AS-C", 500, 5)
		shop, _ := newOpenClient(t, s, admin, nil)
		chanA, _ := newOpenClient(t, s, admin, &agencyA)

		orderNo, amount := paidOrder(t, s, shop, "as-order", "AS-A", 2, "AS-B", 1)
		if amount != "38.00" || skuStock(t, s.DB, "AS-A") != 8 {
			t.Fatalf("order %s of %s, AS-A stock %d", orderNo, amount, skuStock(t, s.DB, "AS-A"))
		}
		path := "/open/v1/orders/" + orderNo + "/aftersales"

		// More than the line's price: 400 on amount, with the most that may be refunded.
		over := shop.call(t, s, http.MethodPost, path, caseBody("return", "25.01", "AS-A", 2), "as-over", nil)
		var tooHigh struct {
			Errors []struct {
				Field string `json:"field"`
			} `json:"errors"`
			MaxAmount string `json:"maxAmount"`
		}
		if err := json.Unmarshal(over.body, &tooHigh); err != nil || over.status != http.StatusBadRequest ||
			len(tooHigh.Errors) != 1 || tooHigh.Errors[0].Field != "amount" || tooHigh.MaxAmount != "25.00" {
			t.Fatalf("amount over the lines: %d %s", over.status, over.body)
		}
		// A SKU of the shop that is not in the order.
		if a := shop.call(t, s, http.MethodPost, path, caseBody("return", "5.00", "AS-C", 1), "as-notin", nil); a.status != http.StatusBadRequest ||
			!strings.Contains(string(a.body), `"field":"items[0].skuCode"`) {
			t.Fatalf("a SKU not in the order: %d %s", a.status, a.body)
		}

		// A valid return of both AS-A, retried with its key: one case, the same answer.
		body := caseBody("return", "25.00", "AS-A", 2)
		first := shop.call(t, s, http.MethodPost, path, body, "as-1", nil)
		var opened struct {
			CaseNo string `json:"caseNo"`
			Status string `json:"status"`
		}
		if err := json.Unmarshal(first.body, &opened); err != nil || first.status != http.StatusCreated || opened.Status != "applied" || opened.CaseNo == "" {
			t.Fatalf("opening: %d %s", first.status, first.body)
		}
		again := shop.call(t, s, http.MethodPost, path, body, "as-1", nil)
		if again.status != http.StatusCreated || !bytes.Equal(again.body, first.body) || again.header.Get("Idempotent-Replayed") != "true" {
			t.Fatalf("retry: %d %s %v", again.status, again.body, again.header)
		}
		var n int64
		s.DB.Table("aftersale_cases").Where("order_no = ?", orderNo).Count(&n)
		if n != 1 {
			t.Fatalf("%d cases after a retry", n)
		}
		caseNo := opened.CaseNo

		// A channel client sees none of it.
		if a := chanA.call(t, s, http.MethodGet, "/open/v1/aftersales/"+caseNo, nil, "", nil); a.status != http.StatusNotFound {
			t.Errorf("a channel client reading the shop's case: %d %s", a.status, a.body)
		}
		if a := chanA.call(t, s, http.MethodPost, "/open/v1/aftersales/"+caseNo+"/cancel", nil, "ch-cancel", nil); a.status != http.StatusNotFound {
			t.Errorf("a channel client cancelling the shop's case: %d %s", a.status, a.body)
		}

		// No parcel before the approval; staff approve; the parcel with a bad company, then a good one.
		shipment := "/open/v1/aftersales/" + caseNo + "/return-shipment"
		if a := shop.call(t, s, http.MethodPost, shipment, map[string]any{"expressCompany": "SF", "trackingNo": "SF100"}, "ship-early", nil); a.status != http.StatusConflict {
			t.Errorf("a parcel before the approval: %d %s", a.status, a.body)
		}
		id := caseID(t, s, staff, caseNo)
		if r := caseMoveAPI(t, s, staff, id, "approve", nil); r.Status != http.StatusOK || !strings.Contains(string(r.Body), `"status":"awaiting_return"`) {
			t.Fatalf("approve: %d %s", r.Status, r.Body)
		}
		if a := shop.call(t, s, http.MethodPost, shipment, map[string]any{"expressCompany": "NOPE", "trackingNo": "SF100"}, "ship-bad", nil); a.status != http.StatusBadRequest ||
			!strings.Contains(string(a.body), `"field":"expressCompany"`) {
			t.Errorf("a company not in the dictionary: %d %s", a.status, a.body)
		}
		if a := shop.call(t, s, http.MethodPost, shipment, map[string]any{"expressCompany": "SF", "trackingNo": "SF100"}, "ship-1", nil); a.status != http.StatusOK ||
			!strings.Contains(string(a.body), `"status":"returned"`) {
			t.Fatalf("the parcel: %d %s", a.status, a.body)
		}

		// Received undamaged: both units back on AS-A, with a return_restock row in the ledger.
		if r := caseMoveAPI(t, s, staff, id, "receive", map[string]any{"damaged": false}); r.Status != http.StatusOK {
			t.Fatalf("receive: %d %s", r.Status, r.Body)
		}
		if got := skuStock(t, s.DB, "AS-A"); got != 10 {
			t.Errorf("AS-A stock after the return: %d, want 10", got)
		}
		var ledger []struct {
			Delta   int64
			OrderNo string
		}
		s.DB.Raw("SELECT l.delta, l.order_no FROM stock_ledger l JOIN goods_skus k ON k.id = l.sku_id WHERE k.code = ? AND l.reason = ?",
			"AS-A", "return_restock").Scan(&ledger)
		if len(ledger) != 1 || ledger[0].Delta != 2 {
			t.Errorf("AS-A's return_restock rows: %+v", ledger)
		}

		// GET shows the case with its lines and parcel; the refund is recorded by hand.
		var view struct {
			Status   string `json:"status"`
			OrderNo  string `json:"orderNo"`
			Refunded bool   `json:"refunded"`
			Items    []struct {
				SkuCode  string `json:"skuCode"`
				Quantity int64  `json:"quantity"`
			} `json:"items"`
			Return *struct {
				ExpressCompany string `json:"expressCompany"`
				TrackingNo     string `json:"trackingNo"`
			} `json:"returnShipment"`
		}
		get := func() {
			t.Helper()
			a := shop.call(t, s, http.MethodGet, "/open/v1/aftersales/"+caseNo, nil, "", nil)
			if err := json.Unmarshal(a.body, &view); err != nil || a.status != http.StatusOK {
				t.Fatalf("get: %d %s", a.status, a.body)
			}
		}
		get()
		if view.Status != "received" || view.OrderNo != orderNo || view.Refunded || len(view.Items) != 1 || view.Items[0].SkuCode != "AS-A" ||
			view.Items[0].Quantity != 2 || view.Return == nil || view.Return.TrackingNo != "SF100" {
			t.Fatalf("the received case: %+v", view)
		}
		if r := caseMoveAPI(t, s, staff, id, "refund", manualRefund(t, s, "V-100")); r.Status != http.StatusOK ||
			!strings.Contains(string(r.Body), `"status":"refunded"`) {
			t.Fatalf("refund: %d %s", r.Status, r.Body)
		}
		if get(); view.Status != "refunded" || !view.Refunded {
			t.Errorf("the refunded case: %+v", view)
		}
		if st, total := orderMoney(t, s, orderNo); st != "paid" || total != 2500 {
			t.Errorf("order after a partial refund: %s %d", st, total)
		}

		// Both AS-A are refunded: none is left to ask for.
		if a := shop.call(t, s, http.MethodPost, path, caseBody("refund", "1.00", "AS-A", 1), "as-none-left", nil); a.status != http.StatusBadRequest ||
			!strings.Contains(string(a.body), `"field":"items[0].quantity"`) {
			t.Errorf("a unit already refunded: %d %s", a.status, a.body)
		}

		// A second case, withdrawn by the customer while applied; a second withdrawal is refused.
		second := openCase(t, s, shop, orderNo, "as-2", caseBody("refund", "3.00", "AS-B", 1))
		cancel := "/open/v1/aftersales/" + second + "/cancel"
		if a := shop.call(t, s, http.MethodPost, cancel, nil, "cancel-1", nil); a.status != http.StatusOK || !strings.Contains(string(a.body), `"status":"cancelled"`) {
			t.Fatalf("cancel: %d %s", a.status, a.body)
		}
		if a := shop.call(t, s, http.MethodPost, cancel, nil, "cancel-2", nil); a.status != http.StatusConflict {
			t.Errorf("cancelling again: %d %s", a.status, a.body)
		}
		caseNo = second
		if get(); view.Status != "cancelled" || len(view.Items) != 1 || view.Items[0].SkuCode != "AS-B" || view.Items[0].Quantity != 1 {
			t.Errorf("the cancelled case: %+v", view)
		}
	})
}
