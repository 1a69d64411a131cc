package order

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Bounds of what an uploaded workbook may unpack to, checked before excelize reads it
// (docs/decisions.md "Express import"). 100,000 rows of the template's three cells take about
// 15 MB of sheet XML and 6 MB of shared strings, so each bound leaves room for a sheet as Excel
// or WPS writes it while a 256 KB file of 250 MB of spaces, or of 5,000,000 shared strings, is
// refused in the first MBs of it.
const (
	unzipLimit    = 64 << 20 // all entries, as read (not as their headers say)
	streamedLimit = 48 << 20 // a worksheet or the shared strings, which excelize streams
	decodedLimit  = 8 << 20  // any other XML part, which excelize decodes whole into structs
	maxEntries    = 1000
)

// ErrBomb: the workbook unpacks to more than an import can need: a zip or XML bomb, or a
// workbook far past what the template holds.
var ErrBomb = errors.New("order: the workbook unpacks past the import's bounds")

// checkWorkbook reads every entry of the zip through a limited reader and scans its XML
// (xmlScan), so that excelize is handed only a workbook whose unpacking is bounded. Not a zip:
// ErrNotXLSX.
func checkWorkbook(data []byte) error {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return ErrNotXLSX
	}
	if len(zr.File) > maxEntries {
		return fmt.Errorf("%w: %d entries", ErrBomb, len(zr.File))
	}
	var total int64
	for _, f := range zr.File {
		kind := partKind(f.Name)
		limit := min(kind.limit, unzipLimit-total)
		if f.UncompressedSize64 > uint64(limit) { // the header is not trusted, but may refuse early
			return fmt.Errorf("%w: %s says %d bytes", ErrBomb, f.Name, f.UncompressedSize64)
		}
		n, err := readPart(f, kind, limit)
		if err != nil {
			return err
		}
		total += n
	}
	return nil
}

// readPart unpacks one entry, at most limit bytes, through the XML scan when it is XML.
func readPart(f *zip.File, kind part, limit int64) (int64, error) {
	rc, err := f.Open()
	if err != nil {
		return 0, ErrNotXLSX
	}
	defer func() { _ = rc.Close() }()
	w := io.Discard
	if kind.xml {
		w = &xmlScan{part: kind}
	}
	n, err := io.Copy(w, io.LimitReader(rc, limit+1))
	switch {
	case errors.Is(err, ErrBomb):
		return n, fmt.Errorf("%w: %s", err, f.Name)
	case err != nil:
		return n, ErrNotXLSX // a damaged entry, a checksum that does not match
	case n > limit:
		return n, fmt.Errorf("%w: %s unpacks past %d bytes", ErrBomb, f.Name, limit)
	}
	return n, nil
}

// part is how an entry is read and bounded.
type part struct {
	xml       bool
	limit     int64
	worksheet bool // rows and cells counted
	shared    bool // shared-string items counted
}

// items is how many cells a row (a sheet) or items (the shared strings) may hold, and their name.
func (p part) items() (int64, string) {
	if p.shared {
		return maxSharedStrings, "shared strings"
	}
	return maxCellsInRow, "cells in a row"
}

// partKind tells an entry's kind by its name, as excelize does (it streams xl/worksheets/sheet*
// and xl/sharedStrings.xml and decodes other XML whole; anything else it keeps as bytes).
func partKind(name string) part {
	n := strings.ToLower(strings.ReplaceAll(name, `\`, "/"))
	switch {
	case strings.HasPrefix(n, "xl/worksheets/sheet"):
		return part{xml: true, limit: streamedLimit, worksheet: true}
	case n == "xl/sharedstrings.xml":
		return part{xml: true, limit: streamedLimit, shared: true}
	case strings.HasSuffix(n, ".xml"), strings.HasSuffix(n, ".rels"): // VML, loose HTML-like markup, is not read
		return part{xml: true, limit: decodedLimit}
	}
	return part{limit: streamedLimit}
}
