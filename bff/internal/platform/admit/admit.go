package admit

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"time"
)

// Class says how a request is admitted.
type Class int

const (
	// Normal requests use the limit less a reserved share and give way to Priority ones.
	Normal Class = iota
	// Priority requests (sign-in, the session, the menus, writes) may use the whole limit and
	// are handed a freed slot before any Normal one.
	Priority
	// Exempt requests are never counted nor refused: health checks, and long-lived streams that
	// would otherwise hold a slot for their lifetime.
	Exempt
)

// ErrShed: no slot came free within the wait, or the queue was full.
var ErrShed = errors.New("admit: over the limit")

// Options configure a Limiter.
type Options struct {
	Initial, Min, Max int
	// Wait is the longest a request queues for a slot before it is refused.
	Wait time.Duration
	// Standing and ShortWait: once the queue has not been empty for Standing, it is not a burst
	// passing but more work than the process can do, and a request queues at most ShortWait
	// (CoDel as Facebook's "Fail at Scale" applies it to server queues). Waiting longer would
	// only make each refusal slower: the queue is not going to drain.
	Standing, ShortWait time.Duration
	// Queue is how many requests may wait at once (each class); more are refused at once.
	Queue int
	// Reserve is the share of the limit Normal requests may not use (0..1), kept for Priority.
	Reserve float64
	Now     func() time.Time
}

// Limiter admits requests under an adaptive limit. The zero value is not usable: see New.
type Limiter struct {
	mu       sync.Mutex
	algo     *Gradient2
	inflight int
	waiting  [2][]*waiter // by class: Normal, Priority
	// queuedSince is when the queue last went from empty to not; zero while it is empty.
	queuedSince time.Time
	// starved is, by class, when a waiter last ran out of its wait without a slot; zero again
	// once one of the class is handed a slot.
	starved [2]time.Time
	opt     Options
	shed    [2]uint64
}

type waiter struct {
	ready   chan struct{}
	granted bool
}

