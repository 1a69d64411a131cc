package upstream

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/sony/gobreaker/v2"
)

// Breaker settings: after breakerTrips connection failures in a row the upstream is answered
// 503 at once for the open period, then one trial request decides.
const (
	breakerTrips = 5
	breakerOpen  = 5 * time.Second
)

var (
	errOpen   = errors.New("upstream: breaker open") // refused without trying
	errGaveUp = errors.New("upstream: call abandoned")
)

// breaker wraps a transport: connection failures count, answers of any status do not (a 500 is
// an upstream that is up), nor calls the caller gave up on.
type breaker struct {
	next http.RoundTripper
	cb   *gobreaker.CircuitBreaker[*http.Response]
}

func newBreaker(name string, next http.RoundTripper, open time.Duration, log *slog.Logger) *breaker {
	if open <= 0 {
		open = breakerOpen
	}
	cb := gobreaker.NewCircuitBreaker[*http.Response](gobreaker.Settings{
		Name:        name,
		MaxRequests: 1,
		Timeout:     open,
		ReadyToTrip: func(c gobreaker.Counts) bool { return c.ConsecutiveFailures >= breakerTrips },
		IsExcluded:  func(err error) bool { return errors.Is(err, errGaveUp) },
		OnStateChange: func(name string, from, to gobreaker.State) {
			log.Warn("upstream breaker", "prefix", name, "from", from.String(), "to", to.String())
		},
	})
	return &breaker{next: next, cb: cb}
}

func (b *breaker) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := b.cb.Execute(func() (*http.Response, error) {
		resp, err := b.next.RoundTrip(req)
		if err != nil && req.Context().Err() != nil {
			return nil, errGaveUp // the caller or the idle clock ended it: neither success nor failure
		}
		return resp, err
	})
	switch {
	case errors.Is(err, gobreaker.ErrOpenState), errors.Is(err, gobreaker.ErrTooManyRequests):
		return nil, errOpen
	case errors.Is(err, errGaveUp):
		return nil, context.Cause(req.Context())
	}
	return resp, err
}
