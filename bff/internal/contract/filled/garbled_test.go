package filled

import (
	"bytes"
	"errors"
	"os"
	"testing"

	"mallconsole/bff/internal/platform/pdf"
)

// A template set in a two-byte font (as Chinese text is) whose map the reader cannot apply is
// refused as unreadable rather than filled with nonsense.
func TestGarbledTextIsUnreadable(t *testing.T) {
	const droid = pdf.DebianFont
	if _, err := os.Stat(droid); err != nil {
		t.Skip("fonts-droid-fallback is not installed")
	}
	m, err := pdf.NewMaker(droid)
	if err != nil {
		t.Fatal(err)
	}
	d, err := m.New("P", pdf.A4)
	if err != nil {
		t.Fatal(err)
	}
	d.AddPage()
	d.Cell(0, 10, "甲方：{{agencyName}}")
	var buf bytes.Buffer
	if err := d.Output(&buf); err != nil {
		t.Fatal(err)
	}
	lines, err := Text(buf.Bytes())
	if err == nil {
		if len(lines) != 1 || lines[0] != "甲方：{{agencyName}}" {
			t.Fatalf("the reader gave %q: neither the text nor ErrUnreadable", lines)
		}
		return
	}
	if !errors.Is(err, ErrUnreadable) {
		t.Fatalf("err = %v, want ErrUnreadable", err)
	}
	if garbled("甲方：{{agencyName}} Rate: 5%\t") {
		t.Fatal("a clean line is taken for garbled")
	}
}
