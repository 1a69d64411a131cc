package httpx

import (
	"fmt"
	"strings"
)

// Disposition is a Content-Disposition header (kind "attachment" or "inline") with an ASCII
// fallback name and the exact UTF-8 name in RFC 5987 form (filename*=UTF-8”…).
func Disposition(kind, name string) string {
	ascii := strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' || r == '/' {
			return '_'
		}
		return r
	}, name)
	return kind + `; filename="` + ascii + `"; filename*=UTF-8''` + rfc5987(name)
}

// rfc5987 percent-encodes everything but attr-char (RFC 5987 §3.2.1).
func rfc5987(s string) string {
	var b strings.Builder
	for _, c := range []byte(s) {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$&+-.^_`|~", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}
