package order_test

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
	"gorm.io/gorm"

	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/dbtest"
)

// sheetOf builds an xlsx whose first sheet holds rows from row 1 (nil rows stay blank).
func sheetOf(t testing.TB, rows ...[]any) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer func() { _ = f.Close() }()
	for i, r := range rows {
		if r == nil {
			continue
		}
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

func header() []any { return []any{"订单号", "快递公司", "快递单号"} }

// runImport opens data and imports it inside scope as "importer".
func runImport(t *testing.T, s *order.Service, scope *int64, data []byte) (order.ImportResult, error) {
	t.Helper()
	sh, err := order.OpenSheet(data)
	if err != nil {
		return order.ImportResult{}, err
	}
	defer func() { _ = sh.Close() }()
	if _, err := sh.Count(); err != nil {
		return order.ImportResult{}, err
	}
	return s.Import(context.Background(), scope, "importer", sh.Each)
}

// paidOrder creates an order in agency (nil: the shop's own) and pays it.
func paidOrder(t *testing.T, s *order.Service, no string, agency *int64) int64 {
	t.Helper()
	id := mustCreate(t, s, newOrder(no, "13812345678", agency))
	if err := s.Move(context.Background(), nil, "shop", id, order.Pay, order.MoveInput{}); err != nil {
		t.Fatal(err)
	}
	return id
}

func TestImportShipsGoodRowsAndChangesNothingForBadOnes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _ := newService(t, g)
		good1, good2 := paidOrder(t, s, "GOOD1", nil), paidOrder(t, s, "GOOD2", nil)
		unpaid := mustCreate(t, s, newOrder("UNPAID", "13812345678", nil))
		shipped := paidOrder(t, s, "SHIPPED", nil)
		if err := s.Move(ctx, nil, "shop", shipped, order.Ship, order.MoveInput{ExpressCompany: "SF", TrackingNo: "OLD1"}); err != nil {
			t.Fatal(err)
		}
		for _, no := range []string{"P3", "P4", "P5", "P6", "P7", "P8"} {
			paidOrder(t, s, no, nil)
		}
		data := sheetOf(t, header(),
			[]any{"GOOD1", "顺丰速运", "SF0001"},           // row 2: by the company's name
			[]any{"GOOD2", "ZTO", "ZT0002"},            // row 3: by its value
			nil,                                        // row 4: blank, skipped
			[]any{"NOPE", "SF", "SF0004"},              // row 5
			[]any{"UNPAID", "SF", "SF0005"},            // row 6
			[]any{"SHIPPED", "SF", "SF0006"},           // row 7
			[]any{"P3", "不存在快递", "X0007"},              // row 8
			[]any{"P4", "SF", ""},                      // row 9
			[]any{"P5", "SF", "SF0001"},                // row 10: the tracking number of row 2
			[]any{"GOOD1", "SF", "SF0011"},             // row 11: the order of row 2
			[]any{"", "SF", "SF0012"},                  // row 12
			[]any{"P6", "", "SF0013"},                  // row 13
			[]any{"P7", "SF", "SF 0014"},               // row 14
			[]any{"P8", "SF", strings.Repeat("9", 65)}, // row 15
		)
		res, err := runImport(t, s, nil, data)
		if err != nil {
			t.Fatal(err)
		}
		want := []struct {
			row int
			err error
		}{{5, order.ErrNotFound}, {6, order.ErrIllegalMove}, {7, order.ErrIllegalMove}, {8, order.ErrUnknownExpress},
			{9, order.ErrTrackingRequired}, {10, nil}, {11, nil}, {12, order.ErrOrderNoRequired},
			{13, order.ErrCompanyRequired}, {14, order.ErrTrackingFormat}, {15, order.ErrTrackingFormat}}
		if res.Total != 13 || res.Imported != 2 || res.Failed != 11 || len(res.Errors) != len(want) {
			t.Fatalf("result %+v", res)
		}
		for i, w := range want {
			e := res.Errors[i]
			if e.Row != w.row || (w.err != nil && !errors.Is(e.Err, w.err)) {
				t.Errorf("error %d = row %d %v, want row %d %v", i, e.Row, e.Err, w.row, w.err)
			}
		}
		var dup *order.DuplicateError
		if !errors.As(res.Errors[5].Err, &dup) || dup.Field != "trackingNo" || dup.FirstRow != 2 ||
			!errors.As(res.Errors[6].Err, &dup) || dup.Field != "orderNo" || dup.FirstRow != 2 {
			t.Errorf("duplicates: %v, %v", res.Errors[5].Err, res.Errors[6].Err)
		}
		var move *order.MoveError
		if !errors.As(res.Errors[1].Err, &move) || move.From != order.Unpaid || res.Errors[0].OrderNo != "NOPE" {
			t.Errorf("not paid: %+v", res.Errors[1])
		}
		// The good rows shipped as a manual ship does: status, shipment, a history entry.
		for id, want := range map[int64][2]string{good1: {"SF", "SF0001"}, good2: {"ZTO", "ZT0002"}} {
			d, err := s.Get(ctx, nil, id)
			last := d.History[len(d.History)-1]
			if err != nil || d.Status != order.Shipped || d.ExpressCompany != want[0] || d.TrackingNo != want[1] ||
				d.ShipTime == nil || last.FromStatus != order.Paid || last.ToStatus != order.Shipped ||
				last.Operator != "importer" || last.Note != "快递单号导入" {
				t.Errorf("order %d after import: %+v %v", id, d, err)
			}
		}
		// The bad rows changed nothing.
		for id, status := range map[int64]string{unpaid: order.Unpaid, shipped: order.Shipped} {
			d, _ := s.Get(ctx, nil, id)
			if d.Status != status || (id == shipped && d.TrackingNo != "OLD1") || len(d.History) != map[bool]int{true: 1, false: 3}[id == unpaid] {
				t.Errorf("order %d changed: %+v", id, d)
			}
		}
		l, n, _ := s.List(ctx, order.Query{Status: order.Paid, Limit: 20})
		if n != 6 || len(l) != 6 {
			t.Errorf("paid after import: %d, want the 6 bad rows' orders", n)
		}
	})
}

