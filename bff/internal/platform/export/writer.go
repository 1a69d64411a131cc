package export

import (
	"archive/zip"
	"fmt"
	"io"
	"time"

	"github.com/xuri/excelize/v2"

	"mallconsole/bff/internal/platform/money"
)

// TimeLayout is how times are written (docs/decisions.md "Times").
const TimeLayout = "2006-01-02 15:04:05"

// Emit takes one row, its values in the order of the requested fields. A value may be nil, a
// string, []byte, a number, a bool, a time.Time, a money.Fen or a Coded (kinds.go).
type Emit func(row []any) error

// Write streams a workbook with one header row and the rows rows produces into w. excelize's
// StreamWriter keeps at most a small buffer in memory and spills to a temporary file, so the
// caller's rows can come straight from a database cursor; nothing is written to w before every
// row was read, so a failure mid-way can still be answered with an error.
func Write(w io.Writer, headers []string, rows func(Emit) error) error {
	f := excelize.NewFile()
	defer f.Close()
	// File.WriteTo zips the whole workbook into a bytes.Buffer first (tens of MB for a million
	// rows); handing it a zip writer on w instead streams the archive out and leaves that buffer
	// empty.
	f.SetZipWriter(func(io.Writer) excelize.ZipWriter { return zip.NewWriter(w) })
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		return err
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return err
	}
	// MoneyFormat: the cell holds the yuan as a number, shown with two decimals
	yuan, err := f.NewStyle(&excelize.Style{CustomNumFmt: &moneyFormat})
	if err != nil {
		return err
	}
	head := make([]any, len(headers))
	for i, h := range headers {
		head[i] = excelize.Cell{StyleID: bold, Value: h}
		if err := sw.SetColWidth(i+1, i+1, 20); err != nil {
			return err
		}
	}
	if err := sw.SetRow("A1", head); err != nil {
		return err
	}
	r := 1
	cells := make([]any, len(headers))
	err = rows(func(row []any) error {
		r++
		for i := range cells {
			cells[i] = nil
			if i < len(row) {
				cells[i] = cell(row[i])
				if fen, ok := row[i].(money.Fen); ok {
					cells[i] = excelize.Cell{StyleID: yuan, Value: Yuan(fen)}
				}
			}
		}
		name, err := excelize.CoordinatesToCellName(1, r)
		if err != nil {
			return err
		}
		return sw.SetRow(name, cells)
	})
	if err != nil {
		return err
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	if _, err := f.WriteTo(w); err != nil {
		return fmt.Errorf("writing the workbook: %w", err)
	}
	return nil
}

// moneyFormat is the number format of money cells.
var moneyFormat = "0.00"

// Yuan is the number a money cell holds: fen / 100, exact to the cent as float64 for any amount
// the shop stores (below 2^53 fen).
func Yuan(f money.Fen) float64 { return float64(f) / 100 }

// cell turns a database value into what the sheet shows; empty stays empty. Times are written
// in the server's zone, as the JSON answers write them (httpx.FormatTime): the database hands
// them back in whatever zone its driver uses (UTC for SQLite and MySQL's loc=UTC).
func cell(v any) any {
	switch v := v.(type) {
	case []byte:
		return string(v)
	case time.Time:
		if v.IsZero() {
			return nil
		}
		return v.In(time.Local).Format(TimeLayout)
	case *time.Time:
		if v == nil || v.IsZero() {
			return nil
		}
		return v.In(time.Local).Format(TimeLayout)
	case Coded: // a dictionary value no Labels resolved
		if v.Value == "" {
			return nil
		}
		return v.Value
	default:
		return v
	}
}
