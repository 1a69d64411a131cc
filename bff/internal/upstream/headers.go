package upstream

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/httpx"
)

// msgBadRedirect answers an upstream redirect the BFF cannot serve: it would send the browser to
// the upstream's own address (or elsewhere) past the BFF.
const msgBadRedirect = "上游服务跳转到了无法访问的地址"

// dropped are the upstream's answer headers the browser never sees. The BFF is the origin the
// browser talks to: cookies (it keeps the upstream's credentials server-side), origin-wide
// policies (HSTS, Clear-Site-Data, Alt-Svc, reporting endpoints) and the security headers the
// BFF sets itself (X-Frame-Options and CSP come from the BFF's pages, not from an API answer)
// are its own; the request id and CORS are the BFF's too.
var dropped = []string{"Set-Cookie", "Set-Cookie2", "Clear-Site-Data", "Strict-Transport-Security", "Alt-Svc",
	"NEL", "Report-To", "Reporting-Endpoints", "X-Frame-Options", "Content-Security-Policy",
	"Content-Security-Policy-Report-Only", "Referrer-Policy", "X-Content-Type-Options", echo.HeaderXRequestID}

// dropHeaders removes from an upstream answer what is the BFF's to say.
func dropHeaders(h http.Header) {
	for _, k := range dropped {
		h.Del(k)
	}
	for k := range h {
		if strings.HasPrefix(k, "Access-Control-") { // h's keys are canonical
			h.Del(k)
		}
	}
}

// redirects maps the upstream's Location and Content-Location to the BFF's paths. A target
// the BFF does not serve through this prefix (another host, the upstream's address outside
// its base and prefix) would reveal the upstream's address or leave the BFF: a redirect to it
// is 502, on any other answer (a 201's Location) the header is dropped and the answer stands.
func (px *proxy) redirects(resp *http.Response, cl *call) error {
	for _, k := range []string{"Location", "Content-Location"} {
		loc := resp.Header.Get(k)
		if loc == "" {
			continue
		}
		if local, ok := px.localLocation(loc, resp.Request.URL); ok {
			resp.Header.Set(k, local)
			continue
		}
		px.log.Warn("upstream pointed outside its prefix", "header", k, "location", loc, "status", resp.StatusCode,
			"request_id", cl.requestID)
		resp.Header.Del(k)
		if k == "Location" && resp.StatusCode >= 300 && resp.StatusCode < 400 {
			return &httpx.Error{Status: http.StatusBadGateway, Message: msgBadRedirect}
		}
	}
	return nil
}

// localLocation is the BFF's path for loc, a reference resolved against the upstream request's
// URL: inside the upstream's URL and under the prefix (so this proxy serves it, and as a plain
// path), the path after the URL's own, with query and fragment.
func (px *proxy) localLocation(loc string, from *url.URL) (string, bool) {
	ref, err := url.Parse(loc)
	if err != nil {
		return "", false
	}
	abs := from.ResolveReference(ref)
	if !sameOrigin(abs, px.up.URL) {
		return "", false
	}
	rest, ok := strings.CutPrefix(abs.EscapedPath(), strings.TrimSuffix(px.up.URL.EscapedPath(), "/"))
	if !ok || !plainPath(rest) {
		return "", false
	}
	if p, err := url.PathUnescape(rest); err != nil || !config.UnderPrefix(p, px.up.Prefix) {
		return "", false
	}
	if abs.RawQuery != "" {
		rest += "?" + abs.RawQuery
	}
	if abs.Fragment != "" {
		rest += "#" + abs.EscapedFragment()
	}
	return rest, true
}

// sameOrigin compares scheme, host and port, the default port spelled or not.
func sameOrigin(a, b *url.URL) bool {
	return strings.EqualFold(a.Scheme, b.Scheme) && strings.EqualFold(a.Hostname(), b.Hostname()) &&
		portOf(a) == portOf(b)
}

func portOf(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	if strings.EqualFold(u.Scheme, "https") {
		return "443"
	}
	return "80"
}

// finalOnly is the ResponseWriter the reverse proxy writes to. httputil.ReverseProxy forwards
// an upstream's 1xx (103 Early Hints) with all its headers, Set-Cookie included, then clears
// the whole header map, the BFF's own headers with it; and echo would take the 1xx for the
// answer's status. The BFF forwards no informational answer: until the final status the proxy
// writes into a header map of its own, merged into the answer's when that status is written.
type finalOnly struct {
	http.ResponseWriter
	h       http.Header
	written bool
}

func newFinalOnly(w http.ResponseWriter) *finalOnly {
	return &finalOnly{ResponseWriter: w, h: http.Header{}}
}

func (w *finalOnly) Header() http.Header {
	if w.written {
		return w.ResponseWriter.Header() // trailers, after the body
	}
	return w.h
}

func (w *finalOnly) WriteHeader(code int) {
	if w.written {
		return
	}
	if code >= 100 && code < 200 && code != http.StatusSwitchingProtocols {
		return // the proxy clears w.h itself once this returns
	}
	out := w.ResponseWriter.Header()
	for k, vv := range w.h {
		out[k] = append(out[k], vv...)
	}
	w.written = true
	w.ResponseWriter.WriteHeader(code)
}

func (w *finalOnly) Write(b []byte) (int, error) {
	if !w.written {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection (flushes, an upgrade's hijack).
func (w *finalOnly) Unwrap() http.ResponseWriter { return w.ResponseWriter }
