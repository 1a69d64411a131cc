package app_test

import (
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/pdf"
	"mallconsole/bff/internal/statement"
)

// TestStatementsHTTP: bad input is a 400 naming the field, a frozen month a 409, a PDF without
// a font a 503 with a Chinese message and with one a PDF; the list and detail answer money as
// yuan strings.
func TestStatementsHTTP(t *testing.T) {
	const cjkFont = pdf.DebianFont
	_, err := os.Stat(cjkFont)
	withFont := err == nil
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		var agencyID int64
		s.DB.Raw("SELECT id FROM agencies ORDER BY id").Limit(1).Scan(&agencyID)
		now := s.Clock.Now().In(time.Local)
		month := now.Format(statement.MonthLayout)
		next := now.AddDate(0, 1, 1-now.Day()).Format(statement.MonthLayout)
		for _, c := range []struct {
			body map[string]any
			want string
		}{
			{map[string]any{"agencyId": agencyID}, "month: 不能为空"},
			{map[string]any{"agencyId": agencyID, "month": "2026-13"}, "month: 月份格式应为yyyy-MM"},
			{map[string]any{"agencyId": agencyID, "month": next}, "month: 不能生成未来月份的对账单"},
			{map[string]any{"month": month}, "agencyId: 不能为空"},
			{map[string]any{"agencyId": 99999, "month": month}, "agencyId: 渠道不存在"},
		} {
			want(t, admin.do(http.MethodPost, "/api/statements/generate", c.body), http.StatusBadRequest, c.want)
		}
		id := createdID(t, admin.do(http.MethodPost, "/api/statements/generate", map[string]any{"agencyId": agencyID, "month": month}))
		for _, c := range []struct {
			body map[string]any
			want string
		}{
			{map[string]any{"reason": "x"}, "amount: 不能为空"},
			{map[string]any{"amount": "1.234", "reason": "x"}, "amount: 金额格式不正确"},
			{map[string]any{"amount": "0", "reason": "x"}, "amount: 调整金额不能为0"},
			{map[string]any{"amount": "1.00"}, "reason: 不能为空"},
		} {
			want(t, admin.do(http.MethodPost, "/api/statements/1/adjustments", c.body), http.StatusBadRequest, c.want)
		}
		want(t, admin.do(http.MethodPost, "/api/statements/99999/adjustments", map[string]any{"amount": "1", "reason": "x"}),
			http.StatusNotFound, "对账单不存在")
		if r := admin.do(http.MethodPost, fmt.Sprintf("/api/statements/%d/adjustments", id), map[string]any{"amount": "-12.30", "reason": "补差"}); r.Status != http.StatusOK {
			t.Fatalf("adjust: %d %s", r.Status, r.Body)
		}
		var d struct {
			Month, State, Adjustments, Net string
			Lines                          []struct{ Kind, Amount, Note string }
		}
		admin.do(http.MethodGet, fmt.Sprintf("/api/statements/%d", id), nil).JSON(t, &d)
		if d.Month != month || d.State != "open" || d.Adjustments != "-12.30" || len(d.Lines) == 0 || d.Lines[len(d.Lines)-1].Kind != "adjustment" {
			t.Fatalf("detail %+v", d)
		}
		want(t, admin.do(http.MethodGet, "/api/statements?month=2026-1", nil), http.StatusBadRequest, "month: 月份格式应为yyyy-MM")
		want(t, admin.do(http.MethodGet, fmt.Sprintf("/api/statements/%d/download?format=doc", id), nil), http.StatusBadRequest, "format: 必须是xlsx、pdf之一")
		pdfAnswer := admin.do(http.MethodGet, fmt.Sprintf("/api/statements/%d/download?format=pdf", id), nil)
		if s.Config.PDFFont == "" {
			want(t, pdfAnswer, http.StatusServiceUnavailable, "未配置PDF字体，暂不能生成PDF，请下载Excel")
		} else if pdfAnswer.Status != http.StatusOK || !strings.HasPrefix(string(pdfAnswer.Body), "%PDF-") {
			t.Fatalf("pdf: %d", pdfAnswer.Status)
		}
		s.DB.Exec("UPDATE statements SET state = 'frozen' WHERE id = ?", id)
		want(t, admin.do(http.MethodPost, "/api/statements/generate", map[string]any{"agencyId": agencyID, "month": month}),
			http.StatusConflict, "month: 该月对账单已冻结，只能添加调整项")
	}, func(c *config.Config) {
		if withFont {
			c.PDFFont = cjkFont
		}
	})
}
