package upstream_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
)

// recorder is an upstream that answers everything and keeps each request line's target as
// received, so a test sees what reached it byte for byte (no ServeMux cleaning in between).
type recorder struct {
	*httptest.Server
	mu   sync.Mutex
	uris []string
}

func newRecorder(t *testing.T) *recorder {
	rec := &recorder{}
	rec.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec.mu.Lock()
		rec.uris = append(rec.uris, r.RequestURI)
		rec.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]string{"uri": r.RequestURI})
	}))
	t.Cleanup(rec.Close)
	return rec
}

// take returns what reached the upstream since the last call.
func (rec *recorder) take() []string {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	out := rec.uris
	rec.uris = nil
	return out
}

// rawGet sends target on the request line as it is (the Go client would re-encode or refuse
// several of the spellings under test) and returns the answer.
func rawGet(t *testing.T, base, target, token string) (int, []byte) {
	t.Helper()
	host := strings.TrimPrefix(base, "http://")
	conn, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nAuthorization: %s\r\nConnection: close\r\n\r\n",
		target, host, token); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("%q: %v", target, err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, body
}

// TestProxiedPathsMeanOneThing: a path under a proxied prefix that a server could resolve to
// another path (dot segments, `;` parameters, encoded slashes, merged slashes, backslashes,
// control characters, double or overlong encoding) is refused with 400 before the session or
// the prefix's permission is judged, and the upstream receives nothing; plain paths pass as
// they were sent.
func TestProxiedPathsMeanOneThing(t *testing.T) {
	rec := newRecorder(t)
	s := startEdge(t, strings.ReplaceAll(legacy, "%s", rec.URL), 5*time.Second)
	admin := s.Login(t, "admin", apptest.AdminPassword)
	for _, target := range []string{
		"/api/legacy/../users",
		"/api/legacy/..",
		"/api/legacy/.",
		"/api/legacy/%2e%2e/users",
		"/api/legacy/%2E%2E/%2E%2E/etc",
		"/api/legacy/.%2e/users",
		"/api/legacy/%2e./users",
		"/api/legacy/%2E./%2e/users",
		"/api/legacy/..;/users",
		"/api/legacy/./../open/x",
		"/api/legacy/x;jsessionid=1",
		"/api/legacy/x%3bjsessionid=1",
		"/api/legacy/..%2fusers",
		"/api/legacy/x%2Fy",
		"/api/legacy/x%5cy",
		`/api/legacy/x\..\users`,
		"/api/legacy//orders",
		"/api/legacy/x%00.json",
		"/api/legacy/x%0a",
		"/api/legacy/x%7f",
		"/api/legacy/%252e%252e/users",
		"/api/legacy/%25",
		"/api/legacy/%c0%ae%c0%ae/users",
		"/api/legacy/x%zz",
		"/background/xf/../../api/legacy/orders",
		"/background/%2e%2e/api/users",
		"/api/legacy/x\x01",
		"/api/legacy/x\x7f",
	} {
		// Without a session as well: the path is judged first.
		for _, tok := range []string{admin, ""} {
			status, body := rawGet(t, s.URL, target, tok)
			if status != http.StatusBadRequest {
				t.Errorf("%q (session %t): %d %s, want 400", target, tok != "", status, body)
			}
			var e apptest.Envelope
			if json.Unmarshal(body, &e) == nil && e.Message != "" && e.Message != "请求路径不合法" {
				t.Errorf("%q: message %q", target, e.Message)
			}
		}
		if got := rec.take(); len(got) != 0 {
			t.Errorf("%q reached the upstream as %q", target, got)
		}
	}
	for _, target := range []string{
		"/api/legacy",
		"/api/legacy/echo",
		"/api/legacy/x/",
		"/api/legacy/report.2024.tar.gz",
		"/api/legacy/..x/.y/...",
		"/api/legacy/.well-known/x",
		"/api/legacy/%E5%95%86%E5%93%81",
		"/api/legacy/echo?next=../users&a=%2e%2e",
		"/background/xf/order/list",
	} {
		status, body := rawGet(t, s.URL, target, admin)
		if status != http.StatusOK {
			t.Errorf("%q: %d %s", target, status, body)
		}
		if got := rec.take(); len(got) != 1 || got[0] != "/base"+target {
			t.Errorf("%q reached the upstream as %q", target, got)
		}
	}
	// The BFF's own routes outside the prefixes are not judged by the proxy's rule.
	if status, body := rawGet(t, s.URL, "/api/auth/info", admin); status != http.StatusOK {
		t.Fatalf("own route: %d %s", status, body)
	}
}
