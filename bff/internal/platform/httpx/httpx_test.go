package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/logx"
)

func fixedNow() time.Time { return time.UnixMilli(1_763_759_999_000) }

// server is an echo with the shared error handler and middleware, as the app builds it.
func server(t *testing.T, routes func(e *echo.Echo)) *httptest.Server {
	e := echo.New()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	e.HTTPErrorHandler = ErrorHandler(log, fixedNow)
	e.Use(RequestID(), RequestLog(log), Recover(log), CORS([]string{"https://portal.example.com"}, fixedNow), BodyLimit(64))
	routes(e)
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	return srv
}

func envelope(t *testing.T, res *http.Response) Envelope {
	t.Helper()
	defer res.Body.Close()
	var env Envelope
	if err := json.NewDecoder(res.Body).Decode(&env); err != nil {
		t.Fatalf("not an envelope: %v", err)
	}
	if env.Status != res.StatusCode || env.Timestamp != fixedNow().UnixMilli() {
		t.Fatalf("envelope %+v for HTTP %d", env, res.StatusCode)
	}
	return env
}

func TestErrorEnvelope(t *testing.T) {
	srv := server(t, func(e *echo.Echo) {
		e.GET("/bad", func(echo.Context) error { return BadRequest("name", ReasonRequired) })
		e.GET("/internal", func(echo.Context) error { return errors.New("dial tcp 10.0.0.7:3306: secret detail") })
		e.GET("/panic", func(echo.Context) error { panic("secret panic detail") })
		e.POST("/form", func(c echo.Context) error {
			_, err := Form(c)
			return err
		})
	})
	cases := []struct {
		method, path string
		body         string
		status       int
		msg, code    string
	}{
		{"GET", "/bad", "", 400, "name: 不能为空", CodeValidation},
		{"GET", "/internal", "", 500, "服务器内部错误", CodeInternal},
		{"GET", "/panic", "", 500, "服务器内部错误", CodeInternal},
		{"GET", "/nothing", "", 404, "接口不存在", CodeNotFound},
		{"DELETE", "/bad", "", 404, "接口不存在", CodeNotFound}, // never 405: that status means "channel operator signed out"
		{"POST", "/form", strings.Repeat("a=b&", 40), 413, "请求体过大", CodeTooLarge},
		{"POST", "/form", "%zz", 400, "body: 格式错误", CodeBadRequest},
	}
	for _, c := range cases {
		req, _ := http.NewRequest(c.method, srv.URL+c.path, strings.NewReader(c.body))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if res.Header.Get(echo.HeaderXRequestID) == "" {
			t.Errorf("%s %s: no request id", c.method, c.path)
		}
		env := envelope(t, res)
		if env.Status != c.status || env.Message != c.msg || env.Code != c.code {
			t.Errorf("%s %s = %+v, want %d %s", c.method, c.path, env, c.status, c.msg)
		}
	}
}

