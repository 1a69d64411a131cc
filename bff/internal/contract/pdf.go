package contract

import (
	"bytes"
	"fmt"
	"strings"
)

// MinimalPDF writes a valid one-page PDF (A4, Helvetica) showing lines of ASCII text: the demo
// template's file and the tests' uploads, made here so the repository holds no binary files.
// The cross-reference table carries every object's byte offset, as readers check.
func MinimalPDF(lines ...string) []byte {
	var text strings.Builder
	// Each line moves down with Td rather than T*: text readers place lines by the text matrix.
	text.WriteString("BT /F1 20 Tf 72 760 Td\n")
	for _, l := range lines {
		l = strings.NewReplacer(`\`, `\\`, "(", `\(`, ")", `\)`).Replace(l)
		fmt.Fprintf(&text, "(%s) Tj 0 -26 Td\n", l)
	}
	text.WriteString("ET\n0.2 0.4 0.8 RG 4 w 60 60 475 722 re S\n")
	objects := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%sendstream", text.Len(), text.String()),
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	offsets := make([]int, len(objects))
	for i, o := range objects {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objects)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objects)+1, xref)
	return b.Bytes()
}
