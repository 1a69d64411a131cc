package admit

import (
	"testing"
	"time"
)

// feed gives g n windows of samples at rtt with the limit in use.
func feed(g *Gradient2, n int, rtt time.Duration) {
	for range n * g.Window {
		g.Sample(rtt, g.Limit())
	}
}

func TestLimitRisesUnderSteadyLatency(t *testing.T) {
	g := NewGradient2(20, 10, 200)
	feed(g, 30, 10*time.Millisecond)
	if g.Limit() <= 20 {
		t.Fatalf("limit %d after 30 windows at a steady 10 ms: want above the initial 20", g.Limit())
	}
}

func TestLimitFallsWhenLatencyGrows(t *testing.T) {
	g := NewGradient2(20, 5, 200)
	feed(g, 30, 10*time.Millisecond)
	before := g.Limit()
	feed(g, 10, 40*time.Millisecond)
	if after := g.Limit(); after >= before {
		t.Fatalf("limit %d → %d when latency went from 10 to 40 ms: want it to fall", before, after)
	}
}

func TestLimitStaysWithinBounds(t *testing.T) {
	g := NewGradient2(20, 10, 50)
	feed(g, 500, time.Millisecond)
	if g.Limit() != 50 {
		t.Fatalf("limit %d after long good latency: want the cap 50", g.Limit())
	}
	for i := range 100 {
		feed(g, 1, time.Duration(i+2)*time.Second)
	}
	if g.Limit() != 10 {
		t.Fatalf("limit %d after latency kept growing: want the floor 10", g.Limit())
	}
}

func TestLimitDoesNotGrowWhenUnused(t *testing.T) {
	g := NewGradient2(40, 10, 200)
	for range 50 * g.Window {
		g.Sample(time.Millisecond, 3) // 3 in flight of a limit of 40
	}
	if g.Limit() != 40 {
		t.Fatalf("limit %d with 3 of 40 in use: want it left at 40", g.Limit())
	}
}

func TestOneSlowRequestInAWindowIsNotQueueing(t *testing.T) {
	g := NewGradient2(20, 5, 200)
	feed(g, 30, 10*time.Millisecond)
	before := g.Limit()
	for i := range g.Window {
		rtt := 10 * time.Millisecond
		if i == 3 {
			rtt = 5 * time.Second // an export
		}
		g.Sample(rtt, g.Limit())
	}
	if g.Limit() < before {
		t.Fatalf("limit %d → %d for one 5 s request among 10 ms ones: want no fall", before, g.Limit())
	}
}

func TestLimitRecoversAfterOverload(t *testing.T) {
	g := NewGradient2(50, 5, 200)
	feed(g, 20, 10*time.Millisecond)
	feed(g, 100, 200*time.Millisecond)
	low := g.Limit()
	feed(g, 60, 10*time.Millisecond)
	if g.Limit() <= low {
		t.Fatalf("limit %d after overload, %d once latency came back: want it to rise again", low, g.Limit())
	}
}
