package app_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/seed"
)

// xlsxOf builds a workbook of rows (the first is the header).
func xlsxOf(t testing.TB, rows ...[]any) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer func() { _ = f.Close() }()
	for i, r := range rows {
		if err := f.SetSheetRow("Sheet1", fmt.Sprintf("A%d", i+1), &r); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// upload is a multipart request of file as the field "file".
func upload(t testing.TB, token, name string, file []byte) apptest.Request {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	part, err := w.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = part.Write(file)
	_ = w.Close()
	return apptest.Request{Method: http.MethodPost, Path: order.ImportRoute, Token: token, Raw: body.Bytes(),
		RawType: w.FormDataContentType()}
}

type importAnswer struct {
	Total, Imported, Failed int
	Errors                  []struct {
		Row     int    `json:"row"`
		OrderNo string `json:"orderNo"`
		Message string `json:"message"`
	}
}

func orderNoOf(t *testing.T, s *apptest.Server, id int64) string {
	t.Helper()
	var no string
	if err := s.DB.Model(&order.Order{}).Where("id = ?", id).Pluck("order_no", &no).Error; err != nil {
		t.Fatal(err)
	}
	return no
}

// TestExpressImport: the import as the order page sends it — the answer and its messages,
// files refused as a whole, the template and the error list, and the sessions it answers.
func TestExpressImport(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		adminTok := s.Login(t, "admin", apptest.AdminPassword)
		admin := client{t, s, adminTok}
		paid, unpaid, theirs := shopOrder(t, s, nil, order.Pay), shopOrder(t, s, nil), shopOrder(t, s, ptr(int64(3)), order.Pay)
		no := func(id int64) string { return orderNoOf(t, s, id) }
		sheet := xlsxOf(t, []any{"订单号", "快递公司", "快递单号"},
			[]any{no(paid), "顺丰速运", "SF900001"},
			[]any{"NOPE", "SF", "SF900002"},
			[]any{no(unpaid), "SF", "SF900003"},
			[]any{no(theirs), "火星快递", "SF900004"},
			[]any{no(theirs), "SF", ""},
			[]any{no(theirs), "SF", "SF900001"},
			[]any{no(paid), "SF", "SF900007"})
		var a importAnswer
		r := s.Do(t, upload(t, adminTok, "发货.xlsx", sheet))
		r.JSON(t, &a)
		got := fmt.Sprint(a.Total, a.Imported, a.Failed)
		for _, e := range a.Errors {
			got += fmt.Sprintf("|%d %s", e.Row, e.Message)
		}
		if r.Status != http.StatusOK || got != "7 1 6|3 订单不存在或不在您的数据范围内|4 订单状态为待付款，不是待发货"+
			"|5 快递公司不在字典「快递公司」中|6 快递单号不能为空|7 快递单号与第2行重复|8 订单号与第2行重复" || a.Errors[0].OrderNo != "NOPE" {
			t.Fatalf("import: %d %s", r.Status, got)
		}
		var d struct{ Status, TrackingNo string }
		admin.do(http.MethodGet, fmt.Sprintf("/api/orders/%d", paid), nil).JSON(t, &d)
		if d.Status != "shipped" || d.TrackingNo != "SF900001" {
			t.Fatalf("the imported order: %+v", d)
		}

		// Refused as a whole, with a 400 that says why.
		exe := append([]byte("MZ\x90\x00"), make([]byte, 600)...)
		want(t, s.Do(t, upload(t, adminTok, "发货.xlsx", exe)), http.StatusBadRequest, "file: 文件不是 xlsx 表格，请使用导入模板")
		want(t, s.Do(t, upload(t, adminTok, "发货.xlsx", xlsxOf(t, []any{"单号", "快递公司", "快递单号"}))),
			http.StatusBadRequest, "file: 第1行应为表头：订单号 | 快递公司 | 快递单号")
		big := append(xlsxOf(t, []any{"订单号", "快递公司", "快递单号"}), make([]byte, order.ImportMaxBytes)...)
		want(t, s.Do(t, upload(t, adminTok, "发货.xlsx", big)), http.StatusBadRequest, "file: 文件不能超过 10 MB")
		want(t, s.Do(t, apptest.Request{Method: http.MethodPost, Path: order.ImportRoute, Token: adminTok,
			JSON: map[string]any{}}), http.StatusBadRequest, "body: 必须是multipart/form-data")

		// The template holds the header row; the error list comes back as a sheet.
		tpl := admin.do(http.MethodGet, "/api/orders/expressTemplate", nil)
		if rows := sheetRows(t, tpl); fmt.Sprint(rows) != "[[订单号 快递公司 快递单号]]" {
			t.Fatalf("template = %v", rows)
		}
		errs := admin.do(http.MethodPost, "/api/orders/expressErrors", []map[string]any{{"row": 3, "orderNo": "NOPE", "message": "订单不存在"}})
		if rows := sheetRows(t, errs); fmt.Sprint(rows) != "[[行号 订单号 原因] [3 NOPE 订单不存在]]" {
			t.Fatalf("error list = %v", rows)
		}

		// No session under /background: 405 (seed-spec §7), whoever it was for.
		if r := s.Do(t, upload(t, "", "发货.xlsx", sheet)); r.Status != http.StatusMethodNotAllowed {
			t.Fatalf("without a session: %d %s", r.Status, r.Body)
		}
		// A channel session with order:ship imports inside its agency only: the shop's order and
		// agency 3's stay as they were.
		grant(t, s, seed.ChannelRole, "order:ship")
		ch := s.ChannelLogin(t, "channel", apptest.DemoPassword)
		other := shopOrder(t, s, nil, order.Pay)
		s.Do(t, upload(t, ch, "发货.xlsx", xlsxOf(t, []any{"订单号", "快递公司", "快递单号"},
			[]any{no(other), "SF", "CH1"}, []any{no(theirs), "SF", "CH2"}))).JSON(t, &a)
		if a.Imported != 0 || a.Failed != 2 || !strings.Contains(a.Errors[1].Message, "不在您的数据范围内") {
			t.Fatalf("channel import: %+v", a)
		}
		admin.do(http.MethodGet, fmt.Sprintf("/api/orders/%d", other), nil).JSON(t, &d)
		if d.Status != "paid" {
			t.Fatalf("a channel session shipped the shop's order: %+v", d)
		}
	})
}
