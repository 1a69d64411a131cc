package app_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"mallconsole/bff/internal/aftersale/gateway/gatewaytest"
	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/config"
)

// The end-to-end after-sales tests (issue 29) share these: an order placed and paid through the
// signed API, a case opened there, and the case as the console shows it.

// paidOrder places an order of lines (code, quantity, …) with c and pays it; it answers the
// order number and its amount (freight included).
func paidOrder(t *testing.T, s *apptest.Server, c *openClient, key string, lines ...any) (string, string) {
	t.Helper()
	o := c.call(t, s, http.MethodPost, "/open/v1/orders", placeBody("售后客户", lines...), key, nil).state(t, http.StatusCreated)
	p := c.call(t, s, http.MethodPost, "/open/v1/orders/"+o.OrderNo+"/paid", map[string]any{"amount": o.Amount}, key+"-pay", nil).
		state(t, http.StatusOK)
	if p.Status != "paid" {
		t.Fatalf("paying %s: %+v", o.OrderNo, p)
	}
	return o.OrderNo, o.Amount
}

// caseBody is an open API case asking amount for lines (code, quantity, …).
func caseBody(typ, amount string, lines ...any) map[string]any {
	var items []map[string]any
	for i := 0; i+1 < len(lines); i += 2 {
		items = append(items, map[string]any{"skuCode": lines[i], "quantity": lines[i+1]})
	}
	return map[string]any{"type": typ, "reason": "quality", "items": items, "amount": amount, "description": "端到端"}
}

// openCase opens a case through the API and answers its number.
func openCase(t *testing.T, s *apptest.Server, c *openClient, orderNo, key string, body map[string]any) string {
	t.Helper()
	a := c.call(t, s, http.MethodPost, "/open/v1/orders/"+orderNo+"/aftersales", body, key, nil)
	var st struct {
		CaseNo string `json:"caseNo"`
		Status string `json:"status"`
	}
	if a.status != http.StatusCreated {
		t.Fatalf("opening a case on %s: %d %s", orderNo, a.status, a.body)
	}
	if err := json.Unmarshal(a.body, &st); err != nil || st.CaseNo == "" || st.Status != "applied" {
		t.Fatalf("opened case: %s", a.body)
	}
	return st.CaseNo
}

// caseView is a case as GET /api/aftersales/{id} shows it.
type caseView struct {
	ID            int64  `json:"id"`
	CaseNo        string `json:"caseNo"`
	OrderNo       string `json:"orderNo"`
	Status        string `json:"status"`
	Amount        string `json:"amount"`
	Provider      string `json:"provider"`
	RefundNo      string `json:"refundNo"`
	RefundState   string `json:"refundState"`
	InstanceID    *int64 `json:"instanceId"`
	OrderRefunded string `json:"orderRefunded"`
	History       []struct {
		FromStatus string `json:"fromStatus"`
		ToStatus   string `json:"toStatus"`
		Operator   string `json:"operator"`
		Note       string `json:"note"`
	} `json:"history"`
}

// notes is the case's history as one text, to look for a note in.
func (v caseView) notes() string {
	var b strings.Builder
	for _, h := range v.History {
		fmt.Fprintf(&b, "%s→%s %s %s\n", h.FromStatus, h.ToStatus, h.Operator, h.Note)
	}
	return b.String()
}

// moves counts the history's moves into status.
func (v caseView) moves(status string) int {
	n := 0
	for _, h := range v.History {
		if h.ToStatus == status && h.FromStatus != status {
			n++
		}
	}
	return n
}

// caseID finds a case's id by its number through the list.
func caseID(t *testing.T, s *apptest.Server, token, caseNo string) int64 {
	t.Helper()
	r := s.Get(t, "/api/aftersales?page=0&size=10&caseNo="+url.QueryEscape(caseNo), token)
	var list struct {
		Content []struct {
			ID     int64  `json:"id"`
			CaseNo string `json:"caseNo"`
		} `json:"content"`
	}
	r.JSON(t, &list)
	if r.Status != http.StatusOK || len(list.Content) != 1 || list.Content[0].CaseNo != caseNo {
		t.Fatalf("finding case %s: %d %s", caseNo, r.Status, r.Body)
	}
	return list.Content[0].ID
}

