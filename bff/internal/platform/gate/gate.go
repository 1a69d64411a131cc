// Package gate bounds how many of one costly kind of work (reading an identity card, importing a
// spreadsheet) run at once in this process: what one piece may cost is bounded by its own
// checks, and the gate makes the process's total a small multiple of that.
package gate

import (
	"context"
	"errors"
	"time"
)

// ErrBusy: every slot stayed taken for as long as a caller may wait.
var ErrBusy = errors.New("gate: all slots are taken")

// Gate hands out a fixed number of slots.
type Gate struct {
	slots chan struct{}
	wait  time.Duration
}

// New makes a gate of n slots (at least 1) whose callers wait at most wait for one.
func New(n int, wait time.Duration) *Gate {
	return &Gate{slots: make(chan struct{}, max(n, 1)), wait: wait}
}

// Enter takes a slot, waiting while ctx lasts and at most the gate's wait; the caller calls
// release when the work is done. Busy: ErrBusy, or ctx's error when the request ended first.
func (g *Gate) Enter(ctx context.Context) (release func(), err error) {
	release = func() { <-g.slots }
	select {
	case g.slots <- struct{}{}:
		return release, nil
	default:
	}
	timer := time.NewTimer(g.wait)
	defer timer.Stop()
	select {
	case g.slots <- struct{}{}:
		return release, nil
	case <-timer.C:
		return nil, ErrBusy
	case <-ctx.Done():
		return nil, errors.Join(ErrBusy, ctx.Err())
	}
}
