package app_test

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/pdf"
)

// TestPrintOrders: GET /api/orders/print is not taken for /api/orders/:id, answers a print view
// that runs nothing and is never cached, refuses bad ids, kinds, formats and sizes by field,
// 404s an unknown order, and makes a PDF only with a font (503 without, the HTML still works).
func TestPrintOrders(t *testing.T) {
	s := apptest.Start(t, "sqlite")
	admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
	a, b := shopOrder(t, s, nil), shopOrder(t, s, nil)
	r := admin.do(http.MethodGet, fmt.Sprintf("/api/orders/print?ids=%d,%d&kind=picking", a, b), nil)
	if r.Status != http.StatusOK || r.Header.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Fatalf("picking list: %d %s %.200s", r.Status, r.Header.Get("Content-Type"), r.Body)
	}
	if csp := r.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") || strings.Contains(csp, "script-src") {
		t.Fatalf("the print view's policy: %q", csp)
	}
	if r.Header.Get("Cache-Control") != "no-store" || !strings.Contains(string(r.Body), "拣货单") || !strings.Contains(string(r.Body), "订单：2单") {
		t.Fatalf("picking list: cache %q, %.300s", r.Header.Get("Cache-Control"), r.Body)
	}
	r = admin.do(http.MethodGet, fmt.Sprintf("/api/orders/print?ids=%d&kind=delivery&size=label", a), nil)
	if r.Status != http.StatusOK || !strings.Contains(string(r.Body), "13812345678") || !strings.Contains(string(r.Body), "100mm 150mm") {
		t.Fatalf("delivery label: %d %.300s", r.Status, r.Body)
	}
	many := strings.TrimSuffix(strings.Repeat("1,", 501), ",")
	for q, field := range map[string]string{
		"kind=picking": "ids", "ids=&kind=picking": "ids", "ids=a&kind=picking": "ids", "ids=0&kind=picking": "ids",
		"ids=1,,2&kind=picking": "ids", "ids=" + many + "&kind=picking": "ids", "ids=1": "kind", "ids=1&kind=invoice": "kind",
		"ids=1&kind=picking&format=doc": "format", "ids=1&kind=delivery&size=a5": "size", fmt.Sprintf("ids=%d&kind=picking&size=label", a): "size",
	} {
		wantField(t, admin.do(http.MethodGet, "/api/orders/print?"+q, nil), http.StatusBadRequest, field)
	}
	want(t, admin.do(http.MethodGet, fmt.Sprintf("/api/orders/print?ids=%d,999999&kind=delivery", a), nil), http.StatusNotFound, "订单不存在")
	pdfPath := fmt.Sprintf("/api/orders/print?ids=%d,%d&kind=delivery&format=pdf", a, b)
	want(t, admin.do(http.MethodGet, pdfPath, nil), http.StatusServiceUnavailable, "未配置PDF字体，暂不能生成PDF，请使用打印预览")

	const cjkFont = pdf.DebianFont
	if _, err := os.Stat(cjkFont); err != nil {
		t.Skip("fonts-arphic-gbsn00lp is not installed")
	}
	s = apptest.Start(t, "sqlite", func(c *config.Config) { c.PDFFont = cjkFont })
	admin = client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
	a, b = shopOrder(t, s, nil), shopOrder(t, s, nil)
	r = admin.do(http.MethodGet, fmt.Sprintf("/api/orders/print?ids=%d,%d&kind=delivery&format=pdf", a, b), nil)
	if r.Status != http.StatusOK || r.Header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(r.Body, []byte("%PDF-")) ||
		!strings.HasPrefix(r.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("delivery PDF: %d %s %s", r.Status, r.Header.Get("Content-Type"), r.Header.Get("Content-Disposition"))
	}
}
