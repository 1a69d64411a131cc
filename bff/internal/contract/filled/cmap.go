package filled

import (
	"strings"
	"unicode/utf16"
)

// cmap is a font's ToUnicode map: which byte sequences are one character code (its code space)
// and the text each code stands for. Written here because the reader's own decoder adds a range's
// offset to the last byte only, so a range wider than 256 codes (fpdf's <0000> <FFFF>, Chrome's
// glyph runs) decodes every Chinese character to one wrong byte.
type cmap struct {
	space  [4][][2]string // code space ranges by code length - 1: low and high, as bytes
	chars  map[string]string
	ranges []bfrange
}

type bfrange struct {
	lo, hi string
	dst    token // a string (the first code's text, counted up) or an array of strings
}

// parseCMap reads a ToUnicode stream's maps; nil when it has none. The stream is PostScript, of
// which only the code space, bfchar and bfrange sections matter: their operands are hex strings,
// integers and arrays of hex strings (tokens.go), and everything around them is skipped.
func parseCMap(data []byte) *cmap {
	m := &cmap{chars: map[string]string{}}
	var stk []token
	pop := func() token {
		if len(stk) == 0 {
			return token{}
		}
		t := stk[len(stk)-1]
		stk = stk[:len(stk)-1]
		return t
	}
	for t := range tokens(data) {
		if t.kind != keyword {
			stk = append(stk, t)
			continue
		}
		switch t.s {
		case "endcodespacerange":
			for len(stk) >= 2 {
				hi, lo := pop(), pop()
				if len(lo.s) >= 1 && len(lo.s) <= 4 && len(lo.s) == len(hi.s) {
					m.space[len(lo.s)-1] = append(m.space[len(lo.s)-1], [2]string{lo.s, hi.s})
				}
			}
		case "endbfchar":
			for len(stk) >= 2 {
				dst, src := pop(), pop()
				m.chars[src.s] = utf16be(dst.s)
			}
		case "endbfrange":
			for len(stk) >= 3 {
				dst, hi, lo := pop(), pop(), pop()
				if len(lo.s) == len(hi.s) && len(lo.s) > 0 {
					m.ranges = append(m.ranges, bfrange{lo: lo.s, hi: hi.s, dst: dst})
				}
			}
		}
		stk = stk[:0] // a section's operands follow its begin keyword, nothing else does
	}
	if len(m.chars) == 0 && len(m.ranges) == 0 {
		return nil
	}
	return m
}

// codeLen is how many bytes of raw make the next code: the code space says; a map without one
// uses width (2 for a composite font, 1 otherwise).
func (m *cmap) codeLen(raw string, width int) int {
	for n := 1; n <= 4 && n <= len(raw); n++ {
		for _, r := range m.space[n-1] {
			if inRange(raw[:n], r[0], r[1]) {
				return n
			}
		}
	}
	return min(width, len(raw))
}

// inRange: every byte of code between the range's bytes at that position, as the code space
// ranges of PDF 32000 §9.7.6.2 are defined (a rectangle, not an interval).
func inRange(code, lo, hi string) bool {
	for i := range len(code) {
		if code[i] < lo[i] || code[i] > hi[i] {
			return false
		}
	}
	return true
}

// decode is raw's text; a code the map lacks is U+FFFD, which garbled refuses.
func (m *cmap) decode(raw string, width int) string {
	var b strings.Builder
	for len(raw) > 0 {
		n := m.codeLen(raw, width)
		code := raw[:n]
		raw = raw[n:]
		b.WriteString(m.text(code))
	}
	return b.String()
}

func (m *cmap) text(code string) string {
	if t, ok := m.chars[code]; ok {
		return t
	}
	for _, r := range m.ranges {
		if len(r.lo) != len(code) || code < r.lo || code > r.hi {
			continue
		}
		off := number(code) - number(r.lo)
		switch r.dst.kind {
		case str:
			// the first code's text, its last UTF-16 unit counted up by the code's offset
			u := units(r.dst.s)
			if len(u) == 0 {
				return "\uFFFD"
			}
			u[len(u)-1] += uint16(off)
			return string(utf16.Decode(u))
		case array:
			if off < len(r.dst.items) {
				return utf16be(r.dst.items[off])
			}
		}
		return "\uFFFD"
	}
	return "\uFFFD"
}

// number is a big-endian code's value.
func number(code string) int {
	v := 0
	for i := range len(code) {
		v = v<<8 | int(code[i])
	}
	return v
}

func units(s string) []uint16 {
	u := make([]uint16, 0, len(s)/2)
	for i := 0; i+1 < len(s); i += 2 {
		u = append(u, uint16(s[i])<<8|uint16(s[i+1]))
	}
	return u
}

// utf16be is a ToUnicode destination's text (UTF-16BE).
func utf16be(s string) string { return string(utf16.Decode(units(s))) }
