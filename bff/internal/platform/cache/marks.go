package cache

import (
	"slices"
	"sync"
	"time"
)

// Mark is where a page of a sorted list begins: the row before it (its sort key and id) and its
// offset. A page at a later offset is then read from the mark on (WHERE key > mark) instead of
// walking every row before it.
type Mark struct {
	Offset int
	Key    any
	ID     int64
}

// Marks remembers, per list (filters and order), the marks of the pages read. They die like
// counts: on a write through the owner (Invalidate) or after ttl (a write it did not see).
type Marks struct {
	gen Generation
	m   *Map[string, *markList]
}

type markList struct {
	mu    sync.Mutex
	marks []Mark // by offset
}

// maxMarks bounds one list's marks (one per page visited); past it the list starts over.
const maxMarks = 2_000

// NewMarks keeps the marks of at most max lists, each for at most ttl.
func NewMarks(ttl time.Duration, max int, now func() time.Time) *Marks {
	c := &Marks{}
	c.m = NewMap[string, *markList](&c.gen, ttl, max, now)
	return c
}

func (c *Marks) list(key string) *markList {
	l, _ := c.m.Get(key, func() (*markList, error) { return &markList{}, nil })
	return l
}

// Nearest is the mark with the greatest offset ≤ offset, if any.
func (c *Marks) Nearest(key string, offset int) (Mark, bool) {
	l := c.list(key)
	l.mu.Lock()
	defer l.mu.Unlock()
	i, found := slices.BinarySearchFunc(l.marks, offset, func(m Mark, o int) int { return m.Offset - o })
	if found {
		return l.marks[i], true
	}
	if i == 0 {
		return Mark{}, false
	}
	return l.marks[i-1], true
}

// Put remembers m for key.
func (c *Marks) Put(key string, m Mark) {
	l := c.list(key)
	l.mu.Lock()
	defer l.mu.Unlock()
	i, found := slices.BinarySearchFunc(l.marks, m.Offset, func(x Mark, o int) int { return x.Offset - o })
	switch {
	case found:
		l.marks[i] = m
	case len(l.marks) >= maxMarks:
		l.marks = []Mark{m}
	default:
		l.marks = slices.Insert(l.marks, i, m)
	}
}

// Invalidate forgets every mark (a write moved the rows).
func (c *Marks) Invalidate() { c.gen.Bump() }
