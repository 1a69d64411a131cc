// Package admit bounds the requests this process works on at once, so that past its capacity the
// excess is refused at once (503 + Retry-After) instead of queueing until every user times out.
// The bound is adaptive: Netflix concurrency-limits' Gradient2 (Gradient2Limit.java) applied to
// windows of latency samples, as its WindowedLimit does. A short bounded wait with a deadline
// absorbs bursts, and the request kinds that matter most go first.
package admit

import (
	"math"
	"slices"
	"time"
)

// Gradient2 is the limit algorithm. It compares the latency of the latest window (short) with
// an exponential average over many windows (long): while short stays within Tolerance × long the
// limit grows by a small queue allowance; when short grows past it, the limit shrinks by the
// ratio (at most halved per window), smoothed. It is not safe for concurrent use: Limiter
// holds it under its lock.
type Gradient2 struct {
	Min, Max  float64
	Tolerance float64 // how much slower than usual is still "no queueing" (Netflix: 1.5)
	Smoothing float64 // weight of a new estimate (Netflix: 0.2)
	// Window is how many samples one update takes (their median latency, so that one slow
	// export among them does not count as queueing).
	Window int

	limit   float64
	long    float64 // exponential average of the windows' latency, in seconds
	windows int     // windows seen, for the average's warm-up
	samples []time.Duration
	peak    int           // most requests in flight during the window
	mean    time.Duration // the latest window's mean latency
}

// Netflix's defaults for the long average: 600 windows, the first 10 a plain mean.
const (
	longWindow = 600
	warmup     = 10
)

// NewGradient2 starts at initial, bounded by [lo, hi].
func NewGradient2(initial, lo, hi int) *Gradient2 {
	lo = max(lo, 1)
	hi = max(hi, lo)
	return &Gradient2{Min: float64(lo), Max: float64(hi), Tolerance: 1.5, Smoothing: 0.2, Window: 32,
		limit: math.Min(math.Max(float64(initial), float64(lo)), float64(hi))}
}

// Limit is the current bound on requests in flight.
func (g *Gradient2) Limit() int { return int(g.limit) }

// Mean is the latest full window's mean latency (what sets the pace slots come free at: a
// window's slow export counts for that window only); zero before the first.
func (g *Gradient2) Mean() time.Duration { return g.mean }

// Sample records one finished request's latency and how many were in flight when it started;
// at the end of a window it updates the limit.
func (g *Gradient2) Sample(rtt time.Duration, inflight int) {
	g.samples = append(g.samples, rtt)
	g.peak = max(g.peak, inflight)
	if len(g.samples) < max(g.Window, 1) {
		return
	}
	var sum time.Duration
	for _, d := range g.samples {
		sum += d
	}
	g.mean = sum / time.Duration(len(g.samples))
	slices.Sort(g.samples)
	short := max(g.samples[len(g.samples)/2].Seconds(), 1e-6)
	peak := g.peak
	g.samples, g.peak = g.samples[:0], 0
	g.update(short, peak)
}

func (g *Gradient2) update(short float64, inflight int) {
	g.windows++
	if g.windows <= warmup {
		g.long += (short - g.long) / float64(g.windows)
	} else {
		g.long = g.long*(1-2.0/(longWindow+1)) + short*2.0/(longWindow+1)
	}
	// Latency back to normal after a long overload: forget the overload's average faster than
	// the smoothing would, so that the limit recovers in seconds.
	if g.long/short > 2 {
		g.long *= 0.95
	}
	// A limit that is not being used tells nothing: do not grow it.
	if float64(inflight) < g.limit/2 {
		return
	}
	gradient := math.Max(0.5, math.Min(1, g.Tolerance*g.long/short))
	// The allowance probed each window: the square root of the limit (Netflix's GradientLimit;
	// Gradient2 adds a fixed 4), so a large limit grows faster than a small one.
	queue := math.Max(math.Sqrt(g.limit), 1)
	next := g.limit*gradient + queue
	next = g.limit*(1-g.Smoothing) + next*g.Smoothing
	g.limit = math.Max(g.Min, math.Min(g.Max, next))
}
