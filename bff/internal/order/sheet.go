package order

import (
	"bytes"
	"errors"
	"io"
	"strings"

	"github.com/xuri/excelize/v2"
)

// Limits of the express import (docs/decisions.md "Express import").
const (
	ImportMaxBytes = 10 << 20
	ImportMaxRows  = 100_000
	// inMemoryXML: parts of the workbook larger than this (the sheet, the shared strings) are
	// unpacked to a temporary file and read from there, so memory does not grow with the rows.
	inMemoryXML = 1 << 20
)

// ImportHeader is the header row the import expects, and the template has.
var ImportHeader = []string{"订单号", "快递公司", "快递单号"}

// Why a sheet is refused as a whole (nothing is imported).
var (
	ErrNotXLSX     = errors.New("order: the file is not an xlsx workbook")
	ErrBadHeader   = errors.New("order: the first row is not 订单号 | 快递公司 | 快递单号")
	ErrTooManyRows = errors.New("order: the sheet has more rows than an import takes")
)

// ImportRow is one data row of the sheet; Row is the sheet's own row number (the header is 1).
type ImportRow struct {
	Row        int
	OrderNo    string
	Company    string
	TrackingNo string
}

// Sheet is the first worksheet of an uploaded workbook, read row by row.
type Sheet struct {
	f    *excelize.File
	name string
}

// zipMagic starts every xlsx (a zip archive); an .exe, an old .xls or a CSV renamed to .xlsx
// does not.
var zipMagic = []byte("PK\x03\x04")

// OpenSheet reads an uploaded workbook (at most ImportMaxBytes, checked by the caller). Close it.
// One that unpacks past the bounds of checkWorkbook is ErrBomb, before excelize sees it.
func OpenSheet(data []byte) (*Sheet, error) {
	if !bytes.HasPrefix(data, zipMagic) {
		return nil, ErrNotXLSX
	}
	if err := checkWorkbook(data); err != nil {
		return nil, err
	}
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{
		UnzipSizeLimit: unzipLimit, UnzipXMLSizeLimit: inMemoryXML})
	if err != nil {
		return nil, ErrNotXLSX // a zip, but not a workbook excelize can read
	}
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		_ = f.Close()
		return nil, ErrNotXLSX // a .docx or any other zip
	}
	return &Sheet{f: f, name: sheets[0]}, nil
}

// Close removes the temporary files.
func (s *Sheet) Close() error { return s.f.Close() }

// Count checks the header and counts the data rows (blank rows aside), stopping past
// ImportMaxRows with ErrTooManyRows. It is a first pass, so that a sheet too long is refused
// before any row is imported.
func (s *Sheet) Count() (int, error) {
	n := 0
	err := s.Each(func(ImportRow) error {
		if n++; n > ImportMaxRows {
			return ErrTooManyRows
		}
		return nil
	})
	return n, err
}

// Each checks the header and hands every non-blank data row to fn, in sheet order. Cells are
// read as Excel shows them; a formula reads as the value Excel last calculated and saved with
// it (a formula saved without one reads as empty).
func (s *Sheet) Each(fn func(ImportRow) error) error {
	rows, err := s.f.Rows(s.name)
	if err != nil {
		return ErrNotXLSX
	}
	defer func() { _ = rows.Close() }()
	n := 0
	for ; rows.Next(); n++ {
		cols, err := rows.Columns()
		if err != nil {
			return ErrNotXLSX
		}
		cell := func(i int) string {
			if i < len(cols) {
				return strings.TrimSpace(cols[i])
			}
			return ""
		}
		if n == 0 {
			for i, want := range ImportHeader {
				if cell(i) != want {
					return ErrBadHeader
				}
			}
			continue
		}
		r := ImportRow{Row: n + 1, OrderNo: cell(0), Company: cell(1), TrackingNo: cell(2)}
		if r.OrderNo == "" && r.Company == "" && r.TrackingNo == "" {
			continue
		}
		if err := fn(r); err != nil {
			return err
		}
	}
	if err := rows.Error(); err != nil {
		return ErrNotXLSX
	}
	if n == 0 {
		return ErrBadHeader // an empty sheet
	}
	return nil
}

// readLimited reads at most limit bytes of r; more is ErrTooBig.
func readLimited(r io.Reader, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, ErrTooBig
	}
	return data, nil
}

// ErrTooBig: the upload is over ImportMaxBytes.
var ErrTooBig = errors.New("order: the file is over the import's size limit")
