package order

import (
	"archive/zip"
	"bytes"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"mallconsole/bff/internal/platform/httpx"
)

// workbook is an xlsx whose first sheet holds rows from A1.
func workbook(f *testing.F, rows ...[]any) []byte {
	x := excelize.NewFile()
	defer func() { _ = x.Close() }()
	for i, r := range rows {
		if err := x.SetSheetRow("Sheet1", "A"+string(rune('1'+i)), &r); err != nil {
			f.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if _, err := x.WriteTo(&buf); err != nil {
		f.Fatal(err)
	}
	return buf.Bytes()
}

// FuzzImportSheet feeds the express import's reader what an upload may hold, as the handler
// does (OpenSheet, Count, then Each): any refusal is one of the sheet errors, which the handler
// answers with a 400 naming the file; a sheet read gives trimmed, non-blank rows in sheet order,
// as many as Count said.
func FuzzImportSheet(f *testing.F) {
	head := []any{"订单号", "快递公司", "快递单号"}
	f.Add(workbook(f, head, []any{"NO1", "顺丰", "SF123"}, []any{" NO2 ", "中通", 12345}))
	f.Add(workbook(f, []any{"order", "company", "tracking"}, []any{"NO1", "顺丰", "SF1"}))
	f.Add(workbook(f, head, []any{"", "", ""}, []any{"=1+1", "<b>x</b>", "\x00"}))
	f.Add(workbook(f))
	f.Add([]byte("订单号,快递公司,快递单号\nNO1,顺丰,SF1\n")) // a CSV renamed to .xlsx
	f.Add([]byte("PK\x03\x04 not really a zip"))
	var docx bytes.Buffer
	zw := zip.NewWriter(&docx)
	w, _ := zw.Create("word/document.xml")
	_, _ = w.Write([]byte("<w:document/>"))
	_ = zw.Close()
	f.Add(docx.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		sheet, err := OpenSheet(data)
		if err != nil {
			wantSheetError(t, err)
			return
		}
		defer func() { _ = sheet.Close() }()
		n, err := sheet.Count()
		if err != nil {
			wantSheetError(t, err)
			return
		}
		var rows []ImportRow
		if err := sheet.Each(func(r ImportRow) error { rows = append(rows, r); return nil }); err != nil {
			t.Fatalf("Count accepted the sheet, Each refused it: %v", err)
		}
		if len(rows) != n {
			t.Fatalf("Count = %d, Each gave %d rows", n, len(rows))
		}
		for i, r := range rows {
			if r.Row < 2 || i > 0 && r.Row <= rows[i-1].Row {
				t.Fatalf("row numbers out of order: %+v", rows)
			}
			for _, c := range []string{r.OrderNo, r.Company, r.TrackingNo} {
				if c != strings.TrimSpace(c) {
					t.Fatalf("untrimmed cell %q in %+v", c, r)
				}
			}
			if r.OrderNo == "" && r.Company == "" && r.TrackingNo == "" {
				t.Fatalf("blank row %d handed on", r.Row)
			}
		}
	})
}

func wantSheetError(t *testing.T, err error) {
	t.Helper()
	var he *httpx.Error
	if !errors.As(sheetError(err), &he) || he.Status != http.StatusBadRequest || he.Fields[0].Field != "file" {
		t.Fatalf("%v would not be a 400 naming the file", err)
	}
}
