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

// UnknownClient is the client address when a trusted proxy forwarded something that is not an
// address: all such requests share it (one lock-out counter, one label in the logs).
const UnknownClient = "unknown"

// FromTrustedProxy tells whether the connection comes from a trusted proxy.
func (p *Proxies) FromTrustedProxy(r *http.Request) bool {
	a, ok := remoteAddr(r)
	return ok && len(p.trusted) > 0 && p.isTrusted(a)
}

// ClientIP is the socket's address, or through trusted proxies the right-most X-Forwarded-For
// entry that is not itself a trusted proxy. An entry may carry a port (ip:port, [ipv6]:port);
// an entry that is no address at all makes the client UnknownClient — never the address of the
// proxy that forwarded it, which would make the client look like a trusted machine. It fits
// echo's IPExtractor.
func (p *Proxies) ClientIP(r *http.Request) string {
	a, ok := remoteAddr(r)
	if !ok {
		return r.RemoteAddr
	}
	if len(p.trusted) == 0 || !p.isTrusted(a) {
		return a.String()
	}
	values := r.Header.Values("X-Forwarded-For")
	if len(values) == 0 {
		return a.String() // the proxy's own request
	}
	hops := strings.Split(strings.Join(values, ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		h, ok := hopAddr(strings.TrimSpace(hops[i]))
		if !ok {
			return UnknownClient // a garbled hop: nothing beyond it can be believed
		}
		a = h
		if !p.isTrusted(a) {
			break
		}
	}
	return a.String()
}

// hopAddr reads an X-Forwarded-For entry: an address, with or without a port.
func hopAddr(s string) (netip.Addr, bool) {
	if a, err := netip.ParseAddr(s); err == nil {
		return a.Unmap(), true
	}
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap(), true
	}
	return netip.Addr{}, false
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
