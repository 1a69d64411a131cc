package metrics

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

func TestTransfersCountInFlightAndBytes(t *testing.T) {
	reg := prometheus.NewRegistry()
	tr, err := NewTransfers(reg, func(route, method string) string {
		switch route {
		case "/up":
			return Upload
		case "/export":
			return Export
		}
		return ""
	})
	if err != nil {
		t.Fatal(err)
	}
	e := echo.New()
	e.Use(tr.Middleware())
	var during float64
	e.POST("/up", func(c echo.Context) error {
		during = testutil.ToFloat64(tr.inFlight.WithLabelValues(Upload))
		b, _ := io.ReadAll(c.Request().Body)
		return c.String(http.StatusOK, "got "+string(rune('0'+len(b)%10)))
	})
	e.POST("/export", func(c echo.Context) error {
		return c.Blob(http.StatusOK, "application/octet-stream", make([]byte, 1000))
	})
	e.POST("/other", func(c echo.Context) error { return c.Blob(http.StatusOK, "text/plain", make([]byte, 50)) })
	for _, r := range []struct{ path, body string }{{"/up", "12345"}, {"/up", "123"}, {"/export", ""}, {"/other", "xxxx"}} {
		e.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodPost, r.path, strings.NewReader(r.body)))
	}
	if during != 1 {
		t.Fatalf("uploads in flight during one: %v", during)
	}
	want := `
# HELP bff_transfer_bytes_total Bytes of uploads read and of exports sent.
# TYPE bff_transfer_bytes_total counter
bff_transfer_bytes_total{kind="export"} 1000
bff_transfer_bytes_total{kind="upload"} 8
# HELP bff_transfers_in_flight Uploads and exports being served now.
# TYPE bff_transfers_in_flight gauge
bff_transfers_in_flight{kind="export"} 0
bff_transfers_in_flight{kind="upload"} 0
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want)); err != nil {
		t.Fatal(err)
	}
}
