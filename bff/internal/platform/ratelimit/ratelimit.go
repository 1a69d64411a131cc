// Package ratelimit limits how often a key (a client address) may do something, in memory: a
// token bucket per key, refilled at a steady rate. It is per process: behind several instances
// a client gets the rate once per instance, which still bounds what it can cost.
package ratelimit

import (
	"net/netip"
	"sync"
	"time"
)

// Limiter allows perMinute events a minute per key, in bursts of up to perMinute.
type Limiter struct {
	mu        sync.Mutex
	perMinute float64
	maxKeys   int
	now       func() time.Time
	buckets   map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

// New makes a limiter that tracks at most maxKeys keys; perMinute 0 allows everything.
func New(perMinute, maxKeys int, now func() time.Time) *Limiter {
	return &Limiter{perMinute: float64(perMinute), maxKeys: maxKeys, now: now, buckets: map[string]*bucket{}}
}

// Allow takes one event from key's allowance and reports whether there was one.
func (l *Limiter) Allow(key string) bool {
	if l.perMinute <= 0 {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b, ok := l.buckets[key]
	if !ok {
		if len(l.buckets) >= l.maxKeys {
			l.forgetFull(now)
			if len(l.buckets) >= l.maxKeys {
				return false // flooded from more addresses than we track: refuse newcomers
			}
		}
		b = &bucket{tokens: l.perMinute, at: now}
		l.buckets[key] = b
	}
	b.tokens = min(l.perMinute, b.tokens+now.Sub(b.at).Minutes()*l.perMinute)
	b.at = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// forgetFull drops the buckets that have refilled: they allow what a new one would.
func (l *Limiter) forgetFull(now time.Time) {
	for k, b := range l.buckets {
		if b.tokens+now.Sub(b.at).Minutes()*l.perMinute >= l.perMinute {
			delete(l.buckets, k)
		}
	}
}

// AddressKey is the key of a client address: IPv6 addresses by their /64, which one client
// usually holds whole; anything else as it is.
func AddressKey(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil || a.Unmap().Is4() {
		return ip
	}
	p, _ := a.Prefix(64)
	return p.String()
}
