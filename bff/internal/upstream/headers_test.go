package upstream_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httptrace"
	"net/textproto"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
)

// originHeaders are what an upstream may say about the whole origin or the page, never the
// BFF's to pass on.
var originHeaders = map[string]string{
	"Set-Cookie":                          "JSESSIONID=upstream; Path=/",
	"Clear-Site-Data":                     `"cookies", "storage"`,
	"Strict-Transport-Security":           "max-age=0",
	"X-Frame-Options":                     "ALLOWALL",
	"Content-Security-Policy":             "default-src *",
	"Content-Security-Policy-Report-Only": "default-src 'none'; report-uri http://10.0.0.6/csp",
	"Referrer-Policy":                     "unsafe-url",
	"Alt-Svc":                             `h3=":8443"`,
	"Nel":                                 `{"report_to":"up","max_age":31536000}`,
	"Report-To":                           `{"group":"up","endpoints":[{"url":"http://10.0.0.6/r"}]}`,
	"Reporting-Endpoints":                 `up="http://10.0.0.6/r"`,
	"Access-Control-Allow-Origin":         "*",
	"X-Request-Id":                        "upstream-id",
}

// headerUpstream answers /base/api/legacy/headers with originHeaders and some that pass,
// /base/api/legacy/hints with a 103 Early Hints carrying a cookie before its 200, and
// /base/api/legacy/redirect?to=…&status=… with that Location.
func headerUpstream(t *testing.T) *httptest.Server {
	mux := http.NewServeMux()
	mux.HandleFunc("/base/api/legacy/headers", func(w http.ResponseWriter, r *http.Request) {
		for k, v := range originHeaders {
			w.Header().Set(k, v)
		}
		w.Header().Set("Content-Disposition", `attachment; filename="orders.xlsx"`)
		w.Header().Set("Cache-Control", "private, max-age=60")
		w.Header().Set("X-Total-Count", "42")
		_, _ = io.WriteString(w, "ok")
	})
	mux.HandleFunc("/base/api/legacy/hints", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Set-Cookie", "early=upstream; Path=/")
		w.Header().Set("Link", "</base/app.css>; rel=preload; as=style")
		w.WriteHeader(http.StatusEarlyHints)
		// net/http keeps the map for the final answer: only the 103 carries these.
		w.Header().Del("Set-Cookie")
		w.Header().Del("Link")
		w.Header().Set("Content-Type", "text/plain")
		_, _ = io.WriteString(w, "final")
	})
	mux.HandleFunc("/base/api/legacy/redirect", func(w http.ResponseWriter, r *http.Request) {
		status, _ := strconv.Atoi(r.URL.Query().Get("status"))
		w.Header().Set("Location", r.URL.Query().Get("to"))
		w.WriteHeader(status)
	})
	up := httptest.NewServer(mux)
	t.Cleanup(up.Close)
	return up
}

func headerEdge(t *testing.T) (*apptest.Server, *httptest.Server, string) {
	up := headerUpstream(t)
	s := startEdge(t, "/api/legacy="+up.URL+"/base", 5*time.Second)
	return s, up, s.Login(t, "admin", apptest.AdminPassword)
}

