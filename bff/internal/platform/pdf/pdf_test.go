package pdf

import (
	"bytes"
	"errors"
	"os"
	"testing"
)

const droid = DebianFont

func maker(t testing.TB) *Maker {
	t.Helper()
	if _, err := os.Stat(droid); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI installs fonts-droid-fallback: %v", err)
		}
		t.Skip("fonts-droid-fallback is not installed")
	}
	m, err := NewMaker(droid)
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
