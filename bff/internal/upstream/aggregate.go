package upstream

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Part is one piece of an answer made of several (a dashboard's figures, local and upstream).
// Fetch gets the part's value; it must give up when ctx ends.
type Part struct {
	Name  string
	Fetch func(ctx context.Context) (any, error)
}

// Unavailable stands in the answer for a part that failed or ran out of time, so the rest is
// still shown: {"part": "orders", "status": "unavailable"}.
type Unavailable struct {
	Part   string `json:"part"`
	Status string `json:"status" enum:"unavailable"`
}

// StatusUnavailable is Unavailable's status.
const StatusUnavailable = "unavailable"

// Failure says why a part is unavailable (for the log; the answer never carries it).
type Failure struct {
	Part string
	Err  error
}

// ErrPartTimeout is a part's error when the shared deadline passed first.
var ErrPartTimeout = errors.New("upstream: part not ready before the deadline")

// Gather fetches every part at once under one deadline and answers by name: the part's value,
// or Unavailable for a part that failed, panicked or was late. It returns when every part has
// answered or the deadline passed, whichever comes first; a late part's result is dropped.
func Gather(ctx context.Context, within time.Duration, parts ...Part) (map[string]any, []Failure) {
	ctx, cancel := context.WithTimeout(ctx, within)
	defer cancel()
	type result struct {
		i   int
		v   any
		err error
	}
	// Buffered for all: a late part writes and ends even when nobody reads any more.
	results := make(chan result, len(parts))
	for i, p := range parts {
		go func() {
			defer func() {
				if r := recover(); r != nil {
					results <- result{i: i, err: fmt.Errorf("panic: %v", r)}
				}
			}()
			v, err := p.Fetch(ctx)
			results <- result{i: i, v: v, err: err}
		}()
	}
	out := make(map[string]any, len(parts))
	done := make([]bool, len(parts))
	var failed []Failure
	for range parts {
		select {
		case r := <-results:
			done[r.i] = true
			if r.err != nil {
				failed = append(failed, Failure{Part: parts[r.i].Name, Err: r.err})
				out[parts[r.i].Name] = Unavailable{Part: parts[r.i].Name, Status: StatusUnavailable}
				continue
			}
			out[parts[r.i].Name] = r.v
		case <-ctx.Done():
			for i, p := range parts {
				if !done[i] {
					failed = append(failed, Failure{Part: p.Name, Err: ErrPartTimeout})
					out[p.Name] = Unavailable{Part: p.Name, Status: StatusUnavailable}
				}
			}
			return out, failed
		}
	}
	return out, failed
}