func TestFormAcceptsFormAndJSON(t *testing.T) {
	srv := server(t, func(e *echo.Echo) {
		e.POST("/form", func(c echo.Context) error {
			v, err := Form(c)
			if err != nil {
				return err
			}
			f := Fields{Values: v}
			name := f.Required("name", 5)
			if f.Err != nil {
				return f.Err
			}
			return c.String(http.StatusOK, name)
		})
	})
	post := func(ctype, body string) (int, string) {
		res, err := http.Post(srv.URL+"/form", ctype, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	if s, b := post("application/x-www-form-urlencoded", "name=+ann+"); s != 200 || b != "ann" {
		t.Errorf("form: %d %s", s, b)
	}
	if s, b := post("application/json", `{"name":"bob"}`); s != 200 || b != "bob" {
		t.Errorf("json: %d %s", s, b)
	}
	for body, msg := range map[string]string{
		`{"name":""}`:        "name: 不能为空",
		`{"name":"toolong"}`: "name: 太长（最多5个字符）",
		`{"name":{"x":1}}`:   "name: 必须是文本或数字",
		`[1,2]`:              "body: 不是有效的JSON对象",
		`{`:                  "body: 不是有效的JSON对象",
	} {
		s, b := post("application/json", body)
		if s != 400 || !strings.Contains(b, msg) {
			t.Errorf("%s: %d %s, want 400 %s", body, s, b, msg)
		}
	}
}

func TestCORS(t *testing.T) {
	srv := server(t, func(e *echo.Echo) {
		e.GET("/x", func(c echo.Context) error { return c.String(http.StatusOK, "ok") })
	})
	do := func(method, origin string) *http.Response {
		req, _ := http.NewRequest(method, srv.URL+"/x", nil)
		req.Header.Set("Origin", origin)
		if method == http.MethodOptions {
			req.Header.Set("Access-Control-Request-Method", "GET")
			req.Header.Set("Access-Control-Request-Headers", "authorization")
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res
	}
	res := do(http.MethodOptions, "https://portal.example.com")
	if res.StatusCode != 204 || res.Header.Get("Access-Control-Allow-Origin") != "https://portal.example.com" ||
		!strings.Contains(res.Header.Get("Access-Control-Allow-Headers"), "authorization") ||
		!strings.Contains(res.Header.Get("Access-Control-Allow-Methods"), "DELETE") {
		t.Errorf("allowed preflight: %d %v", res.StatusCode, res.Header)
	}
	if res := do(http.MethodOptions, "https://evil.example.com"); res.StatusCode != 403 || res.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("foreign preflight: %d %v", res.StatusCode, res.Header)
	}
	res = do(http.MethodGet, "https://portal.example.com")
	if res.Header.Get("Access-Control-Allow-Origin") != "https://portal.example.com" ||
		res.Header.Get("Access-Control-Expose-Headers") != "Content-Disposition" || res.Header.Get("Vary") != "Origin" {
		t.Errorf("allowed GET: %v", res.Header)
	}
	if res := do(http.MethodGet, "https://evil.example.com"); res.StatusCode != 200 || res.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("foreign GET: %d %v", res.StatusCode, res.Header)
	}
}

func TestParsePage(t *testing.T) {
	e := echo.New()
	parse := func(q string) (Page, error) {
		req := httptest.NewRequest(http.MethodGet, "/?"+q, nil)
		return ParsePage(e.NewContext(req, httptest.NewRecorder()))
	}
	for q, want := range map[string]Page{
		"":                      {0, 10},
		"page=2&size=20":        {2, 20},
		"pageNow=1&pageSize=15": {0, 15},
		"pageNow=3&pagesize=30": {2, 30},
		"page=0&size=9999":      {0, 9999},
	} {
		if got, err := parse(q); err != nil || got != want {
			t.Errorf("%q = %+v %v, want %+v", q, got, err, want)
		}
	}
	for q, field := range map[string]string{"page=-1": "page", "size=0": "size", "size=abc": "size",
		"pageNow=0": "pageNow", "pageSize=100000": "pageSize"} {
		_, err := parse(q)
		var he *Error
		if !errors.As(err, &he) || he.Status != 400 || !strings.HasPrefix(he.Message, field+": ") {
			t.Errorf("%q: %v, want 400 naming %s", q, err, field)
		}
	}
	l := Slice([]int{1, 2, 3, 4, 5}, Page{Index: 1, Size: 2})
	if l.TotalElements != 5 || len(l.Content) != 2 || l.Content[0] != 3 {
		t.Errorf("slice = %+v", l)
	}
	if l := Slice([]int{1}, Page{Index: 3, Size: 2}); l.Content == nil || len(l.Content) != 0 {
		t.Errorf("page past the end = %+v", l)
	}
}

func TestProxies(t *testing.T) {
	p := NewProxies([]netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")})
	req := func(remote, xff, proto, host string) *http.Request {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = remote
		r.Host = "bff.internal:8000"
		if xff != "" {
			r.Header.Set("X-Forwarded-For", xff)
		}
		if proto != "" {
			r.Header.Set("X-Forwarded-Proto", proto)
		}
		if host != "" {
			r.Header.Set("X-Forwarded-Host", host)
		}
		return r
	}
	// From a trusted proxy the forwarded headers count, skipping trusted hops.
	r := req("10.1.1.1:5555", "203.0.113.9, 10.2.2.2", "https", "shop.example.com")
	if ip, s, h := p.ClientIP(r), p.Scheme(r), p.Host(r); ip != "203.0.113.9" || s != "https" || h != "shop.example.com" {
		t.Errorf("trusted: %s %s %s", ip, s, h)
	}
	// From anybody else they are ignored.
	r = req("198.51.100.7:5555", "203.0.113.9", "https", "evil.example.com")
	if ip, s, h := p.ClientIP(r), p.Scheme(r), p.Host(r); ip != "198.51.100.7" || s != "http" || h != "bff.internal:8000" {
		t.Errorf("untrusted: %s %s %s", ip, s, h)
	}
	// A spoofed left part does not win over the right-most untrusted address.
	r = req("10.1.1.1:5555", "1.1.1.1, 203.0.113.9", "", "")
	if ip := p.ClientIP(r); ip != "203.0.113.9" {
		t.Errorf("spoofed chain gave %s", ip)
	}
	// A Host that is not hostname[:port] is refused.
	for _, bad := range []string{"evil.com/path", "a b", "x\"y", "host:port"} {
		r := req("198.51.100.7:1", "", "", "")
		r.Host = bad
		if h := p.Host(r); h != "" {
			t.Errorf("host %q accepted as %q", bad, h)
		}
	}
	none := NewProxies(nil)
	if ip := none.ClientIP(req("[::1]:80", "1.2.3.4", "", "")); ip != "::1" {
		t.Errorf("no proxies: %s", ip)
	}
}

// A hop a trusted proxy wrote as ip:port is that address; a hop that is no address at all
// leaves the client unknown. Either way the client never takes the address of a trusted proxy
// (loopback behind a same-host proxy), which would make it look like the server itself.
func TestProxiesMalformedHops(t *testing.T) {
	p := NewProxies([]netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("10.0.0.0/8")})
	for _, c := range []struct{ remote, xff, want string }{
		{"127.0.0.1:5555", "203.0.113.9:4711", "203.0.113.9"},
		{"127.0.0.1:5555", "[2001:db8::1]:4711", "2001:db8::1"},
		{"127.0.0.1:5555", "1.1.1.1, 203.0.113.9:4711", "203.0.113.9"},
		{"127.0.0.1:5555", "203.0.113.9, 10.2.2.2:80", "203.0.113.9"},
		{"127.0.0.1:5555", "garbage", UnknownClient},
		{"127.0.0.1:5555", "203.0.113.9, ", UnknownClient},
		{"127.0.0.1:5555", "garbage, 10.2.2.2", UnknownClient},
		{"127.0.0.1:5555", "127.0.0.1:1:2", UnknownClient},
		{"198.51.100.7:5555", "garbage", "198.51.100.7"}, // not from a proxy: the header is ignored
	} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = c.remote
		r.Header.Set("X-Forwarded-For", c.xff)
		if got := p.ClientIP(r); got != c.want {
			t.Errorf("from %s with X-Forwarded-For %q: client %q, want %q", c.remote, c.xff, got, c.want)
		}
	}
}

