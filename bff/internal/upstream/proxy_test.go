package upstream_test

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/seed"
)

const secret = "upstream-secret-0123456789-0123456789"

// upstreams parses BFF_UPSTREAMS the way the program does.
func upstreams(t testing.TB, v string) []config.Upstream {
	t.Helper()
	c, err := config.Load(nil, []string{"BFF_UPSTREAMS=" + v, "BFF_UPSTREAM_SECRET=" + secret}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	return c.Upstreams
}

// edge starts a BFF (SQLite, demo data) whose upstreams are given by spec; "%s" in spec is the
// origin's URL.
func edge(t *testing.T, spec string, timeout time.Duration) (*apptest.Server, *origin) {
	t.Helper()
	var o *origin
	var s *apptest.Server
	o = newOrigin(t, secret, func() time.Time { return s.Clock.Now() })
	s = startEdge(t, strings.ReplaceAll(spec, "%s", o.URL), timeout)
	return s, o
}

// startEdge starts a BFF (SQLite, demo data) in front of the upstreams of spec.
func startEdge(t *testing.T, spec string, timeout time.Duration) *apptest.Server {
	t.Helper()
	return apptest.Start(t, "sqlite", func(c *config.Config) {
		c.Upstreams = upstreams(t, spec)
		c.UpstreamSecret = secret
		c.UpstreamTimeout = timeout
	})
}

const legacy = "/api/legacy=%s/base,/api/legacy/orders=%s/base|perm:goods:del,/background=%s/base"

func TestIdentityCarriesEveryClaimAndNoBrowserCredentials(t *testing.T) {
	s, _ := edge(t, legacy, 5*time.Second)
	tok := s.Login(t, seed.StaffUser, apptest.DemoPassword)
	var info struct {
		User struct {
			ID   int64 `json:"id"`
			Dept struct {
				ID int64 `json:"id"`
			} `json:"dept"`
		} `json:"user"`
		Roles []string `json:"roles"`
	}
	s.Get(t, "/api/auth/info", tok).JSON(t, &info)

	r := s.Do(t, apptest.Request{Path: "/api/legacy/echo?a=1&b=%E5%95%86", Token: tok, Header: http.Header{
		"Cookie":          {"JSESSIONID=browser; other=1"},
		"X-Forwarded-For": {"6.6.6.6"},
		"Connection":      {"X-Browser-Hop"},
		"X-Browser-Hop":   {"must not pass"},
		"X-Request-Id":    {"req-abc.123"},
	}})
	if r.Status != http.StatusOK {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
	var got seen
	r.JSON(t, &got)
	c := got.Claims
	now := s.Clock.Now().Unix()
	if c["sub"] != strconv.FormatInt(info.User.ID, 10) || c["username"] != seed.StaffUser || c["kind"] != "staff" ||
		c["aud"] != "/api/legacy" || c["dept"] != float64(info.User.Dept.ID) || info.User.Dept.ID == 0 {
		t.Fatalf("claims = %v (user %d dept %d)", c, info.User.ID, info.User.Dept.ID)
	}
	if sid, _ := c["sid"].(string); sid == "" || strings.Contains(tok, sid) {
		t.Fatalf("sid = %q", c["sid"])
	}
	if c["iat"] != float64(now) || c["exp"].(float64)-c["iat"].(float64) > 60 || c["exp"].(float64) <= float64(now) {
		t.Fatalf("iat %v exp %v now %d", c["iat"], c["exp"], now)
	}
	roles, _ := json.Marshal(c["roles"])
	want, _ := json.Marshal(info.Roles)
	if string(roles) != string(want) || len(info.Roles) == 0 {
		t.Fatalf("roles = %s, want %s", roles, want)
	}
	if got.Path != "/base/api/legacy/echo" || got.Query != "a=1&b=%E5%95%86" || got.Method != http.MethodGet {
		t.Fatalf("path %q query %q", got.Path, got.Query)
	}
	h := got.Headers
	if got.Cookie != "" || strings.Contains(h["Authorization"], strings.TrimPrefix(tok, "Bearer ")) ||
		!strings.HasPrefix(h["Authorization"], "Bearer ") || h["X-Browser-Hop"] != "" {
		t.Fatalf("browser credentials or hop-by-hop headers reached the upstream: %v", h)
	}
	host := strings.TrimPrefix(s.URL, "http://")
	if h["X-Request-Id"] != "req-abc.123" || r.Header.Get("X-Request-Id") != "req-abc.123" ||
		h["X-Forwarded-For"] != "127.0.0.1" || h["X-Forwarded-Proto"] != "http" || h["X-Forwarded-Host"] != host {
		t.Fatalf("forwarding headers = %v", h)
	}
	if r.Header.Get("Set-Cookie") != "" || r.Header.Get("X-Hop") != "" || r.Header.Get("Keep-Alive") != "" {
		t.Fatalf("upstream cookies or hop-by-hop headers reached the browser: %v", r.Header)
	}

	// The superuser's roles are ["admin"]; a channel operator's kind is channel.
	admin := s.Login(t, "admin", apptest.AdminPassword)
	s.Get(t, "/api/legacy/echo", admin).JSON(t, &got)
	if r, _ := json.Marshal(got.Claims["roles"]); string(r) != `["admin"]` || got.Claims["username"] != "admin" {
		t.Fatalf("admin claims = %v", got.Claims)
	}
	ch := s.ChannelLogin(t, seed.ChannelUser, apptest.DemoPassword)
	r = s.Get(t, "/background/xf/echo-not-there", ch)
	s.Get(t, "/api/legacy/echo", ch).JSON(t, &got)
	if got.Claims["kind"] != "channel" || got.Claims["username"] != seed.ChannelUser {
		t.Fatalf("channel claims = %v", got.Claims)
	}
	if r.Status != http.StatusOK {
		t.Fatalf("channel path: %d %s", r.Status, r.Body)
	}
	// A POST body reaches the upstream with its method.
	r = s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/legacy/echo", Token: tok, JSON: map[string]int{"a": 1}})
	r.JSON(t, &got)
	if got.Method != http.MethodPost || got.Headers["Content-Type"] != "application/json" {
		t.Fatalf("POST: %+v", got)
	}
}

func TestSessionCheckedBeforeTheUpstreamIsCalled(t *testing.T) {
	s, o := edge(t, legacy, 5*time.Second)
	staff := s.Login(t, seed.StaffUser, apptest.DemoPassword)
	ch := s.ChannelLogin(t, seed.ChannelUser, apptest.DemoPassword)
	if s.Do(t, apptest.Request{Method: http.MethodDelete, Path: "/api/auth/logout", Token: ch}).Status != http.StatusOK {
		t.Fatal("channel logout")
	}
	for _, tc := range []struct {
		path, token string
		status      int
	}{
		{"/api/legacy/echo", "", http.StatusUnauthorized},
		{"/api/legacy", "Bearer not-a-token", http.StatusUnauthorized},
		{"/api/legacy/echo", ch, http.StatusMethodNotAllowed}, // a channel session, ended
		{"/background/xf/order/list", "", http.StatusMethodNotAllowed},
		{"/background", "Bearer nope", http.StatusMethodNotAllowed},
		{"/api/legacy/orders", staff, http.StatusForbidden}, // the prefix's permission
		{"/api/legacy/orders/7", staff, http.StatusForbidden},
	} {
		r := s.Get(t, tc.path, tc.token)
		if r.Status != tc.status {
			t.Errorf("%s: %d %s, want %d", tc.path, r.Status, r.Body, tc.status)
		}
		r.Error(t)
	}
	if n := o.calls.Load(); n != 0 {
		t.Fatalf("the upstream was called %d times for refused requests", n)
	}
	// The same session passes where its permission allows, and the admin holds goods:del (staff does not).
	if r := s.Get(t, "/api/legacy/echo", staff); r.Status != http.StatusOK {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
	admin := s.Login(t, "admin", apptest.AdminPassword)
	if r := s.Get(t, "/api/legacy/orders", admin); r.Status != http.StatusOK || !strings.Contains(string(r.Body), "totalElements") {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
	// Staff sessions expire like any other: 401 and no call.
	before := o.calls.Load()
	s.Clock.Advance(9 * time.Hour)
	if r := s.Get(t, "/api/legacy/echo", staff); r.Status != http.StatusUnauthorized || o.calls.Load() != before {
		t.Fatalf("expired: %d, calls %d→%d", r.Status, before, o.calls.Load())
	}
}

func TestOwnRoutesWin(t *testing.T) {
	s, o := edge(t, "/background=%s/base,/api/menus=%s/base", 5*time.Second)
	// The channel sign-in stays the BFF's under a /background upstream, and so does the menu.
	ch := s.ChannelLogin(t, seed.ChannelUser, apptest.DemoPassword)
	admin := s.Login(t, "admin", apptest.AdminPassword)
	if r := s.Get(t, "/api/menus/build", admin); r.Status != http.StatusOK || !strings.Contains(string(r.Body), "Layout") {
		t.Fatalf("menus/build: %d %s", r.Status, r.Body)
	}
	if o.calls.Load() != 0 {
		t.Fatalf("own routes reached the upstream (%d calls)", o.calls.Load())
	}
	// What the BFF does not answer goes up.
	if r := s.Get(t, "/api/menus/other", admin); r.Status != http.StatusOK || o.calls.Load() != 1 {
		t.Fatalf("menus/other: %d %s, calls %d", r.Status, r.Body, o.calls.Load())
	}
	if r := s.Get(t, "/background/xf/x", ch); r.Status != http.StatusOK || o.calls.Load() != 2 {
		t.Fatalf("background: %d, calls %d", r.Status, o.calls.Load())
	}
}

func TestUpstreamFailuresAreTheBFFsAnswers(t *testing.T) {
	s, _ := edge(t, legacy, time.Second)
	tok := s.Login(t, seed.StaffUser, apptest.DemoPassword)
	for _, tc := range []struct {
		path   string
		status int
		msg    string
	}{
		{"/api/legacy/boom", 500, "上游服务出错"},
		{"/api/legacy/bad", 400, "商品名称不能为空"},
		{"/api/legacy/forbidden", 403, "不允许访问该订单"},
		{"/api/legacy/unauthorized", 403, "没有权限"},
		{"/api/legacy/malformed", 400, "上游服务拒绝了请求（400）"},
		{"/api/legacy/slow", 504, "上游服务超时"},
	} {
		start := time.Now()
		r := s.Get(t, tc.path, tok)
		e := r.Error(t)
		if r.Status != tc.status || e.Message != tc.msg {
			t.Errorf("%s: %d %q, want %d %q", tc.path, r.Status, e.Message, tc.status, tc.msg)
		}
		for _, leak := range []string{"NullPointer", "10.0.0.7", "jdbc", "unterminated", "origin:"} {
			if strings.Contains(string(r.Body), leak) {
				t.Errorf("%s leaked %q: %s", tc.path, leak, r.Body)
			}
		}
		if tc.status == 504 && time.Since(start) > 4*time.Second {
			t.Errorf("the timeout took %s", time.Since(start))
		}
	}
	// An upstream 401 leaves the BFF session alone.
	if r := s.Get(t, "/api/auth/info", tok); r.Status != http.StatusOK {
		t.Fatalf("session ended by the upstream's 401: %d", r.Status)
	}
	// A malformed success passes as it is: the BFF does not parse answers it only relays.
	if r := s.Get(t, "/api/legacy/malformed-ok", tok); r.Status != 200 || string(r.Body) != `{"content":[` {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
	// Slow in total but never idle: 6 bytes 300 ms apart pass a 1 s timeout.
	if r := s.Get(t, "/api/legacy/trickle?every=300ms&n=6", tok); r.Status != 200 || string(r.Body) != "xxxxxx" {
		t.Fatalf("trickle: %d %q", r.Status, r.Body)
	}
	// A body that stops half-way is cut after the timeout: the browser sees a broken download,
	// not a hang.
	req, _ := http.NewRequest(http.MethodGet, s.URL+"/api/legacy/stall", nil)
	req.Header.Set("Authorization", tok)
	start := time.Now()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	n, err := io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if err == nil || n != 1000 || time.Since(start) > 4*time.Second {
		t.Fatalf("stalled body: %d bytes, err %v, after %s", n, err, time.Since(start))
	}
}

func TestUpstreamDownIs502ThenTheBreakerAnswers503(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "http://" + ln.Addr().String()
	ln.Close() // nothing listens there now: connection refused
	s, _ := edge(t, "/api/dead="+dead+",/api/legacy=%s/base", 5*time.Second)
	tok := s.Login(t, seed.StaffUser, apptest.DemoPassword)
	for i := range 5 {
		r := s.Get(t, "/api/dead/x", tok)
		if e := r.Error(t); r.Status != http.StatusBadGateway || e.Message != "上游服务不可用" || strings.Contains(string(r.Body), "127.0.0.1") {
			t.Fatalf("call %d: %d %s", i, r.Status, r.Body)
		}
	}
	start := time.Now()
	r := s.Get(t, "/api/dead/x", tok)
	if e := r.Error(t); r.Status != http.StatusServiceUnavailable || e.Message != "上游服务暂不可用，请稍后再试" || time.Since(start) > time.Second {
		t.Fatalf("after 5 failures: %d %s in %s", r.Status, r.Body, time.Since(start))
	}
	// One upstream's breaker leaves the others alone.
	if r := s.Get(t, "/api/legacy/echo", tok); r.Status != http.StatusOK {
		t.Fatalf("other upstream: %d", r.Status)
	}
}

func TestMetricsCountEveryCall(t *testing.T) {
	s, _ := edge(t, legacy, 5*time.Second)
	staff := s.Login(t, seed.StaffUser, apptest.DemoPassword)
	admin := s.Login(t, "admin", apptest.AdminPassword)
	s.Get(t, "/api/legacy/echo", staff)
	s.Get(t, "/api/legacy/echo", staff)
	s.Get(t, "/api/legacy/bad", staff)
	if n := s.App.Upstreams.Stats().Count("/api/legacy", 200); n != 2 {
		t.Fatalf("count = %d", n)
	}
	r := s.Get(t, "/api/upstreams/metrics", admin)
	body := string(r.Body)
	if r.Status != 200 || !strings.Contains(body, `bff_upstream_requests_total{prefix="/api/legacy",status="200"} 2`) ||
		!strings.Contains(body, `bff_upstream_requests_total{prefix="/api/legacy",status="400"} 1`) {
		t.Fatalf("%d %s", r.Status, body)
	}
	if r := s.Get(t, "/api/upstreams/metrics", staff); r.Status != http.StatusForbidden {
		t.Fatalf("staff read the metrics: %d", r.Status)
	}
}
