package admit

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// fixed is a limiter whose limit stays at n.
func fixed(n int, wait time.Duration, queue int) *Limiter {
	return New(Options{Initial: n, Min: n, Max: n, Wait: wait, Queue: queue})
}

func enter(t *testing.T, l *Limiter, c Class) *Ticket {
	t.Helper()
	tk, err := l.Enter(context.Background(), c)
	if err != nil {
		t.Fatalf("enter %v: %v (%+v)", c, err, l.Stats())
	}
	return tk
}

func waitFor(t *testing.T, l *Limiter, waiting int) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); l.Stats().Waiting != waiting; {
		if time.Now().After(deadline) {
			t.Fatalf("waiting %d, want %d", l.Stats().Waiting, waiting)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestNormalLeavesTheReserveToPriority(t *testing.T) {
	l := fixed(10, 5*time.Millisecond, 10)
	for range 8 { // 10 less the 20 % reserve
		enter(t, l, Normal)
	}
	if _, err := l.Enter(context.Background(), Normal); !errors.Is(err, ErrShed) {
		t.Fatalf("9th normal request: %v, want ErrShed", err)
	}
	enter(t, l, Priority)
	enter(t, l, Priority)
	if _, err := l.Enter(context.Background(), Priority); !errors.Is(err, ErrShed) {
		t.Fatalf("priority request past the whole limit: %v, want ErrShed", err)
	}
	if s := l.Stats(); s.InFlight != 10 || s.ShedNormal != 1 || s.ShedPriority != 1 || s.Waiting != 0 {
		t.Fatalf("stats %+v", s)
	}
}

func TestExemptIsNeverCountedNorRefused(t *testing.T) {
	l := fixed(1, time.Millisecond, 1)
	enter(t, l, Priority)
	for range 100 {
		if tk, err := l.Enter(context.Background(), Exempt); err != nil || tk != nil {
			t.Fatalf("exempt: %v, %v", tk, err)
		}
	}
	if s := l.Stats(); s.InFlight != 1 {
		t.Fatalf("stats %+v", s)
	}
}

func TestFreedSlotGoesToPriorityFirst(t *testing.T) {
	l := fixed(10, time.Minute, 10)
	var held []*Ticket
	for range 10 {
		held = append(held, enter(t, l, Priority))
	}
	order := make(chan Class, 2)
	go func() { enter(t, l, Normal); order <- Normal }()
	waitFor(t, l, 1)
	go func() { enter(t, l, Priority); order <- Priority }()
	waitFor(t, l, 2)
	// 9 in flight: room for a priority request, not yet for a normal one (8).
	held[0].Done(false)
	if got := <-order; got != Priority {
		t.Fatalf("first admitted: %v, want the priority request though it came later", got)
	}
	held[1].Done(false)
	held[2].Done(false)
	held[3].Done(false)
	if got := <-order; got != Normal {
		t.Fatalf("then: %v", got)
	}
	if s := l.Stats(); s.InFlight != 8 || s.Waiting != 0 {
		t.Fatalf("stats %+v", s)
	}
}

func TestFullQueueRefusesAtOnce(t *testing.T) {
	l := fixed(1, time.Minute, 1)
	tk := enter(t, l, Priority)
	done := make(chan error, 1)
	go func() {
		w, err := l.Enter(context.Background(), Priority)
		w.Done(false)
		done <- err
	}()
	waitFor(t, l, 1)
	start := time.Now()
	if _, err := l.Enter(context.Background(), Priority); !errors.Is(err, ErrShed) {
		t.Fatalf("second waiter with a queue of 1: %v", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Fatalf("refusal took %v: want at once, not after the minute's wait", d)
	}
	tk.Done(false)
	if err := <-done; err != nil {
		t.Fatalf("queued request: %v", err)
	}
}

func TestWaitEndsWithTheRequest(t *testing.T) {
	l := fixed(1, time.Minute, 5)
	enter(t, l, Priority)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { _, err := l.Enter(ctx, Normal); done <- err }()
	waitFor(t, l, 1)
	cancel()
	if err := <-done; !errors.Is(err, ErrShed) {
		t.Fatalf("cancelled waiter: %v", err)
	}
	if s := l.Stats(); s.Waiting != 0 || s.InFlight != 1 {
		t.Fatalf("stats %+v", s)
	}
}

func TestFiguresAreExposed(t *testing.T) {
	l := fixed(10, time.Millisecond, 1)
	for range 8 {
		enter(t, l, Normal)
	}
	_, _ = l.Enter(context.Background(), Normal)
	reg := prometheus.NewRegistry()
	if err := l.Register(reg); err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		for _, m := range f.GetMetric() {
			name := f.GetName()
			for _, lp := range m.GetLabel() {
				name += "/" + lp.GetValue()
			}
			got[name] = m.GetGauge().GetValue() + m.GetCounter().GetValue()
		}
	}
	want := map[string]float64{"bff_admit_in_flight": 8, "bff_admit_limit": 10, "bff_admit_waiting": 0,
		"bff_admit_shed_total/normal": 1, "bff_admit_shed_total/priority": 0}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v (all: %v)", k, got[k], v, got)
		}
	}
}

