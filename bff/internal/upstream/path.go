package upstream

import (
	"net/http"
	"net/url"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/httpx"
)

// msgBadPath answers a proxied path an upstream could read differently from the BFF.
const msgBadPath = "请求路径不合法"

// Guard refuses with 400, before the session, the prefix's permission or the proxy see it, a
// request under a proxied prefix whose path is not plain (see plainPath). The BFF judges the
// path as it was sent while the upstream (Tomcat, Spring, nginx) may resolve dot segments,
// strip `;` parameters, merge slashes or decode twice: `/api/legacy/../users` would be checked
// as /api/legacy and served as /api/users. Install it with echo's Use, ahead of every route's
// own middleware.
func (s *Service) Guard() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		if len(s.proxies) == 0 {
			return next
		}
		return func(c echo.Context) error {
			raw := rawPath(c.Request())
			if s.mayProxy(raw, c.Request().URL.Path) && !plainPath(raw) {
				return &httpx.Error{Status: http.StatusBadRequest, Message: msgBadPath}
			}
			return next(c)
		}
	}
}

// mayProxy tells whether any reading of the path lies under a prefix: as sent, decoded (echo
// routes on either) or resolved, as an upstream might.
func (s *Service) mayProxy(raw, decoded string) bool {
	for _, p := range []string{raw, decoded, path.Clean("/" + decoded)} {
		if s.match(p) != nil {
			return true
		}
	}
	return false
}

// rawPath is the path exactly as the client sent it: net/http keeps the request line in
// RequestURI, while URL.Path is decoded and echo may route on either.
func rawPath(r *http.Request) string {
	uri := r.RequestURI
	if uri == "" { // a request made in process, not read from a connection
		return r.URL.EscapedPath()
	}
	if !strings.HasPrefix(uri, "/") { // absolute form: http://host/path?query
		if _, rest, ok := strings.Cut(uri, "://"); ok {
			if i := strings.IndexByte(rest, '/'); i >= 0 {
				uri = rest[i:]
			} else {
				uri = "/"
			}
		}
	}
	p, _, _ := strings.Cut(uri, "?")
	return p
}

// plainPath tells whether raw is a path every server reads the same way: no `.` or `..`
// segment, spelled or percent-encoded in any mix; no empty segment but a trailing one (`//`,
// which some servers merge); no `;` path parameters; no encoded `/`; no backslash, control
// character or NUL; no `%` once decoded (double encoding such as `%252e`) and only UTF-8 (so no
// overlong `%c0%ae`).
func plainPath(raw string) bool {
	if !strings.HasPrefix(raw, "/") {
		return false
	}
	segs := strings.Split(raw[1:], "/")
	for i, seg := range segs {
		if seg == "" && i < len(segs)-1 {
			return false
		}
		dec, err := url.PathUnescape(seg)
		if err != nil || dec == "." || dec == ".." || !utf8.ValidString(dec) ||
			strings.ContainsAny(dec, "/\\;%") || strings.ContainsFunc(dec, isControl) {
			return false
		}
	}
	return true
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) }
