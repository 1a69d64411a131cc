package config

import (
	"fmt"
	"strings"

	"mallconsole/bff/internal/platform/pdf"
)

// pdfFonts are the TrueType CJK fonts Debian ships, in the order they are tried. The pure-Go PDF
// writer embeds TrueType outlines only: Noto CJK (CFF-flavoured OpenType) cannot be used.
var pdfFonts = []string{
	pdf.DebianFont, // fonts-arphic-gbsn00lp
}

func pdfSettings() []setting {
	return []setting{
		{"BFF_PDF_FONT", "auto", "a TrueType font with Chinese glyphs for generated PDFs (statements, delivery notes, filled contracts): auto (Debian fonts-arphic-gbsn00lp when installed, else PDFs are off and the HTML views remain) | a .ttf path | off", func(c *Config, v string) error {
			c.PDFFont = strings.TrimSpace(v)
			return nil
		}},
	}
}

// resolvePDFFont turns auto into a path or "" (off); a named file must exist.
func resolvePDFFont(c *Config, exists func(string) bool) error {
	switch strings.ToLower(c.PDFFont) {
	case "auto", "":
		c.PDFFont = ""
		for _, p := range pdfFonts {
			if exists(p) {
				c.PDFFont = p
				return nil
			}
		}
		return nil
	case "off":
		c.PDFFont = ""
		return nil
	}
	if !exists(c.PDFFont) {
		return fmt.Errorf("BFF_PDF_FONT: %s does not exist (apt-get install fonts-arphic-gbsn00lp, or give a .ttf with Chinese and Latin glyphs)", c.PDFFont)
	}
	if !strings.HasSuffix(strings.ToLower(c.PDFFont), ".ttf") {
		return fmt.Errorf("BFF_PDF_FONT: %s is not a .ttf (TrueType) file: collections (.ttc) and OpenType CFF fonts cannot be embedded", c.PDFFont)
	}
	return nil
}
