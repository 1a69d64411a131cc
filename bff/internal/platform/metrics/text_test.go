package metrics

import (
	"io"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

type textWriter string

func (t textWriter) WriteTo(w io.Writer) (int64, error) {
	n, err := io.WriteString(w, string(t))
	return int64(n), err
}

func TestTextJoinsTheRegistry(t *testing.T) {
	reg := prometheus.NewRegistry()
	c := prometheus.NewCounter(prometheus.CounterOpts{Name: "bff_own_total", Help: "Own."})
	reg.MustRegister(c)
	c.Inc()
	up := textWriter("# HELP bff_upstream_requests_total Proxied calls.\n# TYPE bff_upstream_requests_total counter\n" +
		"bff_upstream_requests_total{prefix=\"/api/erp\",status=\"200\"} 4\n" +
		"# HELP bff_upstream_request_seconds_total Time.\n# TYPE bff_upstream_request_seconds_total counter\n")
	g := prometheus.Gatherers{reg, Text(up)}
	want := `
# HELP bff_own_total Own.
# TYPE bff_own_total counter
bff_own_total 1
# HELP bff_upstream_requests_total Proxied calls.
# TYPE bff_upstream_requests_total counter
bff_upstream_requests_total{prefix="/api/erp",status="200"} 4
`
	if err := testutil.GatherAndCompare(g, strings.NewReader(want)); err != nil {
		t.Fatal(err)
	}
}
