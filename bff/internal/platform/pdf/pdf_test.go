package pdf

import (
	"bytes"
	"errors"
	"os"
	"testing"
)

const cjkFont = DebianFont

func maker(t testing.TB) *Maker {
	t.Helper()
	if _, err := os.Stat(cjkFont); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI installs fonts-arphic-gbsn00lp: %v", err)
		}
		t.Skip("fonts-arphic-gbsn00lp is not installed")
	}
	m, err := NewMaker(cjkFont)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestOffWithoutFont(t *testing.T) {
	m, err := NewMaker("")
	if err != nil {
		t.Fatal(err)
	}
	if m.Enabled() {
		t.Fatal("a maker without a font says it is enabled")
	}
	if _, err := m.New("P", A4); !errors.Is(err, ErrOff) {
		t.Fatalf("New without a font: %v, want ErrOff", err)
	}
}

func TestChineseTextIsEmbeddedAsASubset(t *testing.T) {
	m := maker(t)
	d, err := m.New("P", A4)
	if err != nil {
		t.Fatal(err)
	}
	d.AddPage()
	d.Cell(0, 10, "对账单 2026年11月 渠道：华东一部 合计 ¥1,234.50")
	var buf bytes.Buffer
	if err := d.Output(&buf); err != nil {
		t.Fatal(err)
	}
	out := buf.Bytes()
	if !bytes.HasPrefix(out, []byte("%PDF-")) {
		t.Fatal("not a PDF")
	}
	if !bytes.Contains(out, []byte("FontFile2")) {
		t.Fatal("the TrueType font is not embedded")
	}
	// a subset, not the whole 4 MB font
	if len(out) > 200_000 {
		t.Fatalf("a one-line document is %d bytes: the font was not subset", len(out))
	}
}

func BenchmarkOnePage(b *testing.B) {
	m := maker(b)
	for b.Loop() {
		d, err := m.New("P", A4)
		if err != nil {
			b.Fatal(err)
		}
		d.AddPage()
		d.Cell(0, 10, "发货单 订单号 202611280001 收货人 张三 上海市浦东新区")
		if err := d.Output(&bytes.Buffer{}); err != nil {
			b.Fatal(err)
		}
	}
}

// A font that cannot draw Latin letters and digits is refused at start: Debian's Droid Sans
// Fallback (Chinese only) once wrote documents whose order numbers and amounts were blank.
func TestFontMustDrawLatinAndChinese(t *testing.T) {
	maker(t) // the configured font passes
	const fallback = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"
	if _, err := os.Stat(fallback); err == nil {
		if _, err := NewMaker(fallback); err == nil || !bytes.Contains([]byte(err.Error()), []byte(`no glyph for 'A'`)) {
			t.Fatalf("a Chinese-only font: %v", err)
		}
	}
	if err := covers([]byte("not a font")); err == nil {
		t.Fatal("garbage taken for a font")
	}
}
