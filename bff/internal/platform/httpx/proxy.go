package httpx

import (
	"net"
	"net/http"
	"net/netip"
	"regexp"
	"strings"
)

// Proxies decides whom to believe about the client: X-Forwarded-For/-Proto/-Host count only
// when the connection comes from a listed reverse proxy.
type Proxies struct {
	trusted []netip.Prefix
}

// NewProxies trusts the given networks.
func NewProxies(trusted []netip.Prefix) *Proxies { return &Proxies{trusted: trusted} }

func (p *Proxies) isTrusted(a netip.Addr) bool {
	a = a.Unmap()
	for _, pr := range p.trusted {
		if pr.Contains(a) {
			return true
		}
	}
	return false
}

func remoteAddr(r *http.Request) (netip.Addr, bool) {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	a, err := netip.ParseAddr(host)
	return a.Unmap(), err == nil
}

// FromTrustedProxy tells whether the connection comes from a trusted proxy.
func (p *Proxies) FromTrustedProxy(r *http.Request) bool {
	a, ok := remoteAddr(r)
	return ok && len(p.trusted) > 0 && p.isTrusted(a)
}

// ClientIP is the socket's address, or through trusted proxies the right-most X-Forwarded-For
// entry that is not itself a trusted proxy. It fits echo's IPExtractor.
func (p *Proxies) ClientIP(r *http.Request) string {
	a, ok := remoteAddr(r)
	if !ok {
		return r.RemoteAddr
	}
	if len(p.trusted) == 0 || !p.isTrusted(a) {
		return a.String()
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		h, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break // a garbled hop: stop believing what lies beyond it
		}
		a = h.Unmap()
		if !p.isTrusted(a) {
			break
		}
	}
	return a.String()
}

// Scheme is "https" for TLS connections, else "http", or X-Forwarded-Proto from a trusted proxy.
func (p *Proxies) Scheme(r *http.Request) string {
	if p.FromTrustedProxy(r) {
		switch strings.ToLower(strings.TrimSpace(firstValue(r.Header.Get("X-Forwarded-Proto")))) {
		case "https":
			return "https"
		case "http":
			return "http"
		}
	}
	if r.TLS != nil {
		return "https"
	}
	return "http"
}

var hostHeader = regexp.MustCompile(`^([A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(:[0-9]{1,5})?$`)

// Host is the request's host[:port] (X-Forwarded-Host from a trusted proxy), or "" when it is not
// a plain hostname[:port], so that it can go into a URL safely.
func (p *Proxies) Host(r *http.Request) string {
	h := r.Host
	if p.FromTrustedProxy(r) {
		if fh := strings.TrimSpace(firstValue(r.Header.Get("X-Forwarded-Host"))); fh != "" {
			h = fh
		}
	}
	if !hostHeader.MatchString(h) {
		return ""
	}
	return h
}

func firstValue(v string) string {
	first, _, _ := strings.Cut(v, ",")
	return first
}
