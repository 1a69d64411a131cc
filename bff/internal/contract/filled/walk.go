package filled

import (
	"io"
	"math"
	"strings"
	"unicode/utf16"

	lpdf "github.com/ledongthuc/pdf"
	"golang.org/x/text/unicode/norm"
)

// affine is a PDF transformation matrix [a b c d e f].
type affine [6]float64

var identity = affine{1, 0, 0, 1, 0, 0}

// then is m followed by n (PDF's row-vector order: m × n).
func (m affine) then(n affine) affine {
	return affine{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

func translate(x, y float64) affine { return affine{1, 0, 0, 1, x, y} }

// font decodes a font's strings: through its ToUnicode map when it has one (as every Chinese
// font set by Word, WPS, Chrome or fpdf does), else UCS-2 for the UCS2 CMaps of Chinese PDFs,
// else one byte a character for a simple font; a composite font without a map cannot be read
// and decodes to U+FFFD.
type font struct {
	m     *cmap
	width int
	ucs2  bool
}

// maxCMap bounds a ToUnicode stream read into memory (a full CJK map is about 1 MB).
const maxCMap = 8 << 20

func fontOf(v lpdf.Value) font {
	f := font{width: 1}
	if v.Key("Subtype").Name() == "Type0" {
		f.width = 2
		f.ucs2 = strings.Contains(v.Key("Encoding").Name(), "UCS2")
	}
	if tu := v.Key("ToUnicode"); tu.Kind() == lpdf.Stream {
		rc := tu.Reader()
		data, err := io.ReadAll(io.LimitReader(rc, maxCMap))
		rc.Close()
		if err == nil {
			f.m = parseCMap(data)
		}
	}
	return f
}

func (f font) decode(raw string) string {
	switch {
	case f.m != nil:
		return ideographs(f.m.decode(raw, f.width))
	case f.ucs2:
		return string(utf16.Decode(units(raw)))
	case f.width == 2:
		return strings.Repeat("\uFFFD", (len(raw)+1)/2)
	}
	r := make([]rune, len(raw))
	for i := range len(raw) {
		r[i] = rune(raw[i]) // Latin-1 for the simple fonts' Latin text
	}
	return string(r)
}

// ideographs writes the radicals a map may give for a character (Chrome maps 方 to ⽅,
// KANGXI RADICAL SQUARE, when the font draws both with one glyph) as the characters themselves;
// NFKC does exactly that for the radical blocks, and nothing else of the text is normalized (it
// would turn the full-width ：and （） of Chinese into ASCII).
func ideographs(s string) string {
	if !strings.ContainsFunc(s, radical) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if radical(r) {
			b.WriteString(norm.NFKC.String(string(r)))
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// radical: CJK Radicals Supplement and Kangxi Radicals.
func radical(r rune) bool { return r >= 0x2E80 && r <= 0x2FDF }

// gstate is what the walk keeps of the graphics and text state: where text lands.
type gstate struct {
	ctm, tm, tlm affine
	leading      float64
}

// wordGap is the TJ adjustment (thousandths of the font size, negative moves right) from
// which a gap between two strings is read as a space: generators that position words
// instead of drawing space glyphs leave gaps of about a third of the size.
const wordGap = -250

// pageLines is a page's text, a line per baseline in drawing order, each string of the content
// stream decoded by its font (fontOf). Text inside form XObjects is not read.
func pageLines(p lpdf.Page) []string {
	contents := p.V.Key("Contents")
	if contents.IsNull() {
		return nil
	}
	fonts := map[string]font{}
	g := gstate{ctm: identity, tm: identity, tlm: identity}
	var stack []gstate
	var cur font
	var lines []string
	var line strings.Builder
	y, started := 0.0, false
	show := func(raw string) {
		at := g.tm.then(g.ctm)[5]
		if started && math.Abs(at-y) > 1 {
			lines = append(lines, line.String())
			line.Reset()
		}
		y, started = at, true
		line.WriteString(cur.decode(raw))
	}
	newLine := func() {
		g.tlm = translate(0, -g.leading).then(g.tlm)
		g.tm = g.tlm
	}
	lpdf.Interpret(contents, func(stk *lpdf.Stack, op string) {
		args := make([]lpdf.Value, stk.Len())
		for i := len(args) - 1; i >= 0; i-- {
			args[i] = stk.Pop()
		}
		num := func(i int) float64 {
			if i < len(args) {
				return args[i].Float64()
			}
			return 0
		}
		matrix := func() affine {
			var m affine
			for i := range m {
				m[i] = num(i)
			}
			return m
		}
		switch op {
		case "q":
			stack = append(stack, g)
		case "Q":
			if n := len(stack); n > 0 {
				g, stack = stack[n-1], stack[:n-1]
			}
		case "cm":
			g.ctm = matrix().then(g.ctm)
		case "BT":
			g.tm, g.tlm = identity, identity
		case "Tm":
			g.tm = matrix()
			g.tlm = g.tm
		case "TD":
			g.leading = -num(1)
			fallthrough
		case "Td":
			g.tlm = translate(num(0), num(1)).then(g.tlm)
			g.tm = g.tlm
		case "TL":
			g.leading = num(0)
		case "T*":
			newLine()
		case "Tf":
			if len(args) > 0 {
				name := args[0].Name()
				f, ok := fonts[name]
				if !ok {
					f = fontOf(p.Resources().Key("Font").Key(name))
					fonts[name] = f
				}
				cur = f
			}
		case "'", "\"":
			newLine()
			if len(args) > 0 {
				show(args[len(args)-1].RawString())
			}
		case "Tj":
			if len(args) > 0 {
				show(args[0].RawString())
			}
		case "TJ":
			if len(args) == 0 {
				return
			}
			for i, a := 0, args[0]; i < a.Len(); i++ {
				switch x := a.Index(i); x.Kind() {
				case lpdf.String:
					show(x.RawString())
				case lpdf.Integer, lpdf.Real:
					if x.Float64() <= wordGap && started && !strings.HasSuffix(line.String(), " ") {
						line.WriteByte(' ')
					}
				}
			}
		}
	})
	if started {
		lines = append(lines, line.String())
	}
	return lines
}
