// Package cache holds small in-process caches whose entries die when a generation counter moves
// (a write that changes what they were built from) or when they grow old (writes made by another
// instance of the BFF, which this one cannot see).
package cache

import (
	"sync"
	"sync/atomic"
	"time"
)

// Generation is bumped by every write that invalidates cached reads (menus, roles, users).
type Generation struct{ n atomic.Uint64 }

// Bump invalidates everything cached before it.
func (g *Generation) Bump() { g.n.Add(1) }

// Load is the current generation.
func (g *Generation) Load() uint64 { return g.n.Load() }

// Map caches values by key for at most ttl and only within one generation.
type Map[K comparable, V any] struct {
	gen *Generation
	ttl time.Duration
	now func() time.Time
	max int

	mu sync.RWMutex
	m  map[K]entry[V]
}

type entry[V any] struct {
	v    V
	gen  uint64
	born time.Time
}

// NewMap makes a cache of at most max entries (it is emptied when full: entries are cheap to
// rebuild, and a bound keeps memory flat).
func NewMap[K comparable, V any](gen *Generation, ttl time.Duration, max int, now func() time.Time) *Map[K, V] {
	return &Map[K, V]{gen: gen, ttl: ttl, now: now, max: max, m: map[K]entry[V]{}}
}

// Get returns the cached value for k, or builds, stores and returns it.
func (c *Map[K, V]) Get(k K, build func() (V, error)) (V, error) {
	g := c.gen.Load()
	c.mu.RLock()
	e, ok := c.m[k]
	c.mu.RUnlock()
	if ok && e.gen == g && c.now().Sub(e.born) < c.ttl {
		return e.v, nil
	}
	v, err := build()
	if err != nil {
		return v, err
	}
	c.mu.Lock()
	if len(c.m) >= c.max {
		clear(c.m)
	}
	c.m[k] = entry[V]{v: v, gen: g, born: c.now()}
	c.mu.Unlock()
	return v, nil
}
