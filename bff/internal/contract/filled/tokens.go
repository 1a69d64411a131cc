package filled

import (
	"encoding/hex"
	"iter"
	"strings"
)

// The kinds of token a ToUnicode CMap's sections are made of.
const (
	keyword = iota + 1
	str     // a hex or literal string, as bytes
	integer // a number, as text
	array   // a [ ] of strings (the destinations of a bfrange)
	other   // a name, a dictionary bracket: skipped
)

type token struct {
	kind  int
	s     string
	items []string
}

// tokens splits a CMap stream into tokens. Malformed input ends the sequence early: a map read
// that far is used, a missing code decodes to U+FFFD.
func tokens(data []byte) iter.Seq[token] {
	return func(yield func(token) bool) {
		var arr *token
		emit := func(t token) bool {
			if arr != nil {
				if t.kind == str {
					arr.items = append(arr.items, t.s)
				}
				return true
			}
			return yield(t)
		}
		for i := 0; i < len(data); {
			c := data[i]
			switch {
			case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == 0:
				i++
			case c == '%':
				for i < len(data) && data[i] != '\n' && data[i] != '\r' {
					i++
				}
			case c == '<' && i+1 < len(data) && data[i+1] == '<', c == '>' && i+1 < len(data) && data[i+1] == '>':
				i += 2
				if !emit(token{kind: other}) {
					return
				}
			case c == '<':
				end := strings.IndexByte(string(data[i:]), '>')
				if end < 0 {
					return
				}
				h := strings.Map(func(r rune) rune {
					if strings.ContainsRune(" \t\r\n\f", r) {
						return -1
					}
					return r
				}, string(data[i+1:i+end]))
				if len(h)%2 == 1 {
					h += "0"
				}
				b, err := hex.DecodeString(h)
				if err != nil {
					return
				}
				i += end + 1
				if !emit(token{kind: str, s: string(b)}) {
					return
				}
			case c == '(':
				s, n := literal(data[i:])
				if n == 0 {
					return
				}
				i += n
				if !emit(token{kind: str, s: s}) {
					return
				}
			case c == '[':
				i++
				arr = &token{kind: array}
			case c == ']':
				i++
				if arr == nil {
					continue
				}
				t := *arr
				arr = nil
				if !yield(t) {
					return
				}
			default:
				j := i + 1
				for j < len(data) && !strings.ContainsRune(" \t\r\n\f\x00%<>()[]/{}", rune(data[j])) {
					j++
				}
				w := string(data[i:j])
				i = j
				t := token{kind: keyword, s: w}
				switch {
				case c == '/' || c == '{' || c == '}' || c == ')':
					t.kind = other
				case c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9'):
					t.kind = integer
				}
				if !emit(t) {
					return
				}
			}
		}
	}
}

// literal reads a ( ) string at the start of data with its escapes and nested parentheses; n
// is how many bytes it took, 0 when it does not end.
func literal(data []byte) (s string, n int) {
	var b strings.Builder
	depth := 0
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case c == '(':
			if depth > 0 {
				b.WriteByte(c)
			}
			depth++
		case c == ')':
			depth--
			if depth == 0 {
				return b.String(), i + 1
			}
			b.WriteByte(c)
		case c == '\\' && i+1 < len(data):
			i++
			switch e := data[i]; e {
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case '\r', '\n':
			default:
				if e >= '0' && e <= '7' {
					v := 0
					for k := 0; k < 3 && i < len(data) && data[i] >= '0' && data[i] <= '7'; k++ {
						v = v*8 + int(data[i]-'0')
						i++
					}
					i--
					b.WriteByte(byte(v))
				} else {
					b.WriteByte(e)
				}
			}
		default:
			b.WriteByte(c)
		}
	}
	return "", 0
}
