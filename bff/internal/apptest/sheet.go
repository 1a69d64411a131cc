package apptest

import (
	"bytes"
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