// TestUpstreamOriginHeadersAreDropped: cookies, origin-wide policies and the security headers
// the BFF sets itself never come from the upstream; the BFF's own stay, the rest passes.
func TestUpstreamOriginHeadersAreDropped(t *testing.T) {
	s, _, admin := headerEdge(t)
	r := s.Get(t, "/api/legacy/headers", admin)
	if r.Status != http.StatusOK || string(r.Body) != "ok" {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
	for k, v := range originHeaders {
		for _, got := range r.Header.Values(k) {
			if got == v {
				t.Errorf("the upstream's %s reached the browser: %q", k, got)
			}
		}
	}
	if got := r.Header.Values("X-Content-Type-Options"); len(got) != 1 || got[0] != "nosniff" {
		t.Errorf("X-Content-Type-Options = %q", got)
	}
	if got := r.Header.Values("Referrer-Policy"); len(got) != 1 || got[0] != "strict-origin-when-cross-origin" {
		t.Errorf("Referrer-Policy = %q", got)
	}
	if id := r.Header.Get("X-Request-Id"); id == "" || id == "upstream-id" {
		t.Errorf("X-Request-Id = %q", id)
	}
	if r.Header.Get("Content-Disposition") == "" || r.Header.Get("Cache-Control") != "private, max-age=60" ||
		r.Header.Get("X-Total-Count") != "42" {
		t.Errorf("headers that pass: %v", r.Header)
	}
}

// TestUpstreamInformationalAnswersAreNotForwarded: a 103 Early Hints (with Set-Cookie) does not
// reach the browser, and the final answer keeps the BFF's own headers and the upstream's status.
func TestUpstreamInformationalAnswersAreNotForwarded(t *testing.T) {
	s, _, admin := headerEdge(t)
	var mu sync.Mutex
	var early []string
	trace := &httptrace.ClientTrace{Got1xxResponse: func(code int, h textproto.MIMEHeader) error {
		mu.Lock()
		defer mu.Unlock()
		early = append(early, strconv.Itoa(code)+" "+h.Get("Set-Cookie"))
		return nil
	}}
	req, err := http.NewRequestWithContext(httptrace.WithClientTrace(t.Context(), trace), http.MethodGet,
		s.URL+"/api/legacy/hints", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", admin)
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	mu.Lock()
	defer mu.Unlock()
	if len(early) != 0 {
		t.Errorf("informational answers reached the browser: %q", early)
	}
	if res.StatusCode != http.StatusOK || string(body) != "final" || res.Header.Get("Set-Cookie") != "" {
		t.Errorf("final answer: %d %q %v", res.StatusCode, body, res.Header)
	}
	if res.Header.Get("X-Request-Id") == "" || res.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("the BFF's own headers are gone: %v", res.Header)
	}
}

// TestUpstreamRedirectsStayOnTheBFF: a Location inside the upstream's URL and prefix, absolute
// or relative, becomes the BFF's path; a redirect anywhere else (the upstream's address outside
// them, another host) is 502 without the address, and a 201's such Location is dropped.
func TestUpstreamRedirectsStayOnTheBFF(t *testing.T) {
	s, up, admin := headerEdge(t)
	for _, tc := range []struct {
		to       string
		status   int
		want     int
		location string
	}{
		{up.URL + "/base/api/legacy/echo?from=moved#top", 302, 302, "/api/legacy/echo?from=moved#top"},
		{up.URL + "/base/api/legacy", 301, 301, "/api/legacy"},
		{strings.Replace(up.URL, "http://", "HTTP://", 1) + "/base/api/legacy/x", 307, 307, "/api/legacy/x"},
		{"/base/api/legacy/echo", 302, 302, "/api/legacy/echo"},
		{"echo?x=1", 303, 303, "/api/legacy/echo?x=1"},
		{"../legacy/%E5%95%86", 302, 302, "/api/legacy/%E5%95%86"},
		{up.URL + "/base/api/legacy/items/9", 201, 201, "/api/legacy/items/9"},
		{up.URL + "/admin/login", 302, 502, ""},
		{"/admin/login", 302, 502, ""},
		{up.URL + "/base/api/users", 302, 502, ""},
		{up.URL + "/base/api/legacy/../users", 302, 502, ""},
		{up.URL + "/base/api/legacy/%2e%2e/users", 302, 502, ""},
		{up.URL + "/basement/api/legacy/x", 302, 502, ""},
		{"https://cdn.example.com/file.pdf", 302, 502, ""},
		{"//10.0.0.7/base/api/legacy/x", 302, 502, ""},
		{"http://10.0.0.7:8080/base/api/legacy/x", 308, 502, ""},
		{up.URL + "/other/9", 201, 201, ""},
	} {
		r := s.Get(t, "/api/legacy/redirect?status="+strconv.Itoa(tc.status)+"&to="+url.QueryEscape(tc.to), admin)
		if r.Status != tc.want || r.Header.Get("Location") != tc.location {
			t.Errorf("%d to %q: %d %q, want %d %q", tc.status, tc.to, r.Status, r.Header.Get("Location"), tc.want, tc.location)
		}
		if tc.want == http.StatusBadGateway {
			if e := r.Error(t); e.Message != "上游服务跳转到了无法访问的地址" {
				t.Errorf("%q: message %q", tc.to, e.Message)
			}
			if strings.Contains(string(r.Body), strings.TrimPrefix(up.URL, "http://")) || strings.Contains(string(r.Body), "10.0.0.7") {
				t.Errorf("%q: the address leaked: %s", tc.to, r.Body)
			}
		}
	}
}
