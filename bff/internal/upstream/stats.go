package upstream

import (
	"fmt"
	"io"
	"slices"
	"sync"
	"time"
)

// Stats counts proxied calls by prefix and answer status, with their total duration, and
// writes them in the Prometheus text format (GET /api/upstreams/metrics).
type Stats struct {
	mu sync.Mutex
	m  map[statKey]*stat
}

type statKey struct {
	prefix string
	status int
}

type stat struct {
	n   int64
	dur time.Duration
}

// NewStats is an empty set of counters.
func NewStats() *Stats { return &Stats{m: map[statKey]*stat{}} }

// Add counts one call.
func (s *Stats) Add(prefix string, status int, d time.Duration) {
	k := statKey{prefix, status}
	s.mu.Lock()
	st := s.m[k]
	if st == nil {
		st = &stat{}
		s.m[k] = st
	}
	st.n++
	st.dur += d
	s.mu.Unlock()
}

// Count is how many calls to prefix were answered with status.
func (s *Stats) Count(prefix string, status int) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st := s.m[statKey{prefix, status}]; st != nil {
		return st.n
	}
	return 0
}

// WriteTo writes the counters in the Prometheus text format.
func (s *Stats) WriteTo(w io.Writer) (int64, error) {
	s.mu.Lock()
	keys := make([]statKey, 0, len(s.m))
	vals := map[statKey]stat{}
	for k, v := range s.m {
		keys = append(keys, k)
		vals[k] = *v
	}
	s.mu.Unlock()
	slices.SortFunc(keys, func(a, b statKey) int {
		if a.prefix != b.prefix {
			if a.prefix < b.prefix {
				return -1
			}
			return 1
		}
		return a.status - b.status
	})
	var total int64
	write := func(format string, args ...any) error {
		n, err := fmt.Fprintf(w, format, args...)
		total += int64(n)
		return err
	}
	if err := write("# HELP bff_upstream_requests_total Proxied calls by prefix and answer status.\n# TYPE bff_upstream_requests_total counter\n"); err != nil {
		return total, err
	}
	for _, k := range keys {
		if err := write("bff_upstream_requests_total{prefix=%q,status=\"%d\"} %d\n", k.prefix, k.status, vals[k].n); err != nil {
			return total, err
		}
	}
	if err := write("# HELP bff_upstream_request_seconds_total Time spent in proxied calls by prefix and answer status.\n# TYPE bff_upstream_request_seconds_total counter\n"); err != nil {
		return total, err
	}
	for _, k := range keys {
		if err := write("bff_upstream_request_seconds_total{prefix=%q,status=\"%d\"} %.6f\n", k.prefix, k.status, vals[k].dur.Seconds()); err != nil {
			return total, err
		}
	}
	return total, nil
}
