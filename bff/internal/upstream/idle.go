package upstream

import (
	"context"
	"errors"
	"io"
	"time"
)

// errIdle is the cause of a proxied call cancelled because nothing moved for the timeout.
var errIdle = errors.New("upstream: no bytes for the timeout")

// idle cancels a call when no byte has moved either way for its timeout: a 1 GB export may take
// minutes while a stuck upstream is cut after BFF_UPSTREAM_TIMEOUT, whatever the total time.
type idle struct {
	d time.Duration
	t *time.Timer
}

// watch starts the clock on ctx; the returned context ends with errIdle when it runs out.
func watch(ctx context.Context, d time.Duration) (context.Context, *idle, context.CancelCauseFunc) {
	ctx, cancel := context.WithCancelCause(ctx)
	w := &idle{d: d}
	w.t = time.AfterFunc(d, func() { cancel(errIdle) })
	return ctx, w, cancel
}

// touch restarts the clock: bytes moved.
func (w *idle) touch() { w.t.Reset(w.d) }

// stop ends the watch (the call is over).
func (w *idle) stop() { w.t.Stop() }

// idleBody is a body whose reads restart the clock.
type idleBody struct {
	io.ReadCloser
	w *idle
}

func (b idleBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if n > 0 {
		b.w.touch()
	}
	return n, err
}
