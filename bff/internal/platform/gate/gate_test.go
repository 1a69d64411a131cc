package gate

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestGateBoundsTheWork: n callers get in at once, the next one waits at most the gate's wait
// (or until its request ends) and is told the gate is busy; a released slot lets it in.
func TestGateBoundsTheWork(t *testing.T) {
	g := New(2, 50*time.Millisecond)
	ctx := context.Background()
	r1, err1 := g.Enter(ctx)
	r2, err2 := g.Enter(ctx)
	if err1 != nil || err2 != nil {
		t.Fatalf("two slots: %v %v", err1, err2)
	}
	start := time.Now()
	if _, err := g.Enter(ctx); !errors.Is(err, ErrBusy) {
		t.Fatalf("a third caller: %v, want ErrBusy", err)
	}
	if d := time.Since(start); d < 40*time.Millisecond || d > 2*time.Second {
		t.Errorf("the third caller waited %s, want about 50ms", d)
	}
	ended, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := New(1, time.Hour).enterFull(ended); !errors.Is(err, ErrBusy) || !errors.Is(err, context.Canceled) {
		t.Errorf("a request that ended: %v", err)
	}
	go func() {
		time.Sleep(10 * time.Millisecond)
		r1()
	}()
	r3, err := New(0, time.Second).Enter(ctx) // a gate of no slots still has one
	if err != nil {
		t.Fatalf("a gate of 0: %v", err)
	}
	r3()
	if _, err := g.Enter(ctx); err != nil {
		t.Errorf("after a release: %v", err)
	}
	r2()
}

// enterFull takes the gate's only slot and asks for another.
func (g *Gate) enterFull(ctx context.Context) (func(), error) {
	if _, err := g.Enter(context.Background()); err != nil {
		return nil, err
	}
	return g.Enter(ctx)
}
