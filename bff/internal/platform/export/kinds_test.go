package export_test

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/xuri/excelize/v2"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/money"
)

type item struct {
	category string
	price    money.Fen
}

// TestMoneyAndLabels: an export.Money column is a number cell with the "0.00" format that a SUM
// adds up; an export.Label column writes the dictionary's label, the value itself when the
// dictionary does not know it, nothing when empty; each dictionary is read once per export.
func TestMoneyAndLabels(t *testing.T) {
	cols := export.Columns[item]{
		"category": export.Label("goods_category", func(i item) string { return i.category }),
		"price":    export.Money(func(i item) money.Fen { return i.price }),
	}
	reads := 0
	res := export.Resource{Title: "商品", Fields: export.Keys(cols),
		Labels: func(_ context.Context, dict string) (map[string]string, error) {
			reads++
			return map[string]string{"home": "家居", "food": "食品"}, nil
		},
		Rows: func(_ echo.Context, q export.Query, emit export.Emit) error {
			row := cols.Emitter(q, emit)
			for _, i := range []item{{"home", 1250}, {"food", 10}, {"gone", 100_000_000_00}, {"", 0}} {
				if err := row(i); err != nil {
					return err
				}
			}
			return nil
		}}
	e := echo.New()
	e.HTTPErrorHandler = httpx.ErrorHandler(dbtest.Discard(), time.Now)
	noAuth := func(next echo.HandlerFunc) echo.HandlerFunc { return next }
	export.Routes(authz.NewRouter(e, noAuth, nil), "/api/items", authz.Public(), res)
	s := httptest.NewServer(e)
	t.Cleanup(s.Close)

	r := post(t, s, "/api/items/downloadAll", map[string]any{"headers": []string{"分类", "价格"}, "fields": []string{"category", "price"}})
	if r.StatusCode != 200 {
		t.Fatalf("status %d", r.StatusCode)
	}
	f, err := excelize.OpenReader(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, _ := f.GetRows("Sheet1")
	want := [][]string{{"分类", "价格"}, {"家居", "12.50"}, {"食品", "0.10"}, {"gone", "100000000.00"}, {"", "0.00"}}
	if !equal(rows, want) {
		t.Errorf("rows = %q, want %q", rows, want)
	}
	if reads != 1 {
		t.Errorf("the dictionary was read %d times", reads)
	}
	for _, cell := range []string{"B2", "B3", "B4", "B5"} {
		if typ, _ := f.GetCellType("Sheet1", cell); typ != excelize.CellTypeUnset && typ != excelize.CellTypeNumber {
			t.Errorf("%s is not a number cell: %v", cell, typ)
		}
		id, _ := f.GetCellStyle("Sheet1", cell)
		st, err := f.GetStyle(id)
		if err != nil || st.CustomNumFmt == nil || *st.CustomNumFmt != "0.00" {
			t.Errorf("%s style = %+v %v", cell, st, err)
		}
	}
	if err := f.SetCellFormula("Sheet1", "C1", "SUM(B2:B5)"); err != nil {
		t.Fatal(err)
	}
	if v, err := f.CalcCellValue("Sheet1", "C1"); err != nil || v != "100000012.6" {
		t.Errorf("SUM = %q %v", v, err)
	}
}