func TestParseSortTiesFollowTheLastField(t *testing.T) {
	e := echo.New()
	allowed := map[string]string{"price": "price", "createTime": "create_time"}
	for q, want := range map[string]string{
		"sort=price,asc":                      "price ASC, id ASC",
		"sort=price,desc":                     "price DESC, id DESC",
		"sort=price":                          "price ASC, id ASC",
		"sort=price,desc&sort=createTime,asc": "price DESC, create_time ASC, id ASC",
		"":                                    "create_time DESC",
	} {
		c := e.NewContext(httptest.NewRequest(http.MethodGet, "/?"+q, nil), httptest.NewRecorder())
		if got, err := ParseSort(c, allowed, "create_time DESC"); err != nil || got != want {
			t.Errorf("%q = %q %v, want %q", q, got, err, want)
		}
	}
}

// A line a handler logs with the request's context names the request: the id the client sent,
// or the one made for it and sent back.
func TestHandlerLogLinesCarryTheRequestID(t *testing.T) {
	var buf bytes.Buffer
	log, err := logx.New(&buf, logx.JSON, slog.LevelInfo)
	if err != nil {
		t.Fatal(err)
	}
	e := echo.New()
	e.Use(RequestID(), RequestLog(log))
	e.GET("/x", func(c echo.Context) error {
		log.InfoContext(c.Request().Context(), "inside the handler")
		return c.NoContent(http.StatusNoContent)
	})
	srv := httptest.NewServer(e)
	defer srv.Close()

	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/x", nil)
	req.Header.Set(echo.HeaderXRequestID, "client-id-1")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	res, err = http.Get(srv.URL + "/x")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	made := res.Header.Get(echo.HeaderXRequestID)

	var ids []string
	for _, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("not a JSON line: %q", l)
		}
		if m["msg"] == "inside the handler" {
			id, _ := m["request_id"].(string)
			ids = append(ids, id)
		}
	}
	if len(ids) != 2 || ids[0] != "client-id-1" || made == "" || ids[1] != made {
		t.Fatalf("ids %q, made %q; log:\n%s", ids, made, buf.String())
	}
}