func TestImportStaysInsideTheScope(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _ := newService(t, g)
		mine, theirs, shops := paidOrder(t, s, "MINE", ptr[int64](7)), paidOrder(t, s, "THEIRS", ptr[int64](8)), paidOrder(t, s, "SHOPS", nil)
		res, err := runImport(t, s, ptr[int64](7), sheetOf(t, header(),
			[]any{"MINE", "SF", "A1"}, []any{"THEIRS", "SF", "A2"}, []any{"SHOPS", "SF", "A3"}))
		if err != nil || res.Imported != 1 || res.Failed != 2 ||
			!errors.Is(res.Errors[0].Err, order.ErrNotFound) || !errors.Is(res.Errors[1].Err, order.ErrNotFound) {
			t.Fatalf("agency 7 imports %+v %v", res, err)
		}
		for id, want := range map[int64]string{mine: order.Shipped, theirs: order.Paid, shops: order.Paid} {
			if d, _ := s.Get(ctx, nil, id); d.Status != want {
				t.Errorf("order %d is %s, want %s", id, d.Status, want)
			}
		}
	})
}

// TestImportReadsFormulasAsTheirSavedValue: a formula counts as the value Excel saved with it;
// one saved without a value is empty (docs/decisions.md "Express import").
func TestImportReadsFormulasAsTheirSavedValue(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		s, _ := newService(t, g)
		paidOrder(t, s, "F1", nil)
		paidOrder(t, s, "F2", nil)
		f := excelize.NewFile()
		for i, r := range [][]any{header(), {"F1", "SF"}, {"F2", "SF"}} {
			_ = f.SetSheetRow("Sheet1", fmt.Sprintf("A%d", i+1), &r)
		}
		// C2: a formula with the value Excel calculated; C3: a formula never calculated.
		if err := f.SetCellFormula("Sheet1", "C2", `"SF"&"778899"`); err != nil {
			t.Fatal(err)
		}
		if err := f.SetCellFormula("Sheet1", "C3", `"SF"&"1"`); err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if _, err := f.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		data := withCachedValue(t, buf.Bytes(), "C2", "SF778899")
		res, err := runImport(t, s, nil, data)
		if err != nil || res.Imported != 1 || res.Failed != 1 || res.Errors[0].Row != 3 ||
			!errors.Is(res.Errors[0].Err, order.ErrTrackingRequired) {
			t.Fatalf("formulas: %+v %v", res, err)
		}
		l, _, _ := s.List(context.Background(), order.Query{OrderNo: "F1", Limit: 1})
		if l[0].TrackingNo != "SF778899" {
			t.Errorf("F1 shipped with %q", l[0].TrackingNo)
		}
	})
}

