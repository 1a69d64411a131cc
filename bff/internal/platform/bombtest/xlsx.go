package bombtest

import (
	"fmt"
	"strings"
)

// The worksheet's XML around its rows: a sheet is SheetHead, rows, SheetTail.
const (
	SheetHead = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
		`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`
	SheetTail = `</sheetData></worksheet>`
	// SSTHead and SSTTail go around the shared strings' items (<si><t>…</t></si>).
	SSTHead = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
		`<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`
	SSTTail = `</sst>`
)

// Row is row r of inline strings, from column A.
func Row(r int, cells ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<row r="%d">`, r)
	for i, c := range cells {
		fmt.Fprintf(&b, `<c r="%c%d" t="inlineStr"><is><t>%s</t></is></c>`, 'A'+i, r, c)
	}
	return b.String() + "</row>"
}

// XLSX is a workbook of one worksheet, as Excel lays it out, whose sheet XML is sheet and whose
// shared strings, when sst is not nil, are *sst.
func XLSX(sheet Repeat, sst *Repeat) []byte {
	const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
	const ct = "application/vnd.openxmlformats-officedocument.spreadsheetml."
	types := `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
		`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
		`<Default Extension="xml" ContentType="application/xml"/>` +
		`<Override PartName="/xl/workbook.xml" ContentType="` + ct + `sheet.main+xml"/>` +
		`<Override PartName="/xl/worksheets/sheet1.xml" ContentType="` + ct + `worksheet+xml"/>`
	rels := `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
		`<Relationship Id="rId1" Type="` + rel + `worksheet" Target="worksheets/sheet1.xml"/>`
	parts := []Part{{Name: "xl/worksheets/sheet1.xml", Body: sheet}}
	if sst != nil {
		types += `<Override PartName="/xl/sharedStrings.xml" ContentType="` + ct + `sharedStrings+xml"/>`
		rels += `<Relationship Id="rId2" Type="` + rel + `sharedStrings" Target="sharedStrings.xml"/>`
		parts = append(parts, Part{Name: "xl/sharedStrings.xml", Body: *sst})
	}
	return Zip(append([]Part{
		Text("[Content_Types].xml", types+`</Types>`),
		Text("_rels/.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`+
			`<Relationship Id="rId1" Type="`+rel+`officeDocument" Target="xl/workbook.xml"/></Relationships>`),
		Text("xl/workbook.xml", `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" `+
			`xmlns:r="`+strings.TrimSuffix(rel, "/")+`"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`),
		Text("xl/_rels/workbook.xml.rels", rels+`</Relationships>`),
	}, parts...)...)
}

// XLSXBombs are workbooks whose first row is header and that unpack, where a reader meets
// them, to about size bytes while weighing a thousandth of that: spaces inside sheetData, shared
// strings (<si><t>x</t></si>, 17 bytes each) behind a header of shared strings, and one cell.
func XLSXBombs(size int64, header ...string) map[string][]byte {
	sharedHeader, sharedItems := "", ""
	for i, h := range header {
		sharedHeader += fmt.Sprintf(`<c r="%c1" t="s"><v>%d</v></c>`, 'A'+i, i)
		sharedItems += "<si><t>" + h + "</t></si>"
	}
	first := Row(1, header...)
	mb := size >> 20
	return map[string][]byte{
		fmt.Sprintf("%d MB of spaces in sheetData", mb): XLSX(Repeat{Head: []byte(SheetHead), Unit: []byte(" "), N: size,
			Tail: []byte(first + SheetTail)}, nil),
		fmt.Sprintf("%d shared strings (%d MB)", size/17, mb): XLSX(Repeat{Head: []byte(SheetHead + `<row r="1">` + sharedHeader + `</row>` + SheetTail)},
			&Repeat{Head: []byte(SSTHead + sharedItems), Unit: []byte("<si><t>x</t></si>"), N: size / 17, Tail: []byte(SSTTail)}),
		fmt.Sprintf("one cell of %d MB", mb): XLSX(Repeat{Head: []byte(SheetHead + first + `<row r="2"><c r="A2" t="inlineStr"><is><t>`),
			Unit: []byte("A"), N: size, Tail: []byte(`</t></is></c></row>` + SheetTail)}, nil),
	}
}
