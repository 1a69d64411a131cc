package config

import (
	"fmt"
	"net/netip"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxBrandTitle bounds a brand title: it has to fit the header beside the logo.
const maxBrandTitle = 30

var hostName = regexp.MustCompile(`^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$`)

// NormalizeHost turns "Shop-A.Example.com:8443" or "[::1]:80" into the form brand-title keys
// are kept in: lower case, no port, no brackets, no trailing dot.
func NormalizeHost(h string) string {
	h = strings.ToLower(strings.TrimSpace(h))
	if strings.HasPrefix(h, "[") {
		if end := strings.Index(h, "]"); end > 0 {
			return h[1:end]
		}
		return h
	}
	if i := strings.LastIndex(h, ":"); i >= 0 && strings.Count(h, ":") == 1 {
		h = h[:i]
	}
	return strings.TrimSuffix(h, ".")
}

// parseBrandTitles reads "shop-a.example.com=甲商城,shop-b.example.com=乙商城": the header title
// per deployment host. A broken entry fails the start, naming the entry.
func parseBrandTitles(c *Config, v string) error {
	c.BrandTitles = nil
	for _, entry := range strings.Split(v, ",") {
		entry = strings.TrimSpace(entry)
		if entry == "" {
			continue
		}
		host, title, ok := strings.Cut(entry, "=")
		if !ok {
			return fmt.Errorf("entry %q is not host=title", entry)
		}
		raw := strings.TrimSpace(host)
		host = strings.TrimSuffix(strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(raw, "["), "]")), ".")
		title = strings.TrimSpace(title)
		if _, err := netip.ParseAddr(host); err != nil && !hostName.MatchString(host) {
			return fmt.Errorf("entry %q: %q is not a host name (give it without scheme, port or path)", entry, raw)
		}
		if title == "" {
			return fmt.Errorf("entry %q has an empty title", entry)
		}
		if n := utf8.RuneCountInString(title); n > maxBrandTitle {
			return fmt.Errorf("entry %q: the title has %d characters, at most %d", entry, n, maxBrandTitle)
		}
		if strings.IndexFunc(title, unicode.IsControl) >= 0 || strings.ContainsAny(title, "<>") {
			return fmt.Errorf("entry %q: the title holds a control character or < >", entry)
		}
		if _, dup := c.BrandTitles[host]; dup {
			return fmt.Errorf("host %q is given twice", host)
		}
		if c.BrandTitles == nil {
			c.BrandTitles = map[string]string{}
		}
		c.BrandTitles[host] = title
	}
	return nil
}
