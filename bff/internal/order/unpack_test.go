package order_test

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/bombtest"
	"mallconsole/bff/internal/platform/memtest"
)

// openAndCount is what the import does before a row ships.
func openAndCount(data []byte) (int, error) {
	sh, err := order.OpenSheet(data)
	if err != nil {
		return 0, err
	}
	defer func() { _ = sh.Close() }()
	return sh.Count()
}

// TestOpenSheetRefusesBombs: workbooks of a few hundred KB that unpack to 250 MB (refused by
// their entries' sizes) or 40 MB (under them, refused by the XML scan) of spaces inside
// sheetData, of shared strings, or of one cell are refused within 2 s, the process's memory
// growing by less than 100 MB. Before, excelize read them: 250 MB of spaces took 9 s and 514 MB,
// 40 MB of shared strings 19 s and 258 MB.
func TestOpenSheetRefusesBombs(t *testing.T) {
	for _, size := range []int64{250 << 20, 40 << 20} {
		for name, data := range bombtest.XLSXBombs(size, order.ImportHeader...) {
			var err error
			start := time.Now()
			grown, measured := memtest.RSSGrowth(func() { _, err = openAndCount(data) })
			took := time.Since(start)
			t.Logf("%s (%d KB): %v in %s, memory +%d MB", name, len(data)>>10, err, took.Round(time.Millisecond), grown>>20)
			if !errors.Is(err, order.ErrBomb) {
				t.Errorf("%s: %v, want ErrBomb", name, err)
			}
			if took > 2*time.Second || (measured && grown > 100<<20) {
				t.Errorf("%s: took %s and %d MB", name, took, grown>>20)
			}
		}
	}
}

// sheet is a workbook whose sheet holds the header row, then head, unit n times and tail.
func sheet(head, unit string, n int64, tail string) []byte {
	return bombtest.XLSX(bombtest.Repeat{Head: []byte(bombtest.SheetHead + bombtest.Row(1, order.ImportHeader...) + head),
		Unit: []byte(unit), N: n, Tail: []byte(tail + bombtest.SheetTail)}, nil)
}

// lyingZip holds one worksheet of 1 MB of rows whose entry says it holds 1 KB.
func lyingZip(t *testing.T) []byte {
	body := bombtest.Repeat{Head: []byte(bombtest.SheetHead), Unit: []byte("<row/>"), N: 1 << 20 / 6, Tail: []byte(bombtest.SheetTail)}
	data := body.Deflate()
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	w, err := zw.CreateRaw(&zip.FileHeader{Name: "xl/worksheets/sheet1.xml", Method: zip.Deflate, CRC32: body.CRC32(),
		CompressedSize64: uint64(len(data)), UncompressedSize64: 1 << 10})
	if err != nil {
		t.Fatal(err)
	}
	_, _ = w.Write(data)
	_ = zw.Close()
	return out.Bytes()
}

// TestCheckWorkbookBounds: each bound of the unpacking, and what it must not take for markup:
// a '>' in a quoted attribute, '<' in CDATA or a comment.
func TestCheckWorkbookBounds(t *testing.T) {
	media := bombtest.Part{Name: "xl/media/image1.png", Body: bombtest.Repeat{Unit: []byte{0}, N: 40 << 20}}
	media2 := media
	media2.Name = "xl/media/image2.png"
	many := make([]bombtest.Part, 1001)
	for i := range many {
		many[i] = bombtest.Text(fmt.Sprintf("x/%d.txt", i), "x")
	}
	const kb300 = 300 << 10
	for name, c := range map[string]struct {
		data []byte
		want error
	}{
		"an attribute of 300 KB":          {sheet(`<row r="2" x="`, "x", kb300, `"/>`), order.ErrBomb},
		"a comment of 300 KB":             {sheet(`<!--`, "<a>", kb300/3, `-->`), order.ErrBomb},
		"CDATA of 300 KB":                 {sheet(`<row r="2"><c r="A2" t="str"><v><![CDATA[`, "<a>", kb300/3, `]]></v></c></row>`), order.ErrBomb},
		"a processing instruction":        {sheet(`<?x `, "x", kb300, `?>`), order.ErrBomb},
		"a DOCTYPE":                       {sheet(`<!DOCTYPE x [<!ENTITY a "aaaa">]>`, "", 0, ""), order.ErrBomb},
		"16,385 cells in a row":           {sheet(`<row r="2">`, `<c/>`, 16385, `</row>`), order.ErrBomb},
		"1,048,577 rows":                  {sheet("", `<row/>`, 1<<20, ""), order.ErrBomb},
		"33 MB of text in 300-byte runs":  {sheet("", `<a/>`+strings.Repeat("x", 300), 33<<20/300, ""), order.ErrBomb},
		"a cell of 40,000 rich-text runs": {sheet(`<row r="2"><c r="A2" t="inlineStr"><is>`, `<r><t>x</t></r>`, 40_000, `</is></c></row>`), order.ErrBomb},
		"a shared string of 40,000 runs": {bombtest.XLSX(bombtest.Repeat{Head: []byte(bombtest.SheetHead + bombtest.SheetTail)},
			&bombtest.Repeat{Head: []byte(bombtest.SSTHead + "<si>"), Unit: []byte("<r><t>x</t></r>"), N: 40_000, Tail: []byte("</si>" + bombtest.SSTTail)}), order.ErrBomb},
		"600,001 shared strings": {bombtest.XLSX(bombtest.Repeat{Head: []byte(bombtest.SheetHead + bombtest.SheetTail)},
			&bombtest.Repeat{Head: []byte(bombtest.SSTHead), Unit: []byte("<si/>"), N: 600_001, Tail: []byte(bombtest.SSTTail)}), order.ErrBomb},
		"200,001 styles": {bombtest.Zip(bombtest.Part{Name: "xl/styles.xml", Body: bombtest.Repeat{Head: []byte("<styleSheet><cellXfs>"),
			Unit: []byte("<xf/>"), N: 200_000, Tail: []byte("</cellXfs></styleSheet>")}}), order.ErrBomb},
		"1,001 entries":      {bombtest.Zip(many...), order.ErrBomb},
		"80 MB of media":     {bombtest.Zip(media, media2), order.ErrBomb},
		"an entry that lies": {lyingZip(t), order.ErrNotXLSX},
		"a cell of 200 KB, then markup that is not": {sheet(`<row r="2"><c r="A2" t="inlineStr"><is><t>`, "x", 200<<10, `</t></is></c></row>`+
			`<row r="3" x=">&gt;" y='">'><c r="A3" t="str"><v><![CDATA[<>]]></v></c></row><!-- <a> -->`), nil},
		"16,384 cells in a row": {sheet(`<row r="2">`, `<c/>`, 16384, `</row>`), nil},
		"16,384 rich-text cells, then 40,000 rows": {sheet(`<row r="2">`, `<c t="inlineStr"><is><r><rPr><b/></rPr><t>x</t></r></is></c>`,
			16384, `</row>`+strings.Repeat(`<row><c><v>1</v></c><c><v>2</v></c></row>`, 40_000)), nil},
	} {
		if _, err := openAndCount(c.data); !errors.Is(err, c.want) || (c.want == nil && err != nil) {
			t.Errorf("%s: %v, want %v", name, err, c.want)
		}
	}
}