// getCase reads a case.
func getCase(t *testing.T, s *apptest.Server, token string, id int64) caseView {
	t.Helper()
	r := s.Get(t, fmt.Sprintf("/api/aftersales/%d", id), token)
	var v caseView
	r.JSON(t, &v)
	if r.Status != http.StatusOK {
		t.Fatalf("case %d: %d %s", id, r.Status, r.Body)
	}
	return v
}

// caseMoveAPI posts a move of a case and answers the response.
func caseMoveAPI(t *testing.T, s *apptest.Server, token string, id int64, action string, body any) apptest.Response {
	t.Helper()
	return s.Do(t, apptest.Request{Method: http.MethodPost, Path: fmt.Sprintf("/api/aftersales/%d/%s", id, action), Token: token, JSON: body})
}

// manualRefund is the body of a refund recorded by hand, with an uploaded picture of the transfer.
func manualRefund(t *testing.T, s *apptest.Server, voucher string) map[string]any {
	t.Helper()
	return map[string]any{"provider": "manual", "voucherNo": voucher, "voucherFileId": picture(t, s)}
}

var gatewayRefund = map[string]any{"provider": "gateway"}

// orderMoney is an order's status and refunded total (fen) as stored.
func orderMoney(t *testing.T, s *apptest.Server, orderNo string) (string, int64) {
	t.Helper()
	var row struct {
		Status   string
		Refunded int64
	}
	if err := s.DB.Raw("SELECT status, refunded FROM orders WHERE order_no = ?", orderNo).Scan(&row).Error; err != nil {
		t.Fatal(err)
	}
	return row.Status, row.Refunded
}

// waitCase polls the case until done says so, for at most 10 s; it fails the test with what it
// last saw and how long it waited.
func waitCase(t *testing.T, s *apptest.Server, token string, id int64, what string, done func(caseView) bool) caseView {
	t.Helper()
	start := time.Now()
	for {
		v := getCase(t, s, token, id)
		if done(v) {
			return v
		}
		if time.Since(start) > 10*time.Second {
			t.Fatalf("case %s not %s after %v: status %s, refund %s %s\n%s", v.CaseNo, what, time.Since(start).Round(time.Millisecond),
				v.Status, v.RefundState, v.RefundNo, v.notes())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func refunded(v caseView) bool { return v.Status == "refunded" && v.RefundState == "done" }

// relay forwards the gateway's notifications to the app: the gateway's configuration (and so
// the notify address) is fixed before the app starts, and the app's address is known only after.
type relay struct {
	srv    *httptest.Server
	target atomic.Pointer[url.URL]
}

func newRelay(t *testing.T) *relay {
	t.Helper()
	r := &relay{}
	r.srv = httptest.NewServer(&httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		pr.SetURL(r.target.Load())
	}})
	t.Cleanup(r.srv.Close)
	return r
}

// gatewayApp starts the app of variant with a local payment gateway (behaviour Normal unless a
// refund is told otherwise) whose notifications reach the app, and whose clock is the app's
// (both sides refuse messages more than 5 minutes off).
func gatewayApp(t *testing.T, variant string, opt gatewaytest.Options) (*apptest.Server, *gatewaytest.Server) {
	t.Helper()
	var clock atomic.Pointer[apptest.Clock]
	opt.MerchantID, opt.Key, opt.NotifyKey = "M100", "request-key-0123456789", "notify-key-0123456789"
	opt.Now = func() time.Time {
		if c := clock.Load(); c != nil {
			return c.Now()
		}
		return time.Now()
	}
	gw, err := gatewaytest.Start(opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(gw.Close)
	rl := newRelay(t)
	s := apptest.Start(t, variant, func(c *config.Config) {
		c.PublicURL = rl.srv.URL + "/"
		c.RefundGateway = config.RefundGateway(gw.Config(c.PublicURL + config.NotifyPath))
	})
	clock.Store(s.Clock)
	u, err := url.Parse(s.URL)
	if err != nil {
		t.Fatal(err)
	}
	rl.target.Store(u)
	t.Cleanup(gw.Close) // before the app closes: no notification in flight to a closed app
	return s, gw
}