// TestAStandingQueueRefusesSooner: a queue that has not drained for Standing is more work than
// the process can do, and a request that finds it waits ShortWait instead of the full Wait; once
// the queue has drained, a burst waits the full Wait again.
func TestAStandingQueueRefusesSooner(t *testing.T) {
	l := New(Options{Initial: 1, Min: 1, Max: 1, Wait: time.Minute, Standing: 20 * time.Millisecond, ShortWait: time.Millisecond, Queue: 10})
	held := enter(t, l, Priority)
	queued := func() chan *Ticket {
		got := make(chan *Ticket, 1)
		go func() { got <- enter(t, l, Normal) }()
		waitFor(t, l, 1)
		return got
	}
	first := queued()
	time.Sleep(30 * time.Millisecond) // the queue has stood longer than Standing

	start := time.Now()
	if _, err := l.Enter(context.Background(), Normal); !errors.Is(err, ErrShed) {
		t.Fatalf("request behind a standing queue: %v, want ErrShed", err)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Fatalf("refused after %v: it waited the full minute, not the short wait", took)
	}
	// The request that came first keeps its full wait and gets the freed slot.
	held.Done(false)
	held = <-first
	if s := l.Stats(); s.Waiting != 0 || s.InFlight != 1 || s.ShedNormal != 1 {
		t.Fatalf("stats %+v", s)
	}

	// Drained: the next request over the limit is a burst again and may wait the full minute.
	second := queued()
	time.Sleep(30 * time.Millisecond)
	if s := l.Stats(); s.Waiting != 1 || s.ShedNormal != 1 {
		t.Fatalf("a request queued after the queue drained was refused early: %+v", s)
	}
	held.Done(false)
	(<-second).Done(false)
}

// clock is a time the test moves.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *clock) add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// A request that would not get a slot within its wait, at the pace slots come free (requests
// take a minute here, two slots: one every 30 s), is refused at once instead of at its wait's end.
func TestARequestThatCannotBeServedInTimeIsRefusedAtOnce(t *testing.T) {
	clk := &clock{t: time.Unix(1e9, 0)}
	l := New(Options{Initial: 2, Min: 2, Max: 2, Wait: time.Minute, Queue: 10, Now: clk.now})
	for range 300 {
		tk := enter(t, l, Priority)
		clk.add(time.Minute)
		tk.Done(true)
	}
	held := []*Ticket{enter(t, l, Priority), enter(t, l, Priority)}
	got := make(chan error, 2)
	for i := range 2 { // expected waits of 30 s and 60 s: within the minute
		go func() { tk, err := l.Enter(context.Background(), Priority); tk.Done(false); got <- err }()
		waitFor(t, l, i+1)
	}
	start := time.Now()
	if _, err := l.Enter(context.Background(), Priority); !errors.Is(err, ErrShed) {
		t.Fatalf("third in the queue (90 s expected, 60 s allowed): %v, want ErrShed", err)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Fatalf("refused after %v, not at once", took)
	}
	for _, tk := range held {
		tk.Done(false)
	}
	for range 2 {
		if err := <-got; err != nil {
			t.Fatalf("a request queued within its expected wait: %v", err)
		}
	}
}

// Once a waiter ran out of its wait, its class is refused at once for Standing (Normal waiters
// are passed by every later Priority request, which no pace foresees), unless one of the class
// is served first; a Priority request still queues.
func TestAClassThatWaitedInVainIsRefusedAtOnce(t *testing.T) {
	clk := &clock{t: time.Unix(1e9, 0)}
	l := New(Options{Initial: 1, Min: 1, Max: 1, Wait: 200 * time.Millisecond, Standing: time.Second, Queue: 10, Now: clk.now})
	held := enter(t, l, Priority)
	if _, err := l.Enter(context.Background(), Normal); !errors.Is(err, ErrShed) {
		t.Fatalf("a normal request with the only slot held: %v", err)
	}
	start := time.Now()
	if _, err := l.Enter(context.Background(), Normal); !errors.Is(err, ErrShed) {
		t.Fatalf("the next normal request: %v", err)
	}
	if took := time.Since(start); took > 100*time.Millisecond {
		t.Fatalf("refused after %v: it queued for the 200 ms wait its class had just waited in vain", took)
	}
	priority := make(chan *Ticket, 1)
	go func() { priority <- enter(t, l, Priority) }()
	waitFor(t, l, 1)
	held.Done(false)
	held = <-priority

	clk.add(time.Second) // Standing has passed: a normal request may queue again
	normal := make(chan *Ticket, 1)
	go func() { normal <- enter(t, l, Normal) }()
	waitFor(t, l, 1)
	held.Done(false)
	(<-normal).Done(false)
	if s := l.Stats(); s.ShedNormal != 2 || s.ShedPriority != 0 || s.InFlight != 0 {
		t.Fatalf("stats %+v", s)
	}
}
