package admit

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"

	"mallconsole/bff/internal/platform/httpx"
)

// MsgBusy is the refusal's message: calm, and telling the user what to do.
const MsgBusy = "系统繁忙，请稍后重试"

// RetryAfter is the refusal's Retry-After in seconds: one second is long enough for a burst to
// pass and short enough that a user retrying by hand does not notice it.
const RetryAfter = "1"

// Middleware admits each request by classify's class. A refused one is answered at once with
// 503, Retry-After and the house error body; nothing behind the middleware runs for it.
func (l *Limiter) Middleware(classify func(*http.Request) Class, now func() time.Time) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			class := classify(c.Request())
			t, err := l.Enter(c.Request().Context(), class)
			if err != nil {
				c.Response().Header().Set("Retry-After", RetryAfter)
				httpx.WriteError(c, http.StatusServiceUnavailable, MsgBusy, now)
				return nil
			}
			if t == nil {
				return next(c)
			}
			err = next(c)
			// A failure says nothing of how long work takes under load (and a dead database's
			// instant errors would otherwise read as spare capacity).
			t.Done(err == nil && c.Response().Status < 500)
			return err
		}
	}
}

// Register exposes the limiter's figures on reg.
func (l *Limiter) Register(reg prometheus.Registerer) error {
	gauge := func(name, help string, f func(Stats) int) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help},
			func() float64 { return float64(f(l.Stats())) })
	}
	shed := func(class string, f func(Stats) uint64) prometheus.Collector {
		return prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "bff_admit_shed_total",
			Help:        "Requests refused with 503 because the limit was reached, by class.",
			ConstLabels: prometheus.Labels{"class": class}},
			func() float64 { return float64(f(l.Stats())) })
	}
	for _, c := range []prometheus.Collector{
		gauge("bff_admit_in_flight", "Requests admitted and not yet answered (health and streams not counted).", func(s Stats) int { return s.InFlight }),
		gauge("bff_admit_limit", "The adaptive bound on requests in flight (Gradient2).", func(s Stats) int { return s.Limit }),
		gauge("bff_admit_waiting", "Requests waiting for a slot.", func(s Stats) int { return s.Waiting }),
		shed("normal", func(s Stats) uint64 { return s.ShedNormal }),
		shed("priority", func(s Stats) uint64 { return s.ShedPriority }),
	} {
		if err := reg.Register(c); err != nil {
			return err
		}
	}
	return nil
}
