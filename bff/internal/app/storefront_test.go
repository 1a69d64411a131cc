package app_test

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/seed"
	"mallconsole/bff/internal/stock"
	"mallconsole/bff/internal/storefront"
)

// signRequest is the Go example of docs/storefront.md, word for word (TestStorefrontDocExample
// compares them): every signed call in these tests goes through it.
func signRequest(req *http.Request, clientID, secret string, body []byte, now time.Time) error {
	nonce := make([]byte, 16)
	if _, err := rand.Read(nonce); err != nil {
		return err
	}
	ts := strconv.FormatInt(now.Unix(), 10)
	n := hex.EncodeToString(nonce)
	sum := sha256.Sum256(body)
	msg := req.Method + "\n" + req.URL.EscapedPath() + "\n" + req.URL.RawQuery + "\n" +
		ts + "\n" + n + "\n" + hex.EncodeToString(sum[:])
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(msg))
	req.Header.Set("X-Client-Id", clientID)
	req.Header.Set("X-Timestamp", ts)
	req.Header.Set("X-Nonce", n)
	req.Header.Set("X-Signature", hex.EncodeToString(mac.Sum(nil)))
	return nil
}

// TestStorefrontDocExample: the docs show the signer these tests run.
func TestStorefrontDocExample(t *testing.T) {
	src, err := os.ReadFile("storefront_test.go")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("../../../docs/storefront.md")
	if err != nil {
		t.Fatal(err)
	}
	fn := func(text string) string {
		i := strings.Index(text, "func signRequest(")
		if i < 0 {
			return ""
		}
		j := strings.Index(text[i:], "\n}\n")
		return text[i : i+j+2]
	}
	got, want := fn(string(doc)), fn(string(src))
	if want == "" || got != want {
		t.Fatalf("docs/storefront.md's signRequest differs from the one tested:\n%s\n---\n%s", got, want)
	}
}

// openClient is an API client in a test.
type openClient struct {
	s              *apptest.Server
	id, secret     string
	lastNonce      string
	lastTS, lastSg string
}

type openAnswer struct {
	status int
	body   []byte
	header http.Header
}

func (a openAnswer) code(t *testing.T) string {
	t.Helper()
	var e struct {
		Code string `json:"code"`
	}
	if err := json.Unmarshal(a.body, &e); err != nil {
		t.Fatalf("not JSON: %d %s", a.status, a.body)
	}
	return e.Code
}

// call signs and sends a request; tamper changes it after signing; key is the Idempotency-Key.
func (c *openClient) call(t *testing.T, s *apptest.Server, method, target string, body any, key string,
	tamper func(*http.Request)) openAnswer {
	t.Helper()
	var raw []byte
	if body != nil {
		var err error
		if raw, err = json.Marshal(body); err != nil {
			t.Fatal(err)
		}
	}
	req, err := http.NewRequest(method, s.URL+target, bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if err := signRequest(req, c.id, c.secret, raw, s.Clock.Now()); err != nil {
		t.Fatal(err)
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	c.lastNonce, c.lastTS, c.lastSg = req.Header.Get("X-Nonce"), req.Header.Get("X-Timestamp"), req.Header.Get("X-Signature")
	if tamper != nil {
		tamper(req)
	}
	return send(t, req)
}

func send(t *testing.T, req *http.Request) openAnswer {
	t.Helper()
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return openAnswer{status: res.StatusCode, body: b, header: res.Header}
}

// newOpenClient creates a client through the admin API and returns it with its secret.
func newOpenClient(t *testing.T, s *apptest.Server, admin string, agencyID *int64) (*openClient, int64) {
	t.Helper()
	r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/openClients", Token: admin,
		JSON: map[string]any{"name": "对接测试", "agencyId": agencyID}})
	var got struct {
		ID       int64  `json:"id"`
		ClientID string `json:"clientId"`
		Secret   string `json:"secret"`
	}
	r.JSON(t, &got)
	if r.Status != http.StatusCreated || got.ClientID == "" || got.Secret == "" {
		t.Fatalf("creating a client: %d %s", r.Status, r.Body)
	}
	return &openClient{s: s, id: got.ClientID, secret: got.Secret}, got.ID
}

