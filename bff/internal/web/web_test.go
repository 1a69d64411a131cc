package web_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/web"
)

// The entry page as vite-plugin-qiankun builds it with base "./".
const indexHTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <link rel="icon" href="./favicon.ico" />
    <script type="module" crossorigin src="./assets/index-abc123.js"></script>
    <link rel="modulepreload" crossorigin href='./assets/vendor-def456.js'>
    <link rel="stylesheet" crossorigin href="./assets/index-abc123.css">
  </head>
  <body>
    <div id="root"></div>
    <script>import('./assets/index-abc123.js').finally(() => {});</script>
    <script>const keep = "../assets/other.js";</script>
  </body>
</html>
`

func site(t *testing.T) string {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "assets"), 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		"index.html":             []byte(indexHTML),
		"assets/index-abc123.js": []byte(strings.Repeat("console.log('hello');\n", 200)),
		"assets/tiny.js":         []byte("x"),
		"favicon.ico":            {0, 0, 1, 0},
		".secret":                []byte("do not serve"),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func start(t *testing.T, setups ...apptest.Setup) *apptest.Server {
	dir := site(t)
	return apptest.Start(t, "sqlite", append([]apptest.Setup{func(c *config.Config) {
		c.StaticDir = dir
		c.PortalOrigins = []string{"https://portal.example.com"}
	}}, setups...)...)
}

func get(t *testing.T, s *apptest.Server, path string, header http.Header) apptest.Response {
	t.Helper()
	return s.Do(t, apptest.Request{Path: path, Header: header})
}

func TestRewrite(t *testing.T) {
	got := string(web.Rewrite([]byte(indexHTML), "https://cdn.example.com/console/"))
	for _, want := range []string{
		`href="https://cdn.example.com/console/favicon.ico"`,
		`src="https://cdn.example.com/console/assets/index-abc123.js"`,
		`href='https://cdn.example.com/console/assets/vendor-def456.js'`,
		`href="https://cdn.example.com/console/assets/index-abc123.css"`,
		`import('https://cdn.example.com/console/assets/index-abc123.js')`,
		`"../assets/other.js"`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("rewritten page lacks %s:\n%s", want, got)
		}
	}
	if strings.Contains(got, `"./`) || strings.Contains(got, `'./`) {
		t.Errorf("relative references left:\n%s", got)
	}
}

func TestIndexAndHistoryFallback(t *testing.T) {
	s := start(t)
	host := strings.TrimPrefix(s.URL, "http://")
	for _, path := range []string{"/", "/index.html", "/system/online", "/dashboard?tab=1", "/monomer/login",
		"/.secret", "/assets", "/../../etc/passwd"} {
		r := get(t, s, path, nil)
		if r.Status != 200 || r.Header.Get("Cache-Control") != "no-store" ||
			!strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") ||
			!strings.Contains(string(r.Body), `src="http://`+host+`/assets/index-abc123.js"`) {
			t.Fatalf("%s: %d %v\n%s", path, r.Status, r.Header, r.Body)
		}
	}
	r := s.Do(t, apptest.Request{Method: http.MethodHead, Path: "/system/online"})
	if r.Status != 200 || len(r.Body) != 0 || r.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("HEAD: %d %v", r.Status, r.Header)
	}
	// A Host that is not hostname[:port] cannot go into the page.
	r = get(t, s, "/", http.Header{"Host": {"evil.com/x\"y"}})
	if r.Status != 400 {
		t.Fatalf("bad host: %d %s", r.Status, r.Body)
	}
	// Without a trusted proxy X-Forwarded-* are ignored.
	r = get(t, s, "/", http.Header{"X-Forwarded-Host": {"evil.example.com"}, "X-Forwarded-Proto": {"https"}})
	if !strings.Contains(string(r.Body), "http://"+host+"/assets/") {
		t.Fatalf("forwarded headers believed from a stranger:\n%s", r.Body)
	}
}

