package upstream

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"testing"
	"time"
)

type stubTransport struct {
	fail  bool
	calls int
}

var errRefused = errors.New("connection refused")

func (s *stubTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	s.calls++
	if err := req.Context().Err(); err != nil {
		return nil, err
	}
	if s.fail {
		return nil, errRefused
	}
	return &http.Response{StatusCode: http.StatusInternalServerError, Body: http.NoBody}, nil
}

func TestBreakerOpensOnConnectionFailuresAndRecovers(t *testing.T) {
	st := &stubTransport{fail: true}
	b := newBreaker("/x", st, 200*time.Millisecond, slog.New(slog.NewTextHandler(io.Discard, nil)))
	req, _ := http.NewRequest(http.MethodGet, "http://upstream/x", nil)
	for i := range breakerTrips {
		if _, err := b.RoundTrip(req); !errors.Is(err, errRefused) {
			t.Fatalf("call %d: %v", i, err)
		}
	}
	if _, err := b.RoundTrip(req); !errors.Is(err, errOpen) || st.calls != breakerTrips {
		t.Fatalf("open breaker: %v after %d calls", err, st.calls)
	}
	// After the open period one trial goes through; an answer (even a 500) closes it again.
	time.Sleep(250 * time.Millisecond)
	st.fail = false
	for range 3 {
		if res, err := b.RoundTrip(req); err != nil || res.StatusCode != 500 {
			t.Fatalf("after recovery: %v", err)
		}
	}
}

func TestBreakerIgnoresCallsTheCallerAbandoned(t *testing.T) {
	st := &stubTransport{fail: true}
	b := newBreaker("/x", st, time.Minute, slog.New(slog.NewTextHandler(io.Discard, nil)))
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(errIdle)
	gone, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://upstream/x", nil)
	for range 2 * breakerTrips {
		if _, err := b.RoundTrip(gone); !errors.Is(err, errIdle) {
			t.Fatalf("abandoned call: %v", err)
		}
	}
	// Still closed: a real failure is tried, not refused.
	req, _ := http.NewRequest(http.MethodGet, "http://upstream/x", nil)
	if _, err := b.RoundTrip(req); !errors.Is(err, errRefused) {
		t.Fatalf("breaker opened on abandoned calls: %v", err)
	}
}
