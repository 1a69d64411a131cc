// Package web serves the built front end: files as they are, index.html for every other page
// path (history-mode routing), with the entry's relative asset addresses made absolute so that a
// host portal on another origin loads every chunk from here.
package web

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/httpx"
)

// Options configure the static site.
type Options struct {
	Dir       string         // the front end's build output, with index.html
	PublicURL string         // absolute base for asset addresses; empty: the request's own
	Proxies   *httpx.Proxies // whom to believe about scheme and host
	Policy    Policy         // the page's Content-Security-Policy
}

// Site serves the front end.
type Site struct {
	opt  Options
	root *os.Root

	mu       sync.Mutex
	index    []byte
	indexMod time.Time
	gz       map[string]gzEntry
	gzBytes  int
}

type gzEntry struct {
	mod  time.Time
	size int64
	data []byte
}

// Bounds of the in-memory gzip cache.
const (
	maxGzipFile  = 8 << 20
	maxGzipCache = 64 << 20
	minGzipSize  = 1024
)

// New opens the directory; it fails when there is no index.html.
func New(opt Options) (*Site, error) {
	root, err := os.OpenRoot(opt.Dir)
	if err != nil {
		return nil, fmt.Errorf("opening the static directory: %w", err)
	}
	s := &Site{opt: opt, root: root, gz: map[string]gzEntry{}}
	if _, err := s.loadIndex(); err != nil {
		root.Close()
		return nil, err
	}
	return s, nil
}

// Close releases the directory.
func (s *Site) Close() error { return s.root.Close() }

// Routes makes the site answer every request no API route matched.
func (s *Site) Routes(e *echo.Echo) {
	e.RouteNotFound("/*", s.serve)
}

// isAPI tells whether a path belongs to the API, where unknown routes are 404s, never pages.
func isAPI(p string) bool {
	for _, prefix := range []string{"/api", "/background", "/healthz", "/readyz"} {
		if p == prefix || strings.HasPrefix(p, prefix+"/") {
			return true
		}
	}
	return false
}

func (s *Site) serve(c echo.Context) error {
	req := c.Request()
	if (req.Method != http.MethodGet && req.Method != http.MethodHead) || isAPI(req.URL.Path) {
		return echo.ErrNotFound
	}
	name := strings.TrimPrefix(path.Clean("/"+req.URL.Path), "/")
	if name == "" || name == "index.html" {
		return s.serveIndex(c)
	}
	hidden := false
	for _, part := range strings.Split(name, "/") {
		hidden = hidden || strings.HasPrefix(part, ".")
	}
	f, st, err := s.open(name)
	if err == nil && !hidden && st.Mode().IsRegular() {
		defer f.Close()
		return s.serveFile(c, name, f, st)
	}
	if f != nil {
		f.Close()
	}
	if strings.HasPrefix(name, "assets/") {
		// A missing chunk is a 404: index.html in its place would only fail as a module script.
		return echo.ErrNotFound
	}
	return s.serveIndex(c)
}

func (s *Site) open(name string) (*os.File, fs.FileInfo, error) {
	f, err := s.root.Open(filepath.FromSlash(name))
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, st, nil
}

func compressible(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".html", ".js", ".mjs", ".css", ".json", ".svg", ".txt", ".map", ".xml", ".wasm":
		return true
	}
	return false
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get(echo.HeaderAcceptEncoding), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(enc), "gzip") && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}

func (s *Site) serveFile(c echo.Context, name string, f *os.File, st fs.FileInfo) error {
	h := c.Response().Header()
	if strings.HasPrefix(name, "assets/") {
		// Vite puts a content hash into every asset name: a changed file has a new name.
		h.Set(echo.HeaderCacheControl, "public, max-age=31536000, immutable")
	} else {
		h.Set(echo.HeaderCacheControl, "no-cache")
	}
	h.Set("X-Content-Type-Options", "nosniff")
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		ctype = echo.MIMEOctetStream
	}
	h.Set(echo.HeaderContentType, ctype)
	var content io.ReadSeeker = f
	if compressible(name) && st.Size() >= minGzipSize && st.Size() <= maxGzipFile {
		h.Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
		if acceptsGzip(c.Request()) {
			data, err := s.gzipped(name, f, st)
			if err != nil {
				return err
			}
			h.Set(echo.HeaderContentEncoding, "gzip")
			content = bytes.NewReader(data)
		}
	}
	http.ServeContent(c.Response(), c.Request(), name, st.ModTime(), content)
	return nil
}