// openSku adds an on-sale goods item of the scope (nil: the shop) with one SKU holding units.
func openSku(t *testing.T, g *gorm.DB, agencyID *int64, code string, price, units int64) {
	t.Helper()
	now := time.Now().UTC().Truncate(time.Millisecond)
	scope := int64(0)
	if agencyID != nil {
		scope = *agencyID
	}
	if err := g.Exec("INSERT INTO goods (name, code, category, price, cost, stock, status, main_picture, gallery, description, create_time, update_time, specs, max_price, low_skus, agency_id) VALUES (?, ?, '', ?, 50, 0, 'on_sale', '', '[]', '', ?, ?, '[]', ?, 0, ?)",
		"商品"+code, code, price, now, now, price, agencyID).Error; err != nil {
		t.Fatal(err)
	}
	var goodsID int64
	g.Raw("SELECT id FROM goods WHERE code = ?", code).Scan(&goodsID)
	if err := g.Exec("INSERT INTO goods_skus (goods_id, scope_id, code, barcode, specs, price, cost, stock, low_stock, on_sale, sort, create_time, update_time) VALUES (?, ?, ?, '', '[]', ?, 50, 0, 1, 1, 0, ?, ?)",
		goodsID, scope, code, price, now, now).Error; err != nil {
		t.Fatal(err)
	}
	var id int64
	g.Raw("SELECT id FROM goods_skus WHERE code = ? AND scope_id = ?", code, scope).Scan(&id)
	if err := g.Transaction(func(tx *gorm.DB) error {
		_, err := stock.Apply(tx, now, []stock.Move{{SkuID: id, Delta: units, Reason: stock.Opening, Operator: "test"}})
		return err
	}); err != nil {
		t.Fatal(err)
	}
}

