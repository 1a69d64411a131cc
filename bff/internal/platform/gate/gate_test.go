package gate

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestGateBoundsTheWork: n callers get in at once; the next one waits at most the gate's wait,
// or until its request ends, and is told the gate is busy; a slot released lets it in.
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

	long := New(1, time.Hour)
	if _, err := long.Enter(ctx); err != nil {
		t.Fatal(err)
	}
	ended, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := long.Enter(ended); !errors.Is(err, ErrBusy) || !errors.Is(err, context.Canceled) {
		t.Errorf("a request that ended while waiting: %v", err)
	}

	go func() {
		time.Sleep(10 * time.Millisecond)
		r1()
	}()
	r3, err := g.Enter(ctx)
	if err != nil {
		t.Fatalf("while a slot is released: %v", err)
	}
	r3()
	r2()
	if r, err := New(0, 0).Enter(ctx); err != nil { // a gate of no slots still has one
		t.Errorf("a gate of 0: %v", err)
	} else {
		r()
	}
}