func TestIndexBehindTrustedProxy(t *testing.T) {
	s := start(t, func(c *config.Config) { c.TrustedProxy = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")} })
	r := get(t, s, "/orders", http.Header{"X-Forwarded-Host": {"localhost:8443"}, "X-Forwarded-Proto": {"https"}})
	if !strings.Contains(string(r.Body), `src="https://localhost:8443/assets/index-abc123.js"`) {
		t.Fatalf("proxy headers not used:\n%s", r.Body)
	}
}

// TestIndexIgnoresForeignHost: without BFF_PUBLIC_URL, a Host that is not this machine never
// becomes the scripts' origin (a poisoned cache would serve the attacker's code): the page gets
// root-relative addresses instead.
func TestIndexIgnoresForeignHost(t *testing.T) {
	s := start(t, func(c *config.Config) { c.TrustedProxy = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")} })
	for _, h := range []http.Header{
		{"Host": {"evil.example.com"}},
		{"Host": {"evil.example.com:8080"}},
		{"X-Forwarded-Host": {"evil.example.com"}, "X-Forwarded-Proto": {"https"}},
		{"Host": {"127.0.0.1.evil.example.com"}},
		{"Host": {"localhost.evil.com"}},
	} {
		body := string(get(t, s, "/orders", h).Body)
		if strings.Contains(body, "evil") || !strings.Contains(body, `src="/assets/index-abc123.js"`) {
			t.Fatalf("%v:\n%s", h, body)
		}
	}
	for host, want := range map[string]string{"localhost:9000": "http://localhost:9000/", "[::1]:9000": "http://[::1]:9000/",
		"app.localhost": "http://app.localhost/", "127.0.0.2:80": "http://127.0.0.2:80/"} {
		if body := string(get(t, s, "/", http.Header{"Host": {host}}).Body); !strings.Contains(body, `src="`+want+`assets/index-abc123.js"`) {
			t.Fatalf("%s:\n%s", host, body)
		}
	}
}

func TestIndexWithPublicURL(t *testing.T) {
	s := start(t, func(c *config.Config) { c.PublicURL = "https://console.example.com/mall/" })
	r := get(t, s, "/", nil)
	if !strings.Contains(string(r.Body), `import('https://console.example.com/mall/assets/index-abc123.js')`) {
		t.Fatalf("public URL not used:\n%s", r.Body)
	}
}

func TestAssets(t *testing.T) {
	s := start(t)
	want, _ := os.ReadFile(filepath.Join(s.Config.StaticDir, "assets", "index-abc123.js"))
	r := get(t, s, "/assets/index-abc123.js", nil)
	if r.Status != 200 || !bytes.Equal(r.Body, want) || r.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" ||
		!strings.HasPrefix(r.Header.Get("Content-Type"), "text/javascript") {
		t.Fatalf("asset: %d %v", r.Status, r.Header)
	}
	r = get(t, s, "/assets/index-abc123.js", http.Header{"Accept-Encoding": {"gzip, br"}})
	if r.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(strings.Join(r.Header.Values("Vary"), ","), "Accept-Encoding") {
		t.Fatalf("no gzip: %v", r.Header)
	}
	zr, err := gzip.NewReader(bytes.NewReader(r.Body))
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if !bytes.Equal(plain, want) || len(r.Body) >= len(want) {
		t.Fatalf("gzip body wrong (%d bytes for %d)", len(r.Body), len(want))
	}
	if r := get(t, s, "/assets/tiny.js", http.Header{"Accept-Encoding": {"gzip"}}); r.Header.Get("Content-Encoding") != "" || string(r.Body) != "x" {
		t.Fatalf("tiny file: %v %q", r.Header, r.Body)
	}
	r = get(t, s, "/favicon.ico", nil)
	if r.Status != 200 || r.Header.Get("Cache-Control") != "no-cache" || len(r.Body) != 4 {
		t.Fatalf("favicon: %d %v", r.Status, r.Header)
	}
	// A missing chunk is a 404, not the entry page.
	if r := get(t, s, "/assets/gone-123.js", nil); r.Status != 404 {
		t.Fatalf("missing asset: %d", r.Status)
	}
}

func TestAPIStaysAPI(t *testing.T) {
	s := start(t)
	for _, c := range []struct{ method, path string }{
		{"GET", "/api/nothing"}, {"GET", "/api"}, {"POST", "/system/online"}, {"GET", "/api/auth/login"}, {"PUT", "/"},
		{"GET", "/readyz/x"},
	} {
		r := s.Do(t, apptest.Request{Method: c.method, Path: c.path})
		if e := r.Error(t); e.Status != 404 {
			t.Fatalf("%s %s: %+v", c.method, c.path, e)
		}
	}
	for _, p := range []string{"/healthz", "/readyz"} {
		if r := get(t, s, p, nil); r.Status != 200 || string(r.Body) != "{\"status\":\"ok\"}\n" {
			t.Fatalf("%s: %d %q", p, r.Status, r.Body)
		}
	}
	if r := get(t, s, "/background/x", nil); r.Status != 405 {
		t.Fatalf("background without token: %d", r.Status)
	}
}

func TestCORSForThePortal(t *testing.T) {
	s := start(t)
	preflight := func(origin string) apptest.Response {
		return s.Do(t, apptest.Request{Method: http.MethodOptions, Path: "/api/auth/login", Header: http.Header{
			"Origin": {origin}, "Access-Control-Request-Method": {"POST"}, "Access-Control-Request-Headers": {"content-type"}}})
	}
	r := preflight("https://portal.example.com")
	if r.Status != 204 || r.Header.Get("Access-Control-Allow-Origin") != "https://portal.example.com" {
		t.Fatalf("allowed preflight: %d %v", r.Status, r.Header)
	}
	if r := preflight("https://evil.example.com"); r.Status != 403 || r.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Fatalf("foreign preflight: %d %v", r.Status, r.Header)
	}
	for _, path := range []string{"/", "/assets/index-abc123.js", "/api/init/check"} {
		r := get(t, s, path, http.Header{"Origin": {"https://portal.example.com"}})
		if r.Header.Get("Access-Control-Allow-Origin") != "https://portal.example.com" {
			t.Fatalf("%s from the portal: %v", path, r.Header)
		}
		r = get(t, s, path, http.Header{"Origin": {"https://evil.example.com"}})
		if r.Header.Get("Access-Control-Allow-Origin") != "" {
			t.Fatalf("%s from a stranger: %v", path, r.Header)
		}
	}
}

func TestNoStaticDir(t *testing.T) {
	s := apptest.Start(t, "sqlite")
	if e := get(t, s, "/", nil).Error(t); e.Status != 404 {
		t.Fatalf("no static dir: %+v", e)
	}
}
