package apptest

import (
	"bytes"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// Sheet reads an export's answer: it must be 200 and an .xlsx file; the rows of its first sheet.
func (r Response) Sheet(t testing.TB) [][]string {
	t.Helper()
	if r.Status != 200 {
		t.Fatalf("export: %d %s", r.Status, r.Body)
	}
	f, err := excelize.OpenReader(bytes.NewReader(r.Body))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// Workbook opens an export's answer as a workbook, for what the rows do not tell: cell types,
// number formats, formulas over the cells. It is closed when the test ends.
func (r Response) Workbook(t testing.TB) *excelize.File {
	t.Helper()
	if r.Status != 200 {
		t.Fatalf("export: %d %s", r.Status, r.Body)
	}
	f, err := excelize.OpenReader(bytes.NewReader(r.Body))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// Sum is what a spreadsheet's SUM over the cells of rng (e.g. "C2:C9") of the first sheet
// computes, and that each of them is a number cell: an amount written as text adds up to 0.
func Sum(t testing.TB, f *excelize.File, rng string) string {
	t.Helper()
	from, to, _ := strings.Cut(rng, ":")
	c1, r1, err := excelize.CellNameToCoordinates(from)
	if err != nil {
		t.Fatal(err)
	}
	c2, r2, err := excelize.CellNameToCoordinates(to)
	if err != nil {
		t.Fatal(err)
	}
	for c := c1; c <= c2; c++ {
		for r := r1; r <= r2; r++ {
			name, _ := excelize.CoordinatesToCellName(c, r)
			// a number cell has no type attribute (t="n" by default): excelize reads it as unset
			typ, err := f.GetCellType("Sheet1", name)
			v, _ := f.GetCellValue("Sheet1", name)
			if err != nil || (typ != excelize.CellTypeNumber && typ != excelize.CellTypeUnset) || v == "" {
				t.Fatalf("%s = %q is not a number cell (%v, %v)", name, v, typ, err)
			}
		}
	}
	if err := f.SetCellFormula("Sheet1", "ZZ1", "SUM("+rng+")"); err != nil {
		t.Fatal(err)
	}
	v, err := f.CalcCellValue("Sheet1", "ZZ1")
	if err != nil {
		t.Fatal(err)
	}
	return v
}
