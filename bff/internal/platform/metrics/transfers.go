package metrics

import (
	"io"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
)

// Transfer kinds: the requests whose bodies are large, counted apart from the rest.
const (
	Upload = "upload" // the bytes come in with the request
	Export = "export" // the bytes go out with the answer
)

// Transfers counts uploads and exports in flight and their bytes. kind tells a request's kind
// from its route template and method ("" for neither).
type Transfers struct {
	inFlight *prometheus.GaugeVec
	bytes    *prometheus.CounterVec
	kind     func(route, method string) string
}

// NewTransfers registers the transfer metrics on reg.
func NewTransfers(reg prometheus.Registerer, kind func(route, method string) string) (*Transfers, error) {
	t := &Transfers{
		inFlight: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "bff_transfers_in_flight",
			Help: "Uploads and exports being served now.",
		}, []string{"kind"}),
		bytes: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bff_transfer_bytes_total",
			Help: "Bytes of uploads read and of exports sent.",
		}, []string{"kind"}),
		kind: kind,
	}
	for _, c := range []prometheus.Collector{t.inFlight, t.bytes} {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	for _, k := range []string{Upload, Export} { // both series exist from the start, at 0
		t.inFlight.WithLabelValues(k)
		t.bytes.WithLabelValues(k)
	}
	return t, nil
}

// Middleware counts the transfers; other requests pass untouched.
func (t *Transfers) Middleware() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			kind := t.kind(c.Path(), c.Request().Method)
			if kind != Upload && kind != Export {
				return next(c)
			}
			g := t.inFlight.WithLabelValues(kind)
			g.Inc()
			defer g.Dec()
			var in *countingReader
			if kind == Upload {
				in = &countingReader{r: c.Request().Body}
				c.Request().Body = in
			}
			err := next(c)
			if err != nil {
				c.Error(err)
			}
			if kind == Upload {
				t.bytes.WithLabelValues(kind).Add(float64(in.n))
			} else if c.Response().Status < 300 {
				t.bytes.WithLabelValues(kind).Add(float64(c.Response().Size))
			}
			return nil
		}
	}
}

type countingReader struct {
	r io.ReadCloser
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func (c *countingReader) Close() error { return c.r.Close() }