func skuStock(t *testing.T, g *gorm.DB, code string) int64 {
	t.Helper()
	var n int64
	if err := g.Raw("SELECT stock FROM goods_skus WHERE code = ?", code).Scan(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

func placeBody(customer string, lines ...any) map[string]any {
	var items []map[string]any
	for i := 0; i+1 < len(lines); i += 2 {
		items = append(items, map[string]any{"skuCode": lines[i], "quantity": lines[i+1]})
	}
	return map[string]any{"customerName": customer, "phone": "13800001234", "address": "杭州市西湖区文三路1号",
		"freight": "10.00", "items": items}
}

type orderState struct {
	OrderNo string `json:"orderNo"`
	Status  string `json:"status"`
	Amount  string `json:"amount"`
}

func (a openAnswer) state(t *testing.T, status int) orderState {
	t.Helper()
	if a.status != status {
		t.Fatalf("answer %d %s, want %d", a.status, a.body, status)
	}
	var o orderState
	if err := json.Unmarshal(a.body, &o); err != nil {
		t.Fatal(err)
	}
	return o
}

// TestStorefrontAPI: the signed API end to end on MariaDB with Redis, and a second instance
// sharing both: refusals by reason, idempotent writes, stock all or none, payment, cancel, the
// scope of a channel client, rotation and revocation.
func TestStorefrontAPI(t *testing.T) {
	s := apptest.Start(t, apptest.MySQLRedis)
	twin := s.Twin(t)
	admin := s.Login(t, "admin", apptest.AdminPassword)
	agencyA := demoAgency(t, s, seed.DemoAgencyCode)
	agencyB := demoAgency(t, s, seed.OtherAgencyCode)
	openSku(t, s.DB, nil, "SF-A", 1250, 10)
	openSku(t, s.DB, nil, "SF-B", 300, 2)
	openSku(t, s.DB, &agencyA, "CH-A", 990, 5)
	openSku(t, s.DB, &agencyB, "CH-B", 100, 5)

	shop, shopRowID := newOpenClient(t, s, admin, nil)
	chanA, _ := newOpenClient(t, s, admin, &agencyA)

	// The list shows the client, never its secret.
	list := s.Get(t, "/api/openClients", admin)
	if list.Status != http.StatusOK || !strings.Contains(string(list.Body), shop.id) || strings.Contains(string(list.Body), shop.secret) ||
		!strings.Contains(string(list.Body), seed.DemoOpenClient) {
		t.Fatalf("list: %d %s", list.Status, list.Body)
	}

	// The API document describes the signed routes under their own tag with the signature scheme.
	var doc struct {
		Paths map[string]map[string]struct {
			Tags     []string              `json:"tags"`
			Security []map[string][]string `json:"security"`
		} `json:"paths"`
		Components struct {
			SecuritySchemes map[string]struct {
				Description string `json:"description"`
			} `json:"securitySchemes"`
		} `json:"components"`
	}
	s.Get(t, "/api/openapi.json", admin).JSON(t, &doc)
	place := doc.Paths["/open/v1/orders"]["post"]
	if len(place.Tags) != 1 || place.Tags[0] != "open" || len(place.Security) != 1 || place.Security[0]["signature"] == nil ||
		!strings.Contains(doc.Components.SecuritySchemes["signature"].Description, "HMAC-SHA256") {
		t.Errorf("the document's POST /open/v1/orders: %+v, schemes %+v", place, doc.Components.SecuritySchemes)
	}

	// Stock of the scope.
	r := shop.call(t, s, http.MethodGet, "/open/v1/skus?codes=SF-A,SF-B,CH-A", nil, "", nil)
	var skus struct {
		Skus []struct {
			Price     string `json:"price"`
			Available int64  `json:"available"`
		} `json:"skus"`
		Missing []string `json:"missing"`
	}
	if err := json.Unmarshal(r.body, &skus); err != nil || r.status != http.StatusOK || len(skus.Skus) != 2 ||
		skus.Skus[0].Available != 10 || skus.Skus[0].Price != "12.50" || len(skus.Missing) != 1 || skus.Missing[0] != "CH-A" {
		t.Fatalf("skus: %d %s", r.status, r.body)
	}

	// Refusals, each with its reason.
	refused := func(what string, a openAnswer, code string) {
		t.Helper()
		if a.status != http.StatusUnauthorized || a.code(t) != code {
			t.Errorf("%s: %d %s, want 401 %s", what, a.status, a.body, code)
		}
	}
	wrong := *shop
	wrong.secret = "sk_not-the-secret"
	refused("wrong secret", wrong.call(t, s, http.MethodGet, "/open/v1/skus?codes=SF-A", nil, "", nil), storefront.CodeBadSignature)
	refused("query changed", shop.call(t, s, http.MethodGet, "/open/v1/skus?codes=SF-A", nil, "",
		func(r *http.Request) { r.URL.RawQuery = "codes=SF-B" }), storefront.CodeBadSignature)
	refused("body changed", shop.call(t, s, http.MethodPost, "/open/v1/orders", placeBody("甲", "SF-A", 1), "k-tamper",
		func(r *http.Request) {
			b, _ := json.Marshal(placeBody("甲", "SF-A", 9))
			r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(b)), int64(len(b))
		}), storefront.CodeBadSignature)
	old := shop.call(t, s, http.MethodGet, "/open/v1/skus?codes=SF-A", nil, "", func(r *http.Request) {
		ts := strconv.FormatInt(s.Clock.Now().Add(-6*time.Minute).Unix(), 10)
		r.Header.Set("X-Timestamp", ts)
		r.Header.Set("X-Signature", storefront.Sign(shop.secret, r.Method, "/open/v1/skus", "codes=SF-A", ts, r.Header.Get("X-Nonce"), nil))
	})
	refused("old timestamp", old, storefront.CodeExpired)
	refused("no headers", send(t, mustRequest(t, http.MethodGet, s.URL+"/open/v1/skus?codes=SF-A")), storefront.CodeMissingHeader)

	// A replay, to the same instance and to the other one.
	if a := shop.call(t, s, http.MethodGet, "/open/v1/skus?codes=SF-A", nil, "", nil); a.status != http.StatusOK {
		t.Fatalf("signed: %d %s", a.status, a.body)
	}
	replay := func(to *apptest.Server) openAnswer {
		req := mustRequest(t, http.MethodGet, to.URL+"/open/v1/skus?codes=SF-A")
		req.Header.Set("X-Client-Id", shop.id)
		req.Header.Set("X-Timestamp", shop.lastTS)
		req.Header.Set("X-Nonce", shop.lastNonce)
		req.Header.Set("X-Signature", shop.lastSg)
		return send(t, req)
	}
	refused("replayed", replay(s), storefront.CodeReplayed)
	refused("replayed to the second instance", replay(twin), storefront.CodeReplayed)
	// … and the other way round: a nonce first used on the second instance.
	if a := shop.call(t, twin, http.MethodGet, "/open/v1/skus?codes=SF-A", nil, "", nil); a.status != http.StatusOK {
		t.Fatalf("signed to the second instance: %d %s", a.status, a.body)
	}
	refused("replayed from the second instance", replay(s), storefront.CodeReplayed)

	// An order, retried with its key: one order, the same answer; on the other instance too.
	body := placeBody("王小明", "SF-A", 2, "SF-B", 1)
	first := shop.call(t, s, http.MethodPost, "/open/v1/orders", body, "order-1", nil)
	placed := first.state(t, http.StatusCreated)
	if placed.Status != "unpaid" || placed.Amount != "38.00" || placed.OrderNo == "" {
		t.Fatalf("placed: %s", first.body)
	}
	for _, to := range []*apptest.Server{s, twin} {
		again := shop.call(t, to, http.MethodPost, "/open/v1/orders", body, "order-1", nil)
		if again.status != http.StatusCreated || !bytes.Equal(again.body, first.body) || again.header.Get("Idempotent-Replayed") != "true" {
			t.Fatalf("retry: %d %s %v", again.status, again.body, again.header)
		}
	}
	var n int64
	s.DB.Table("orders").Where("customer_name = ?", "王小明").Count(&n)
	if n != 1 || skuStock(t, s.DB, "SF-A") != 8 || skuStock(t, s.DB, "SF-B") != 1 {
		t.Fatalf("after retries: %d orders, stock %d/%d", n, skuStock(t, s.DB, "SF-A"), skuStock(t, s.DB, "SF-B"))
	}
	if a := shop.call(t, s, http.MethodPost, "/open/v1/orders", placeBody("王小明", "SF-A", 3), "order-1", nil); a.status != http.StatusConflict ||
		a.code(t) != storefront.CodeKeyReused {
		t.Errorf("key with another body: %d %s", a.status, a.body)
	}
	if a := shop.call(t, s, http.MethodPost, "/open/v1/orders", body, "", nil); a.status != http.StatusBadRequest {
		t.Errorf("no key: %d %s", a.status, a.body)
	}
	if a := shop.call(t, s, http.MethodPost, "/open/v1/orders", map[string]any{"items": []any{}}, "bad-input", nil); a.status != http.StatusBadRequest ||
		!strings.Contains(string(a.body), `"field":"customerName"`) || !strings.Contains(string(a.body), `"field":"freight"`) {
		t.Errorf("bad input: %d %s", a.status, a.body)
	}

	// Short: all lines or none, 409 naming the SKU and what is left.
	short := shop.call(t, s, http.MethodPost, "/open/v1/orders", placeBody("李四", "SF-A", 1, "SF-B", 5), "order-short", nil)
	var oos struct {
		Status    int    `json:"status"`
		Code      string `json:"code"`
		SkuCode   string `json:"skuCode"`
		Available int64  `json:"available"`
	}
	if err := json.Unmarshal(short.body, &oos); err != nil || short.status != http.StatusConflict || oos.Code != "out_of_stock" ||
		oos.SkuCode != "SF-B" || oos.Available != 1 || oos.Status != http.StatusConflict {
		t.Fatalf("short: %d %s", short.status, short.body)
	}
	if skuStock(t, s.DB, "SF-A") != 8 {
		t.Fatalf("a short order took SF-A: %d", skuStock(t, s.DB, "SF-A"))
	}
	if a := shop.call(t, s, http.MethodPost, "/open/v1/orders", placeBody("李四", "NOPE", 1), "order-unknown", nil); a.status != http.StatusBadRequest ||
		!strings.Contains(string(a.body), "items[0].skuCode") {
		t.Errorf("unknown SKU: %d %s", a.status, a.body)
	}

	// Payment: the amount must match; a second notice changes nothing.
	paid := "/open/v1/orders/" + placed.OrderNo + "/paid"
	if a := shop.call(t, s, http.MethodPost, paid, map[string]any{"amount": "38.01"}, "pay-wrong", nil); a.status != http.StatusBadRequest {
		t.Errorf("wrong amount: %d %s", a.status, a.body)
	}
	if o := shop.call(t, s, http.MethodPost, paid, map[string]any{"amount": "38.00"}, "pay-1", nil).state(t, http.StatusOK); o.Status != "paid" {
		t.Fatalf("paid: %+v", o)
	}
	if o := shop.call(t, twin, http.MethodPost, paid, map[string]any{"amount": "38.00"}, "pay-2", nil).state(t, http.StatusOK); o.Status != "paid" {
		t.Fatalf("second notice: %+v", o)
	}
	s.DB.Table("order_history").Joins("JOIN orders ON orders.id = order_history.order_id").
		Where("orders.order_no = ? AND order_history.to_status = ?", placed.OrderNo, "paid").Count(&n)
	if n != 1 {
		t.Errorf("%d payments recorded", n)
	}
	// A paid order is not cancelled; an unpaid one is, and its units come back.
	if a := shop.call(t, s, http.MethodPost, "/open/v1/orders/"+placed.OrderNo+"/cancel", nil, "cancel-paid", nil); a.status != http.StatusConflict {
		t.Errorf("cancelling a paid order: %d %s", a.status, a.body)
	}
	other := shop.call(t, s, http.MethodPost, "/open/v1/orders", placeBody("赵六", "SF-A", 3), "order-2", nil).state(t, http.StatusCreated)
	if skuStock(t, s.DB, "SF-A") != 5 {
		t.Fatalf("stock after the second order: %d", skuStock(t, s.DB, "SF-A"))
	}
	if o := shop.call(t, s, http.MethodPost, "/open/v1/orders/"+other.OrderNo+"/cancel", nil, "cancel-2", nil).state(t, http.StatusOK); o.Status != "closed" ||
		skuStock(t, s.DB, "SF-A") != 8 {
		t.Fatalf("cancelled: %+v, stock %d", o, skuStock(t, s.DB, "SF-A"))
	}
	got := shop.call(t, s, http.MethodGet, "/open/v1/orders/"+placed.OrderNo, nil, "", nil)
	var view struct {
		Status string `json:"status"`
		Items  []struct {
			SkuCode string `json:"skuCode"`
		} `json:"items"`
		Shipment *struct{} `json:"shipment"`
	}
	if err := json.Unmarshal(got.body, &view); err != nil || got.status != http.StatusOK || view.Status != "paid" || len(view.Items) != 2 ||
		view.Shipment != nil || view.Items[0].SkuCode != "SF-A" {
		t.Fatalf("get: %d %s", got.status, got.body)
	}

	// A channel client sees its agency's SKUs and orders only, and the shop client not theirs.
	chOrder := chanA.call(t, s, http.MethodPost, "/open/v1/orders", placeBody("渠道客户", "CH-A", 1), "ch-1", nil).state(t, http.StatusCreated)
	var agencyOf []int64
	s.DB.Table("orders").Where("order_no = ?", chOrder.OrderNo).Pluck("agency_id", &agencyOf)
	if len(agencyOf) != 1 || agencyOf[0] != agencyA {
		t.Fatalf("the channel order's agency: %v", agencyOf)
	}
	chanB, _ := newOpenClient(t, s, admin, &agencyB)
	if a := chanB.call(t, s, http.MethodGet, "/open/v1/orders/"+chOrder.OrderNo, nil, "", nil); a.status != http.StatusNotFound {
		t.Errorf("another channel's client reading the order: %d %s", a.status, a.body)
	}
	if a := chanB.call(t, s, http.MethodPost, "/open/v1/orders/"+chOrder.OrderNo+"/paid", map[string]any{"amount": "9.90"}, "b-pay", nil); a.status != http.StatusNotFound {
		t.Errorf("another channel's client paying the order: %d %s", a.status, a.body)
	}
	if a := chanA.call(t, s, http.MethodGet, "/open/v1/orders/"+placed.OrderNo, nil, "", nil); a.status != http.StatusNotFound {
		t.Errorf("channel client reading the shop's order: %d %s", a.status, a.body)
	}
	if a := shop.call(t, s, http.MethodGet, "/open/v1/orders/"+chOrder.OrderNo, nil, "", nil); a.status != http.StatusNotFound {
		t.Errorf("shop client reading a channel order: %d %s", a.status, a.body)
	}
	if a := shop.call(t, s, http.MethodPost, "/open/v1/orders/"+chOrder.OrderNo+"/cancel", nil, "cancel-ch", nil); a.status != http.StatusNotFound {
		t.Errorf("shop client cancelling a channel order: %d %s", a.status, a.body)
	}
	if a := chanA.call(t, s, http.MethodPost, "/open/v1/orders", placeBody("渠道客户", "CH-B", 1), "ch-2", nil); a.status != http.StatusBadRequest {
		t.Errorf("channel client ordering another agency's SKU: %d %s", a.status, a.body)
	}

	// Rotation: the old secret fails at once, the new one works; revocation ends the client.
	rot := s.Do(t, apptest.Request{Method: http.MethodPost, Path: fmt.Sprintf("/api/openClients/%d/rotate", shopRowID), Token: admin})
	var issued struct {
		ClientID string `json:"clientId"`
		Secret   string `json:"secret"`
	}
	rot.JSON(t, &issued)
	if rot.Status != http.StatusOK || issued.ClientID != shop.id || issued.Secret == "" || issued.Secret == shop.secret {
		t.Fatalf("rotate: %d %s", rot.Status, rot.Body)
	}
	refused("old secret after rotation", shop.call(t, twin, http.MethodGet, "/open/v1/skus?codes=SF-A", nil, "", nil), storefront.CodeBadSignature)
	shop.secret = issued.Secret
	if a := shop.call(t, twin, http.MethodGet, "/open/v1/skus?codes=SF-A", nil, "", nil); a.status != http.StatusOK {
		t.Fatalf("new secret: %d %s", a.status, a.body)
	}
	if r := s.Do(t, apptest.Request{Method: http.MethodDelete, Path: fmt.Sprintf("/api/openClients/%d", shopRowID), Token: admin}); r.Status != http.StatusNoContent {
		t.Fatalf("revoke: %d %s", r.Status, r.Body)
	}
	refused("revoked", shop.call(t, twin, http.MethodGet, "/open/v1/skus?codes=SF-A", nil, "", nil), storefront.CodeRevoked)
	list = s.Get(t, "/api/openClients", admin)
	var rows struct {
		Content []struct {
			ClientID     string `json:"clientId"`
			Status       string `json:"status"`
			LastUsedTime string `json:"lastUsedTime"`
		} `json:"content"`
	}
	list.JSON(t, &rows)
	for _, row := range rows.Content {
		if row.ClientID == shop.id && (row.Status != storefront.StatusRevoked || row.LastUsedTime == "") {
			t.Errorf("the revoked client's row: %+v", row)
		}
	}
}

func mustRequest(t *testing.T, method, url string) *http.Request {
	t.Helper()
	req, err := http.NewRequestWithContext(context.Background(), method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	return req
}

// openClientSamples: the 开放接口 page's routes for the permission matrix.
func openClientSamples() map[string]sample {
	client := func(t *testing.T, m *matrix) int64 {
		return m.create(t, "/api/openClients", map[string]any{"name": fmt.Sprintf("矩阵%d", m.next()), "agencyId": nil})
	}
	return map[string]sample{
		"GET /api/openClients": get("/api/openClients"),
		"POST /api/openClients": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/openClients", JSON: map[string]any{"name": "矩阵", "agencyId": nil}}
		},
		"POST /api/openClients/:id/rotate": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: fmt.Sprintf("/api/openClients/%d/rotate", client(t, m))}
		},
		"DELETE /api/openClients/:id": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodDelete, Path: fmt.Sprintf("/api/openClients/%d", client(t, m))}
		},
	}
}
