package metrics

import (
	"bytes"
	"io"
	"slices"
	"strings"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// Text gathers metrics that w writes in the Prometheus text format (the upstream counters keep
// their own writer), so that they are served with the registry's.
func Text(w io.WriterTo) prometheus.Gatherer {
	return prometheus.GathererFunc(func() ([]*dto.MetricFamily, error) {
		var buf bytes.Buffer
		if _, err := w.WriteTo(&buf); err != nil {
			return nil, err
		}
		p := expfmt.NewTextParser(model.UTF8Validation)
		fams, err := p.TextToMetricFamilies(&buf)
		if err != nil {
			return nil, err
		}
		out := make([]*dto.MetricFamily, 0, len(fams))
		for _, f := range fams {
			if len(f.GetMetric()) > 0 {
				out = append(out, f)
			}
		}
		slices.SortFunc(out, func(a, b *dto.MetricFamily) int { return strings.Compare(a.GetName(), b.GetName()) })
		return out, nil
	})
}
