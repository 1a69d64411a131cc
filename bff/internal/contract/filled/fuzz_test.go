package filled

import (
	"os"
	"testing"
)

// FuzzText: any bytes read as a PDF, and any bytes read as a ToUnicode map and decoded, end
// without a panic or a hang (a template is an upload).
func FuzzText(f *testing.F) {
	if raw, err := os.ReadFile("testdata/template-zh.pdf"); err == nil {
		f.Add(raw, []byte{0x00, 0x01})
	}
	f.Add([]byte("%PDF-1.4"), []byte("1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfrange <00> <FF> [<0041> (x)] endbfrange"))
	f.Add([]byte{}, []byte("2 beginbfchar <0001> <4E2D> <02> (\\101\\ ) endbfchar <"))
	f.Fuzz(func(t *testing.T, raw, cm []byte) {
		_, _ = Text(raw)
		if m := parseCMap(cm); m != nil {
			_ = m.decode(string(raw[:min(len(raw), 64)]), 2)
		}
	})
}
