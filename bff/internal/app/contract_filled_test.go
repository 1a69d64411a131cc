package app_test

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/contract/filled"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/pdf"
)

const droidFont = pdf.DebianFont

// withPDFFont turns PDFs on with Debian's fonts-droid-fallback when it is installed.
func withPDFFont(c *config.Config) {
	if _, err := os.Stat(droidFont); err == nil {
		c.PDFFont = droidFont
	}
}

// TestContractFilledPDF: a demo contract's filled PDF is a PDF holding its template's text with
// the contract's values in place of {{agencyName}}, {{startDate}}, {{rate}}; without a font the
// route answers 503 with the reason; another agency's contract is 404 (scope_contract_test).
func TestContractFilledPDF(t *testing.T) {
	off := apptest.Start(t, "sqlite")
	admin := client{t, off, off.Login(t, "admin", apptest.AdminPassword)}
	var id int64
	off.DB.Table("contracts").Where("contract_no LIKE ?", "HTDEMO%").Order("id").Limit(1).Pluck("id", &id)
	want(t, admin.do(http.MethodGet, fmt.Sprintf("/api/contracts/%d/filled.pdf", id), nil), http.StatusServiceUnavailable, "未配置中文字体，暂不能生成合同PDF")
	want(t, admin.do(http.MethodGet, "/api/contracts/999999/filled.pdf", nil), http.StatusNotFound, "合同不存在")

	if _, err := os.Stat(droidFont); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI installs fonts-droid-fallback: %v", err)
		}
		t.Skip("fonts-droid-fallback is not installed")
	}
	s := apptest.Start(t, "sqlite", withPDFFont)
	admin = client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
	var c struct{ ContractNo, StartDate, EndDate string }
	s.DB.Table("contracts").Where("id = ?", id).Select("contract_no, start_date, end_date").Take(&c)
	r := admin.do(http.MethodGet, fmt.Sprintf("/api/contracts/%d/filled.pdf", id), nil)
	if r.Status != http.StatusOK || !bytes.HasPrefix([]byte(r.Body), []byte("%PDF")) {
		t.Fatalf("filled.pdf: %d %.200s", r.Status, r.Body)
	}
	lines, err := filled.RawText([]byte(r.Body))
	if err != nil {
		t.Fatal(err)
	}
	// The reader maps the embedded CJK font's glyphs back to no text: the Latin lines are checked.
	text := strings.Join(lines, "\n")
	for _, w := range []string{"Term: " + c.StartDate + " - " + c.EndDate, "Rate: 5%", c.ContractNo} {
		if !strings.Contains(text, w) {
			t.Fatalf("the filled PDF lacks %q:\n%s", w, text)
		}
	}
	if strings.Contains(text, "{{") {
		t.Fatalf("a placeholder left unfilled:\n%s", text)
	}
}
