package app_test

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/contract"
	"mallconsole/bff/internal/contract/filled"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/pdf"
)

const cjkFont = pdf.DebianFont

// withPDFFont turns PDFs on with Debian's fonts-arphic-gbsn00lp when it is installed.
func withPDFFont(c *config.Config) {
	if _, err := os.Stat(cjkFont); err == nil {
		c.PDFFont = cjkFont
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

	if _, err := os.Stat(cjkFont); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI installs fonts-arphic-gbsn00lp: %v", err)
		}
		t.Skip("fonts-arphic-gbsn00lp is not installed")
	}
	s := apptest.Start(t, "sqlite", withPDFFont)
	admin = client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
	var c struct{ ContractNo, StartDate, EndDate string }
	s.DB.Table("contracts").Where("id = ?", id).Select("contract_no, start_date, end_date").Take(&c)
	r := admin.do(http.MethodGet, fmt.Sprintf("/api/contracts/%d/filled.pdf", id), nil)
	if r.Status != http.StatusOK || !bytes.HasPrefix([]byte(r.Body), []byte("%PDF")) {
		t.Fatalf("filled.pdf: %d %.200s", r.Status, r.Body)
	}
	lines, err := filled.Text([]byte(r.Body))
	if err != nil {
		t.Fatal(err)
	}
	var agency string
	s.DB.Table("agencies").Joins("JOIN contracts ON contracts.agency_id = agencies.id").Where("contracts.id = ?", id).Pluck("agencies.name", &agency)
	text := strings.Join(lines, "\n")
	for _, w := range []string{"Agency: " + agency, "Term: " + c.StartDate + " - " + c.EndDate, "Rate: 5%", "合同编号：" + c.ContractNo} {
		if !strings.Contains(text, w) {
			t.Fatalf("the filled PDF lacks %q:\n%s", w, text)
		}
	}
	if strings.Contains(text, "{{") {
		t.Fatalf("a placeholder left unfilled:\n%s", text)
	}

	// A Chinese template as Chrome prints one: its own lines come back filled, in Chinese.
	tpl, err := os.ReadFile("../contract/filled/testdata/template-zh.pdf")
	if err != nil {
		t.Fatal(err)
	}
	file := contractUpload(t, s, admin.tok, map[string]string{"type": contract.TemplateFile}, "渠道合作协议.pdf", tpl, http.StatusCreated)
	tplID := createdID(t, admin.do(http.MethodPost, "/api/contractTemplates", map[string]any{"name": "渠道合作协议", "version": "v2",
		"fileId": file, "validMonths": 12, "variables": []map[string]string{{"key": "agencyName", "label": "渠道名称"},
			{"key": "startDate", "label": "开始日期"}, {"key": "endDate", "label": "结束日期"}, {"key": "rate", "label": "佣金比例", "value": "8%"}}}))
	want(t, admin.do(http.MethodPut, fmt.Sprintf("/api/contractTemplates/%d/publish", tplID), nil), http.StatusNoContent, "")
	body := contractBody(t, s)
	body["templateId"] = tplID
	cid := createdID(t, admin.do(http.MethodPost, "/api/contracts", body))
	r = admin.do(http.MethodGet, fmt.Sprintf("/api/contracts/%d/filled.pdf", cid), nil)
	if r.Status != http.StatusOK {
		t.Fatalf("filled.pdf of the Chinese template: %d %.200s", r.Status, r.Body)
	}
	if lines, err = filled.Text([]byte(r.Body)); err != nil {
		t.Fatal(err)
	}
	text = strings.Join(lines, "\n")
	name := demoAgencyName(t, s, body["agencyId"])
	for _, w := range []string{"渠道合作协议", "甲方：某某商城有限公司", "乙方：" + name, "合作期限：2026-01-01 至 2026-12-31", "佣金比例：8%（按月结算）", "Contract No. {{contractNo}}"} {
		if !strings.Contains(text, w) {
			t.Fatalf("the filled PDF lacks %q:\n%s", w, text)
		}
	}
}

func demoAgencyName(t *testing.T, s *apptest.Server, id any) string {
	t.Helper()
	var name string
	if err := s.DB.Table("agencies").Where("id = ?", id).Pluck("name", &name).Error; err != nil || name == "" {
		t.Fatalf("agency %v: %q %v", id, name, err)
	}
	return name
}