// New makes a limiter; zero options take the defaults (Gradient2 from 2 to 5 requests in
// flight per core, at least 4 to 10, starting at the top; 50 ms wait, 5 ms once the queue has
// stood 100 ms, a queue of 50, 20 % reserved).
func New(opt Options) *Limiter {
	cores := runtime.GOMAXPROCS(0)
	top := max(10, 5*cores)
	if opt.Max <= 0 {
		opt.Max = top
	}
	if opt.Min <= 0 {
		opt.Min = min(max(4, 2*cores), opt.Max)
	}
	if opt.Initial <= 0 {
		// The cores' worth: a lower start would refuse a fresh instance's first burst; a higher
		// one (BFF_ADMIT_MAX raised) is reached by growing as latency allows.
		opt.Initial = min(top, opt.Max)
	}
	if opt.Wait <= 0 {
		opt.Wait = 50 * time.Millisecond
	}
	if opt.Standing <= 0 {
		opt.Standing = 100 * time.Millisecond
	}
	if opt.ShortWait <= 0 {
		opt.ShortWait = min(5*time.Millisecond, opt.Wait)
	}
	if opt.Queue <= 0 {
		opt.Queue = 50
	}
	if opt.Reserve <= 0 || opt.Reserve >= 1 {
		opt.Reserve = 0.2
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	return &Limiter{algo: NewGradient2(opt.Initial, opt.Min, opt.Max), opt: opt}
}

// Ticket is an admitted request; Done gives its slot back.
type Ticket struct {
	l        *Limiter
	start    time.Time
	inflight int
}

// Done gives the slot back and records the request's latency (sample false: a request whose
// latency says nothing of the load, e.g. one that failed at once).
func (t *Ticket) Done(sample bool) {
	if t == nil {
		return
	}
	l := t.l
	rtt := l.opt.Now().Sub(t.start)
	l.mu.Lock()
	defer l.mu.Unlock()
	if sample {
		l.algo.Sample(rtt, t.inflight)
	}
	l.inflight--
	l.handOn()
}

// capOf is how many requests of a class may be in flight.
func (l *Limiter) capOf(c Class) int {
	limit := l.algo.Limit()
	if c == Priority {
		return limit
	}
	return max(1, limit-max(1, int(float64(limit)*l.opt.Reserve)))
}

// handOn gives free slots to the waiters, Priority first. Called with mu held.
func (l *Limiter) handOn() {
	for _, c := range []Class{Priority, Normal} {
		for len(l.waiting[c]) > 0 && l.inflight < l.capOf(c) {
			w := l.waiting[c][0]
			l.waiting[c] = l.waiting[c][1:]
			w.granted = true
			l.starved[c] = time.Time{}
			l.inflight++
			close(w.ready)
		}
	}
	l.noteQueue()
}

// noteQueue keeps queuedSince after the queue changed. Called with mu held.
func (l *Limiter) noteQueue() {
	switch n := len(l.waiting[Normal]) + len(l.waiting[Priority]); {
	case n == 0:
		l.queuedSince = time.Time{}
	case l.queuedSince.IsZero():
		l.queuedSince = l.opt.Now()
	}
}

// expectedWait is how long a request of class c that queues now can expect to wait: with every
// slot busy, one comes free every mean/slots on average (the mean latency of the latest window
// of 32: Little's law wants the mean; a slow export raises it for its window only), and the
// requests ahead of it (every Priority waiter; for a Normal one, every Normal waiter too) take
// theirs first. Zero until a window of requests has finished. Called with mu held.
func (l *Limiter) expectedWait(c Class) time.Duration {
	ahead := len(l.waiting[Priority])
	if c == Normal {
		ahead += len(l.waiting[Normal])
	}
	return time.Duration(ahead+1) * l.algo.Mean() / time.Duration(l.capOf(c))
}

// inVain says a request of class c would not get a slot within wait, so it is refused now rather
// than at the end of it: under overload that is most of the refused ones, and each answered at
// once costs no timer, no second wake-up, and no user waiting for a no. Two signs: the slots'
// pace (expectedWait), and a waiter of its class that lately waited in vain with none served
// since (Normal waiters are passed by every Priority request that comes after them, which no
// pace foresees). Called with mu held.
func (l *Limiter) inVain(c Class, wait time.Duration) bool {
	if !l.starved[c].IsZero() && l.opt.Now().Sub(l.starved[c]) < l.opt.Standing {
		return true
	}
	return l.expectedWait(c) > wait
}

// wait is how long a request that finds no slot may queue. Called with mu held.
func (l *Limiter) wait() time.Duration {
	if !l.queuedSince.IsZero() && l.opt.Now().Sub(l.queuedSince) > l.opt.Standing {
		return l.opt.ShortWait
	}
	return l.opt.Wait
}

// Enter admits a request of class c, waiting at most the limiter's Wait (and while ctx lasts);
// ErrShed when it may not go on.
func (l *Limiter) Enter(ctx context.Context, c Class) (*Ticket, error) {
	if c == Exempt {
		return nil, nil
	}
	l.mu.Lock()
	if l.inflight < l.capOf(c) && (c == Priority || len(l.waiting[Priority])+len(l.waiting[Normal]) == 0) {
		l.inflight++
		t := &Ticket{l: l, start: l.opt.Now(), inflight: l.inflight}
		l.mu.Unlock()
		return t, nil
	}
	wait := l.wait()
	if len(l.waiting[c]) >= l.opt.Queue || l.inVain(c, wait) {
		l.shed[c]++
		l.mu.Unlock()
		return nil, ErrShed
	}
	w := &waiter{ready: make(chan struct{})}
	l.waiting[c] = append(l.waiting[c], w)
	l.noteQueue()
	l.mu.Unlock()

	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case <-w.ready:
	case <-timer.C:
	case <-ctx.Done():
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if !w.granted {
		for i, x := range l.waiting[c] {
			if x == w {
				l.waiting[c] = append(l.waiting[c][:i:i], l.waiting[c][i+1:]...)
				break
			}
		}
		l.noteQueue()
		l.shed[c]++
		if ctx.Err() == nil {
			now := l.opt.Now()
			l.starved[c] = now
			if c == Priority { // every Normal waiter is behind it
				l.starved[Normal] = now
			}
		}
		return nil, ErrShed
	}
	// The time spent waiting is not the handler's latency: the sample starts now.
	return &Ticket{l: l, start: l.opt.Now(), inflight: l.inflight}, nil
}

// Stats are the figures an operator watches.
type Stats struct {
	InFlight, Limit, Waiting int
	ShedNormal, ShedPriority uint64
}

// Stats reads the current figures.
func (l *Limiter) Stats() Stats {
	l.mu.Lock()
	defer l.mu.Unlock()
	return Stats{InFlight: l.inflight, Limit: l.algo.Limit(), Waiting: len(l.waiting[Normal]) + len(l.waiting[Priority]),
		ShedNormal: l.shed[Normal], ShedPriority: l.shed[Priority]}
}
