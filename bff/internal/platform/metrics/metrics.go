// Package metrics exposes what an operator watches in the Prometheus format: requests by route,
// the database pool and the Go runtime. Everything is registered on a registry the caller makes
// and serves on its own listener (BFF_METRICS_ADDR), so the figures are never public by accident.
package metrics

import (
	"context"
	"database/sql"
	"errors"
	"math"
	"net/http"
	"net/http/pprof"
	"strconv"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// unmatched is the route label of a request no route matched: the raw path would let any client
// add a series.
const unmatched = "unmatched"

// HTTP counts requests by route template, method and status, with their latency.
type HTTP struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	statuses [600]string // the status labels, made once: the middleware runs on every request
	// series remembers each route, method and status's counter and histogram: a map lookup
	// costs less than the label hashing of WithLabelValues on every request.
	known sync.Map // seriesKey → *series
}

type seriesKey struct {
	route, method string
	status        int
}

type series struct {
	requests prometheus.Counter
	duration prometheus.Observer
}

func (h *HTTP) seriesOf(route, method string, status int) *series {
	k := seriesKey{route, method, status}
	if s, ok := h.known.Load(k); ok {
		return s.(*series)
	}
	s := &series{
		requests: h.requests.WithLabelValues(route, method, h.status(status)),
		duration: h.duration.WithLabelValues(route, method),
	}
	got, _ := h.known.LoadOrStore(k, s)
	return got.(*series)
}

// NewHTTP registers the request metrics on reg.
func NewHTTP(reg prometheus.Registerer) (*HTTP, error) {
	h := &HTTP{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bff_http_requests_total",
			Help: "HTTP requests by route template, method and status.",
		}, []string{"route", "method", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "bff_http_request_duration_seconds",
			Help: "Time from the request's routing to its answer, by route template and method.",
			// 1 ms to 10 s: the menus answer in about a millisecond, exports take seconds.
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"route", "method"}),
	}
	for i := 100; i < len(h.statuses); i++ {
		h.statuses[i] = strconv.Itoa(i)
	}
	for _, c := range []prometheus.Collector{h.requests, h.duration} {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	return h, nil
}

// Middleware observes every request. It writes an error answer itself (as the request log
// does), so that the status counted is the one sent.
func (h *HTTP) Middleware() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			if err != nil {
				c.Error(err)
			}
			route := c.Path()
			if route == "" {
				route = unmatched
			}
			s := h.seriesOf(route, methodLabel(c.Request().Method), c.Response().Status)
			s.requests.Inc()
			s.duration.Observe(time.Since(start).Seconds())
			return nil
		}
	}
}

// methodLabel is the method, or "other" for one HTTP does not define: a client may send any.
func methodLabel(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions, http.MethodConnect, http.MethodTrace:
		return m
	}
	return "other"
}

func (h *HTTP) status(code int) string {
	if code >= 100 && code < len(h.statuses) {
		return h.statuses[code]
	}
	return "other"
}

// Runtime registers the Go runtime, the process and the database pool (named db) on reg.
func Runtime(reg prometheus.Registerer, db *sql.DB, name string) error {
	return errors.Join(
		reg.Register(collectors.NewGoCollector()),
		reg.Register(collectors.NewProcessCollector(collectors.ProcessCollectorOpts{})),
		reg.Register(collectors.NewDBStatsCollector(db, name)),
	)
}

// Server serves GET /metrics from g on ln; the caller starts it with Serve(ln) and stops it with
// Shutdown.
func Server(g prometheus.Gatherer, profiles bool) *http.Server {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(g, promhttp.HandlerOpts{Timeout: 10 * time.Second}))
	write := 30 * time.Second
	if profiles {
		// Go's profiler (BFF_PPROF=on), only here: this listener is the operators' own, never the
		// public port. A CPU profile takes ?seconds=N to answer.
		mux.HandleFunc("GET /debug/pprof/", pprof.Index)
		mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
		mux.HandleFunc("GET /debug/pprof/symbol", pprof.Symbol)
		write = 5 * time.Minute
	}
	return &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second, WriteTimeout: write}
}

// Count registers a gauge read when scraped: how many of something there are now (live sessions).
// A count that fails or takes longer than timeout is NaN for that scrape.
func Count(reg prometheus.Registerer, name, help string, timeout time.Duration, count func(context.Context) (int, error)) error {
	return reg.Register(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, func() float64 {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		n, err := count(ctx)
		if err != nil {
			return math.NaN()
		}
		return float64(n)
	}))
}
