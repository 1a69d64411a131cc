package filled

import (
	"bytes"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"mallconsole/bff/internal/platform/pdf"
)

// A Chinese template printed by Chrome (testdata/template-zh.html, its glyphs subset and mapped
// back by bfchar and bfrange; 方 and 乙 mapped to their Kangxi radicals) reads back as written.
func TestChromeTemplateReads(t *testing.T) {
	raw, err := os.ReadFile("testdata/template-zh.pdf")
	if err != nil {
		t.Fatal(err)
	}
	lines, err := Text(raw)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"渠道合作协议", "甲方：某某商城有限公司", "乙方：{{agencyName}}", "合作期限：{{startDate}} 至 {{endDate}}",
		"佣金比例：{{rate}}（按月结算）", "Contract No. {{contractNo}}"}
	if !slices.Equal(lines, want) {
		t.Fatalf("read %q, want %q", lines, want)
	}
}

// fpdfDoc writes lines with the CJK font as fpdf sets it (Identity-H, one bfrange <0000> <FFFF>
// over all of Unicode), uncompressed so that a test can edit the file.
func fpdfDoc(t *testing.T, lines ...string) []byte {
	t.Helper()
	if _, err := os.Stat(pdf.DebianFont); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI installs fonts-arphic-gbsn00lp: %v", err)
		}
		t.Skip("fonts-arphic-gbsn00lp is not installed")
	}
	m, err := pdf.NewMaker(pdf.DebianFont)
	if err != nil {
		t.Fatal(err)
	}
	d, err := m.New("P", pdf.A4)
	if err != nil {
		t.Fatal(err)
	}
	d.SetCompression(false)
	d.AddPage()
	for _, l := range lines {
		d.Cell(0, 10, l)
		d.Ln(10)
	}
	var buf bytes.Buffer
	if err := d.Output(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// A range wider than 256 codes decodes by the whole code, not its last byte: 甲 (U+7532) once
// came out as "2".
func TestWideRangeReads(t *testing.T) {
	want := []string{"甲方：{{agencyName}}", "佣金 Rate: 5%（含税）"}
	lines, err := Text(fpdfDoc(t, want...))
	if err != nil || !slices.Equal(lines, want) {
		t.Fatalf("read %q (%v), want %q", lines, err, want)
	}
}

// A two-byte font without a ToUnicode map cannot be read: refused, never guessed.
func TestUnmappedFontIsUnreadable(t *testing.T) {
	raw := fpdfDoc(t, "甲方：{{agencyName}}")
	i := bytes.Index(raw, []byte("/ToUnicode"))
	if i < 0 {
		t.Fatal("no ToUnicode in fpdf's output")
	}
	end := i + bytes.IndexByte(raw[i:], 'R') + 1
	copy(raw[i:end], bytes.Repeat([]byte(" "), end-i)) // same length: the offsets stay right
	if lines, err := Text(raw); !errors.Is(err, ErrUnreadable) {
		t.Fatalf("read %q (%v), want ErrUnreadable", lines, err)
	}
}

// The maps' forms: bfchar, a string range counted up past a byte boundary, an array range,
// one- and two-byte codes in one code space, a code outside every map.
func TestCMapForms(t *testing.T) {
	m := parseCMap([]byte(`/CIDInit /ProcSet findresource begin 12 dict begin begincmap
		/CMapName /Test def
		2 begincodespacerange <00> <7F> <8000> <FFFF> endcodespacerange
		2 beginbfchar <41> <0041> <8001> <4E2D> endbfchar % 中
		2 beginbfrange <80F0> <8110> <7530> <9000> <9002> [<0041> <D83DDE00> (\000B)] endbfrange
		endcmap CMapName currentdict /CMap defineresource pop end end`))
	if m == nil {
		t.Fatal("no map read")
	}
	for raw, want := range map[string]string{
		"A":                "A",
		"\x80\x01":         "中",
		"\x80\xf0":         "田",       // U+7530
		"\x81\x02":         "\u7542",  // 0x12 past the range's start, across the byte boundary
		"\x90\x01":         "😀",       // an array entry: a surrogate pair
		"\x90\x02":         "B",       // a literal string entry
		"A\x80\x01A":       "A中A",     // one- and two-byte codes mixed
		"\x85\x00":         "\uFFFD",  // in the code space, in no map
		"\x80\x01\x81\x10": "中\u7550", // the range's last code
	} {
		if got := m.decode(raw, 2); got != want {
			t.Errorf("decode(%q) = %q, want %q", raw, got, want)
		}
	}
	if garbled("甲方：{{agencyName}} Rate: 5%\t") || !garbled("A\uFFFDB") || !garbled("2\x1a") {
		t.Fatal("garbled misjudges a line")
	}
	if parseCMap([]byte("begincmap endcmap")) != nil || parseCMap([]byte("<12")) != nil {
		t.Fatal("a map without entries")
	}
	if !strings.Contains(ideographs("\u2F45\u2F04"), "方乙") {
		t.Fatalf("radicals: %q", ideographs("\u2F45\u2F04"))
	}
}
