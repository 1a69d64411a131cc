package cache

import "time"

// Counts remembers how many rows a list's filters select, per filter key, so that paging
// through a million rows does not count them again for every page. Entries die when the owner
// writes (Invalidate, at once) or after ttl (writes this instance did not see: another instance,
// the shop). V is a number, or the counts of a group (the order tabs).
type Counts[V any] struct {
	gen Generation
	m   *Map[string, V]
}

// NewCounts keeps at most max keys, each for at most ttl.
func NewCounts[V any](ttl time.Duration, max int, now func() time.Time) *Counts[V] {
	c := &Counts[V]{}
	c.m = NewMap[string, V](&c.gen, ttl, max, now)
	return c
}

// Get returns the remembered count for key, or counts, remembers and returns it.
func (c *Counts[V]) Get(key string, count func() (V, error)) (V, error) { return c.m.Get(key, count) }

// Invalidate forgets every count (a write changed what they were counted from).
func (c *Counts[V]) Invalidate() { c.gen.Bump() }
