// Package pdf makes PDF documents with Chinese text: go-pdf/fpdf with a TrueType CJK font
// (config BFF_PDF_FONT) embedded as a subset of the glyphs a document uses.
package pdf

import (
	"errors"
	"fmt"
	"os"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font/sfnt"
)

// DebianFont is the TrueType CJK font of Debian's fonts-arphic-gbsn00lp (AR PL SungtiL GB),
// which CI installs: the one BFF_PDF_FONT=auto finds, and the one tests make PDFs with. It draws
// Latin letters and digits too; fonts-arphic-gbsn00lp does not (order numbers and amounts came
// out blank), so it is refused (covers).
const DebianFont = "/usr/share/fonts/truetype/arphic-gbsn00lp/gbsn00lp.ttf"

// Family is the font family every document registers; callers SetFont(Family, "", size).
const Family = "cjk"

// ErrOff: no font is configured, so PDFs cannot be made; HTML views remain.
var ErrOff = errors.New("pdf: no TrueType CJK font is configured (BFF_PDF_FONT)")

// Maker holds the font's bytes, read once at start, and makes documents with it.
type Maker struct {
	font []byte
}

// NewMaker reads the font at path; "" gives a Maker that is off.
func NewMaker(path string) (*Maker, error) {
	if path == "" {
		return &Maker{}, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("pdf font: %w", err)
	}
	if err := covers(b); err != nil {
		return nil, fmt.Errorf("pdf font %s: %w", path, err)
	}
	return &Maker{font: b}, nil
}

// mustDraw are characters every document writes: order numbers, amounts, dates, Chinese.
const mustDraw = "AZaz09:-.%中文号"

// covers checks that the font has a glyph for each of mustDraw: a CJK fallback font without
// Latin glyphs writes documents whose numbers are invisible.
func covers(font []byte) error {
	f, err := sfnt.Parse(font)
	if err != nil {
		return err
	}
	var buf sfnt.Buffer
	for _, r := range mustDraw {
		if g, err := f.GlyphIndex(&buf, r); err != nil || g == 0 {
			return fmt.Errorf("no glyph for %q: documents would show blanks", r)
		}
	}
	return nil
}

// Enabled tells whether documents can be made.
func (m *Maker) Enabled() bool { return m != nil && len(m.font) > 0 }

// New starts a document: orientation "P" or "L", size "A4" or a custom size in mm (w, h > 0).
func (m *Maker) New(orientation string, size fpdf.SizeType) (*fpdf.Fpdf, error) {
	if !m.Enabled() {
		return nil, ErrOff
	}
	d := fpdf.NewCustom(&fpdf.InitType{OrientationStr: orientation, UnitStr: "mm", Size: size})
	d.SetCreator("mallconsole", true)
	d.AddUTF8FontFromBytes(Family, "", m.font)
	if err := d.Error(); err != nil {
		return nil, fmt.Errorf("pdf font: %w", err)
	}
	d.SetFont(Family, "", 10)
	return d, nil
}

// A4 and Label are the page sizes documents use, in mm.
var (
	A4    = fpdf.SizeType{Wd: 210, Ht: 297}
	Label = fpdf.SizeType{Wd: 100, Ht: 150}
)