// gzipped returns the file compressed, from the cache while the file is unchanged.
func (s *Site) gzipped(name string, f io.Reader, st fs.FileInfo) ([]byte, error) {
	s.mu.Lock()
	e, ok := s.gz[name]
	s.mu.Unlock()
	if ok && e.mod.Equal(st.ModTime()) && e.size == st.Size() {
		return e.data, nil
	}
	raw, err := io.ReadAll(f)
	if err != nil {
		return nil, err
	}
	data := gzipBytes(raw)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.gzBytes+len(data) > maxGzipCache {
		clear(s.gz)
		s.gzBytes = 0
	}
	s.gzBytes += len(data) - len(s.gz[name].data)
	s.gz[name] = gzEntry{mod: st.ModTime(), size: st.Size(), data: data}
	return data, nil
}

func gzipBytes(raw []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // the level is valid: no error
	// Writes to a bytes.Buffer cannot fail.
	_, _ = zw.Write(raw)
	_ = zw.Close()
	return buf.Bytes()
}

// loadIndex returns index.html, read again when the file changed (a new build in place).
func (s *Site) loadIndex() ([]byte, error) {
	st, err := s.root.Stat("index.html")
	if err != nil {
		return nil, fmt.Errorf("the static directory has no index.html: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.index != nil && st.ModTime().Equal(s.indexMod) {
		return s.index, nil
	}
	b, err := s.root.ReadFile("index.html")
	if err != nil {
		return nil, err
	}
	s.index, s.indexMod = b, st.ModTime()
	return b, nil
}

func (s *Site) serveIndex(c echo.Context) error {
	req := c.Request()
	base := s.opt.PublicURL
	if base == "" {
		host := s.opt.Proxies.Host(req)
		if host == "" {
			return httpx.BadRequest("Host", "格式错误")
		}
		// Any client names the Host: a page whose scripts load from the named host would run
		// someone else's code wherever the answer is kept (a shared cache, a poisoned proxy). Only
		// a loopback host (development, a portal on the same machine) is written into the page;
		// elsewhere the addresses are root-relative and a portal on another origin needs
		// BFF_PUBLIC_URL.
		base = "/"
		if loopbackHost(host) {
			base = s.opt.Proxies.Scheme(req) + "://" + host + "/"
		}
	}
	raw, err := s.loadIndex()
	if err != nil {
		return err
	}
	body := Rewrite(raw, base)
	h := c.Response().Header()
	h.Set(echo.HeaderContentSecurityPolicy, s.opt.Policy.header(body))
	h.Set(echo.HeaderCacheControl, "no-store")
	h.Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
	h.Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
	if len(body) >= minGzipSize && acceptsGzip(req) {
		h.Set(echo.HeaderContentEncoding, "gzip")
		body = gzipBytes(body)
	}
	if req.Method == http.MethodHead {
		h.Set(echo.HeaderContentLength, fmt.Sprint(len(body)))
		return c.NoContent(http.StatusOK)
	}
	return c.Blob(http.StatusOK, echo.MIMETextHTMLCharsetUTF8, body)
}

// loopbackHost tells whether host[:port] names this machine: localhost (or a name under
// .localhost) or a loopback address.
func loopbackHost(host string) bool {
	h := host
	if sh, _, err := net.SplitHostPort(host); err == nil {
		h = sh
	}
	h = strings.ToLower(strings.TrimSuffix(strings.Trim(h, "[]"), "."))
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	a, err := netip.ParseAddr(h)
	return err == nil && a.Unmap().IsLoopback()
}

// Patterns of relative addresses in the entry page: "./assets/…" anywhere (attributes, import()
// calls, url()) and src/href attributes starting with "./" (favicon and the like).
var (
	assetRef = regexp.MustCompile(`(^|[^\w./])\./assets/`)
	attrRef  = regexp.MustCompile(`((?:src|href)\s*=\s*["'])\./`)
)

// Rewrite makes the page's relative asset addresses absolute under base (which ends with "/").
func Rewrite(page []byte, base string) []byte {
	out := assetRef.ReplaceAllFunc(page, func(m []byte) []byte {
		lead := m[:len(m)-len("./assets/")]
		return append(append([]byte{}, lead...), base+"assets/"...)
	})
	return attrRef.ReplaceAllFunc(out, func(m []byte) []byte {
		return append(append([]byte{}, m[:len(m)-2]...), base...)
	})
}
