package dict

import (
	"context"
	"slices"
	"strconv"
	"time"

	"mallconsole/bff/internal/platform/cache"
)

// RememberFor is how long a remembered dictionary read is answered again (Store.Remember): the
// longest an entry written through another instance takes to show here.
const RememberFor = 10 * time.Second

// memory keeps the dictionaries' reads: every page load of a list with a dictionary column asks
// for the same few, and the order service checks a shipment's express company against one.
// Any write through this store forgets them all (writes are rare; the bench's hot dictionary is
// not).
type memory struct {
	gen     cache.Generation
	details *cache.Map[string, []Detail]
	pages   *cache.Map[string, page]
}

type page struct {
	rows  []Detail
	total int64
}

// Remember makes the store answer Details and DetailPage from memory for up to ttl, forgotten at
// once by any write through it.
func (s *Store) Remember(ttl time.Duration, now func() time.Time) {
	m := &memory{}
	m.details = cache.NewMap[string, []Detail](&m.gen, ttl, 1_000, now)
	m.pages = cache.NewMap[string, page](&m.gen, ttl, 1_000, now)
	s.mem = m
}

// forget drops what is remembered: called after every write, whether it succeeded or not.
func (s *Store) forget() {
	if s.mem != nil {
		s.mem.gen.Bump()
	}
}

func (s *Store) rememberedDetails(ctx context.Context, name string) ([]Detail, error) {
	if s.mem == nil {
		return s.readDetails(ctx, name)
	}
	ds, err := s.mem.details.Get(name, func() ([]Detail, error) { return s.readDetails(ctx, name) })
	return slices.Clone(ds), err // callers may sort or append: the remembered rows stay as read
}

func (s *Store) rememberedPage(ctx context.Context, name string, offset, limit int) ([]Detail, int64, error) {
	if s.mem == nil {
		return s.readPage(ctx, name, offset, limit)
	}
	key := strconv.Itoa(offset) + "|" + strconv.Itoa(limit) + "|" + name
	p, err := s.mem.pages.Get(key, func() (page, error) {
		rows, total, err := s.readPage(ctx, name, offset, limit)
		return page{rows, total}, err
	})
	return slices.Clone(p.rows), p.total, err
}