// withCachedValue rewrites the worksheet so that the formula in cell carries value as its saved
// result, as Excel writes it.
func withCachedValue(t *testing.T, data []byte, cell, value string) []byte {
	formula := regexp.MustCompile(`(<c r="` + cell + `"[^>]*><f>[^<]*</f>)</c>`)
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	found := false
	for _, zf := range zr.File {
		r, _ := zf.Open()
		var b bytes.Buffer
		_, _ = b.ReadFrom(r)
		_ = r.Close()
		body := b.String()
		if zf.Name == "xl/worksheets/sheet1.xml" {
			found = formula.MatchString(body)
			body = formula.ReplaceAllString(body, "${1}<v>"+value+"</v></c>")
		}
		w, _ := zw.Create(zf.Name)
		_, _ = w.Write([]byte(body))
	}
	_ = zw.Close()
	if !found {
		t.Fatalf("no %s in the sheet", cell)
	}
	return out.Bytes()
}

func TestImportRefusesWholeSheets(t *testing.T) {
	exe := append([]byte("MZ\x90\x00\x03\x00\x00\x00"), bytes.Repeat([]byte{0}, 512)...) // a PE header, renamed .xlsx
	var notWorkbook bytes.Buffer
	zw := zip.NewWriter(&notWorkbook)
	w, _ := zw.Create("word/document.xml")
	_, _ = w.Write([]byte("<w:document/>"))
	_ = zw.Close()
	for name, c := range map[string]struct {
		data []byte
		want error
	}{
		"an .exe":           {exe, order.ErrNotXLSX},
		"a zip, not a book": {notWorkbook.Bytes(), order.ErrNotXLSX},
		"a CSV":             {[]byte("订单号,快递公司,快递单号\n1,SF,2\n"), order.ErrNotXLSX},
		"another header":    {sheetOf(t, []any{"订单编号", "快递公司", "快递单号"}, []any{"1", "SF", "2"}), order.ErrBadHeader},
		"no header":         {sheetOf(t, nil, []any{"订单号", "快递公司", "快递单号"}), order.ErrBadHeader},
		"an empty sheet":    {sheetOf(t), order.ErrBadHeader},
	} {
		sh, err := order.OpenSheet(c.data)
		if err == nil {
			_, err = sh.Count()
			_ = sh.Close()
		}
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", name, err, c.want)
		}
	}
}

// bigSheet streams a sheet of n data rows.
func bigSheet(t testing.TB, n int) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer func() { _ = f.Close() }()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	_ = sw.SetRow("A1", header())
	for i := 1; i <= n; i++ {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := sw.SetRow(cell, []any{fmt.Sprintf("B%08d", i), "SF", fmt.Sprintf("SF%010d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.Flush(); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestImportRowLimit(t *testing.T) {
	for n, want := range map[int]error{order.ImportMaxRows: nil, order.ImportMaxRows + 1: order.ErrTooManyRows} {
		sh, err := order.OpenSheet(bigSheet(t, n))
		if err != nil {
			t.Fatal(err)
		}
		got, err := sh.Count()
		_ = sh.Close()
		if !errors.Is(err, want) || (want == nil && got != n) {
			t.Errorf("%d rows: counted %d, %v; want %v", n, got, err, want)
		}
	}
}

// TestImportListsTheFirstErrors: the answer lists at most MaxRowErrors rows and counts them all.
func TestImportListsTheFirstErrors(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		s, _ := newService(t, g)
		n := order.MaxRowErrors + 5
		res, err := runImport(t, s, nil, bigSheet(t, n))
		if err != nil || res.Total != n || res.Failed != n || len(res.Errors) != order.MaxRowErrors ||
			res.Errors[order.MaxRowErrors-1].Row != order.MaxRowErrors+1 {
			t.Fatalf("%d unknown orders: total %d failed %d listed %d %v", n, res.Total, res.Failed, len(res.Errors), err)
		}
	})
}
