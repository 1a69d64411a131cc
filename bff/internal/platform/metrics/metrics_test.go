package metrics

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	_ "github.com/glebarez/go-sqlite"
	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

func newEcho(t *testing.T, reg prometheus.Registerer) *echo.Echo {
	t.Helper()
	h, err := NewHTTP(reg)
	if err != nil {
		t.Fatal(err)
	}
	e := echo.New()
	e.Use(h.Middleware())
	e.GET("/api/users/:id", func(c echo.Context) error { return c.String(http.StatusOK, c.Param("id")) })
	e.GET("/api/boom", func(echo.Context) error { return echo.NewHTTPError(http.StatusConflict, "taken") })
	return e
}

func serve(e *echo.Echo, method, path string) int {
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(method, path, nil))
	return rec.Code
}

// The route label is the template, never the path: ids and unknown paths add no series.
func TestRequestsByRouteTemplate(t *testing.T) {
	reg := prometheus.NewRegistry()
	e := newEcho(t, reg)
	for _, p := range []string{"/api/users/1", "/api/users/2", "/api/users/3"} {
		serve(e, http.MethodGet, p)
	}
	for _, p := range []string{"/nothing/1", "/nothing/2"} {
		if code := serve(e, http.MethodGet, p); code != http.StatusNotFound {
			t.Fatalf("%s: %d", p, code)
		}
	}
	serve(e, "BREW", "/nothing/3")
	if code := serve(e, http.MethodGet, "/api/boom"); code != http.StatusConflict {
		t.Fatalf("boom: %d", code)
	}
	want := `
# HELP bff_http_requests_total HTTP requests by route template, method and status.
# TYPE bff_http_requests_total counter
bff_http_requests_total{method="GET",route="/api/boom",status="409"} 1
bff_http_requests_total{method="GET",route="/api/users/:id",status="200"} 3
bff_http_requests_total{method="GET",route="unmatched",status="404"} 2
bff_http_requests_total{method="other",route="unmatched",status="404"} 1
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want), "bff_http_requests_total"); err != nil {
		t.Fatal(err)
	}
	if n := testutil.CollectAndCount(reg, "bff_http_request_duration_seconds"); n != 4 {
		t.Fatalf("latency series: %d, want 4 (one per route and method)", n)
	}
}

func TestStatusLabels(t *testing.T) {
	h, err := NewHTTP(prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	for code, want := range map[int]string{200: "200", 599: "599", 0: "other", 600: "other", -1: "other"} {
		if got := h.status(code); got != want {
			t.Errorf("status(%d) = %q, want %q", code, got, want)
		}
	}
}

func TestCount(t *testing.T) {
	reg := prometheus.NewRegistry()
	n, fail := 3, false
	err := Count(reg, "bff_things", "Things now.", time.Second, func(ctx context.Context) (int, error) {
		if fail {
			return 0, errors.New("down")
		}
		return n, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := testutil.GatherAndCompare(reg, strings.NewReader("# HELP bff_things Things now.\n# TYPE bff_things gauge\nbff_things 3\n")); err != nil {
		t.Fatal(err)
	}
	fail = true
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	if v := mfs[0].GetMetric()[0].GetGauge().GetValue(); !math.IsNaN(v) {
		t.Fatalf("a failed count is %v, want NaN", v)
	}
}

// The listener serves the registry's metrics, the pool and the runtime among them.
func TestServerServesRegistry(t *testing.T) {
	reg := prometheus.NewRegistry()
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := Runtime(reg, db, "main"); err != nil {
		t.Fatal(err)
	}
	e := newEcho(t, reg)
	serve(e, http.MethodGet, "/api/users/7")

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := Server(reg, false)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	defer func() {
		if err := srv.Shutdown(context.Background()); err != nil {
			t.Error(err)
		}
		if err := <-done; err != http.ErrServerClosed {
			t.Errorf("serve: %v", err)
		}
	}()

	res, err := http.Get("http://" + ln.Addr().String() + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("/metrics: %d", res.StatusCode)
	}
	for _, want := range []string{
		`bff_http_requests_total{method="GET",route="/api/users/:id",status="200"} 1`,
		`go_sql_open_connections{db_name="main"}`,
		"go_goroutines ",
		"process_cpu_seconds_total ",
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	res, err = http.Get("http://" + ln.Addr().String() + "/other")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound {
		t.Fatalf("/other: %d", res.StatusCode)
	}
	res, err = http.Get("http://" + ln.Addr().String() + "/debug/pprof/")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound {
		t.Fatalf("the profiler is served without BFF_PPROF: %d", res.StatusCode)
	}
}

// TestServerProfiles: with profiles on, Go's profiler answers beside /metrics.
func TestServerProfiles(t *testing.T) {
	srv := httptest.NewServer(Server(prometheus.NewRegistry(), true).Handler)
	defer srv.Close()
	for path, want := range map[string]string{"/debug/pprof/": "goroutine", "/debug/pprof/heap?debug=1": "heap profile"} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || !strings.Contains(string(body), want) {
			t.Errorf("%s: %d, lacks %q", path, res.StatusCode, want)
		}
	}
}

// BenchmarkMiddleware is the cost the middleware adds to one request (a route with a parameter,
// as served by echo), against the same route without it.
func BenchmarkMiddleware(b *testing.B) {
	for _, on := range []bool{false, true} {
		name := "off"
		if on {
			name = "on"
		}
		b.Run(name, func(b *testing.B) {
			e := echo.New()
			if on {
				h, err := NewHTTP(prometheus.NewRegistry())
				if err != nil {
					b.Fatal(err)
				}
				e.Use(h.Middleware())
			}
			e.GET("/api/menus/build", func(c echo.Context) error { return c.NoContent(http.StatusOK) })
			req := httptest.NewRequest(http.MethodGet, "/api/menus/build", nil)
			b.ReportAllocs()
			for b.Loop() {
				e.ServeHTTP(httptest.NewRecorder(), req)
			}
		})
	}
}
