package statement

import (
	"bytes"
	"context"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/platform/pdf"
)

// kindLabels are the lines' kinds as the documents print them.
func kindLabel(kind string) string {
	switch kind {
	case KindOrder:
		return "销售"
	case KindRefund:
		return "退款"
	}
	return "调整"
}

// title is a document's heading and file name: 杭州云栖商贸有限公司 2026-11 对账单.
func title(d Detail) string { return fmt.Sprintf("%s %s 对账单", d.AgencyName, d.Month) }

func (s *Service) handleDownload(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	format := c.QueryParam("format")
	if format == "" {
		format = "xlsx"
	}
	var chk httpx.Check
	chk.OneOf("format", format, "xlsx", "pdf")
	if chk.Err != nil {
		return chk.Err
	}
	ctx := c.Request().Context()
	d, err := s.Get(ctx, authz.From(c), id)
	if err != nil {
		return httpError(err)
	}
	var buf bytes.Buffer
	kind := "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	if format == "pdf" {
		kind = "application/pdf"
		err = s.PDF(ctx, &buf, d)
	} else {
		err = XLSX(&buf, d)
	}
	if err != nil {
		return httpError(err)
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, httpx.Disposition("attachment", title(d)+"."+format))
	return c.Blob(http.StatusOK, kind, buf.Bytes())
}

// XLSX writes the statement's lines, money as numbers shown with two decimals, then its totals
// and a last row 合计 (the net), as the sales report's export does.
func XLSX(w *bytes.Buffer, d Detail) error {
	headers := []string{"类型", "日期", "订单号", "售后单号", "金额", "备注"}
	return export.Write(w, headers, func(emit export.Emit) error {
		for _, l := range d.Lines {
			if err := emit([]any{kindLabel(l.Kind), l.Date, l.OrderNo, l.CaseNo, l.Amount, l.Note}); err != nil {
				return err
			}
		}
		for _, t := range []struct {
			label string
			v     money.Fen
			note  string
		}{
			{"销售合计", d.Sales, fmt.Sprintf("%d笔订单", d.OrderCount)},
			{"退款合计", d.Refunds, fmt.Sprintf("%d笔退款", d.RefundCount)},
			{"调整合计", d.Adjustments, ""},
			{"合计", d.Net, "销售 − 退款 + 调整"},
		} {
			if err := emit([]any{t.label, nil, nil, nil, t.v, t.note}); err != nil {
				return err
			}
		}
		return nil
	})
}

// PDF prints the statement on A4: the heading, the totals, and a table of its lines.
func (s *Service) PDF(_ context.Context, w *bytes.Buffer, d Detail) error {
	doc, err := s.pdfs.New("P", pdf.A4)
	if err != nil {
		return err
	}
	doc.SetMargins(15, 15, 15)
	doc.SetAutoPageBreak(true, 15)
	doc.AddPage()
	doc.SetFont(pdf.Family, "", 16)
	doc.CellFormat(0, 10, title(d), "", 1, "C", false, 0, "")
	doc.SetFont(pdf.Family, "", 10)
	state := "草稿（本月未结束）"
	if d.State == Frozen {
		state = "已冻结"
	}
	doc.CellFormat(0, 6, fmt.Sprintf("渠道：%s　月份：%s　状态：%s　生成时间：%s", d.AgencyName, d.Month, state,
		httpx.FormatTime(d.MadeAt)), "", 1, "L", false, 0, "")
	doc.CellFormat(0, 6, fmt.Sprintf("销售：%s（%d笔）　退款：%s（%d笔）　调整：%s　净额：%s", d.Sales, d.OrderCount,
		d.Refunds, d.RefundCount, d.Adjustments, d.Net), "", 1, "L", false, 0, "")
	doc.Ln(2)
	widths := []float64{16, 38, 42, 34, 24, 26}
	row := func(cells []string, fill bool) {
		for i, v := range cells {
			align := "L"
			if i == 4 {
				align = "R"
			}
			doc.CellFormat(widths[i], 7, v, "1", 0, align, fill, 0, "")
		}
		doc.Ln(-1)
	}
	doc.SetFillColor(240, 240, 240)
	row([]string{"类型", "日期", "订单号", "售后单号", "金额", "备注"}, true)
	for _, l := range d.Lines {
		row([]string{kindLabel(l.Kind), httpx.FormatTime(l.Date), l.OrderNo, l.CaseNo, l.Amount.String(), l.Note}, false)
	}
	row([]string{"合计", "", "", "", d.Net.String(), ""}, true)
	return doc.Output(w)
}
