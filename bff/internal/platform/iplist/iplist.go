// Package iplist reads and applies address allow-lists, such as a user's 登录IP白名单: IPv4
// or IPv6 addresses and CIDR ranges, separated by commas or line breaks. The front end checks
// the same entries (frontend/src/shared/lib/validate.ts isIpEntry).
package iplist

import (
	"fmt"
	"net/netip"
	"strings"
)

// MaxEntries bounds a list; MaxLen is the column's size for the stored, normalised text.
const (
	MaxEntries = 50
	MaxLen     = 2000
)

// Parse reads a list typed by a person (commas, Chinese commas, semicolons, spaces or line
// breaks between entries, blanks ignored) and gives it back normalised: canonical entries joined
// by ",", duplicates dropped, "" for an empty list. reason is "" when the list is good, else the
// Chinese reason naming the first bad entry.
func Parse(text string) (list, reason string) {
	fields := strings.FieldsFunc(text, func(r rune) bool {
		return r == ',' || r == '，' || r == ';' || r == '；' || r == ' ' || r == '\t' || r == '\n' || r == '\r'
	})
	if len(fields) > MaxEntries {
		return "", fmt.Sprintf("最多%d项", MaxEntries)
	}
	out := make([]string, 0, len(fields))
	seen := map[string]bool{}
	for _, f := range fields {
		e, ok := entry(f)
		if !ok {
			return "", fmt.Sprintf("请输入正确的IP地址或网段：%s", f)
		}
		if !seen[e] {
			seen[e] = true
			out = append(out, e)
		}
	}
	return strings.Join(out, ","), ""
}

// entry is the canonical form of one address (1.2.3.4, 2001:db8::1) or range (10.0.0.0/8; host
// bits must be zero, so that 10.0.0.1/8 is not silently read as all of 10.x).
func entry(s string) (string, bool) {
	if strings.Contains(s, "/") {
		p, err := netip.ParsePrefix(s)
		if err != nil || p.Addr().Zone() != "" || p != p.Masked() {
			return "", false
		}
		return p.String(), true
	}
	a, err := netip.ParseAddr(s)
	if err != nil || a.Zone() != "" {
		return "", false
	}
	return a.String(), true
}

// Allows tells whether the client address ip may use an account with the stored list: an empty
// list lets anyone in; an address that cannot be read (the proxies' "unknown") matches nothing.
// An IPv4-mapped IPv6 address (::ffff:1.2.3.4) counts as the IPv4 address.
func Allows(list, ip string) bool {
	if strings.TrimSpace(list) == "" {
		return true
	}
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return false
	}
	a = a.Unmap().WithZone("")
	for _, e := range strings.Split(list, ",") {
		if strings.Contains(e, "/") {
			if p, err := netip.ParsePrefix(e); err == nil && p.Contains(a) {
				return true
			}
		} else if b, err := netip.ParseAddr(e); err == nil && b.Unmap() == a {
			return true
		}
	}
	return false
}
