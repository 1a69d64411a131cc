package category

import (
	"context"
	"slices"
	"time"

	"mallconsole/bff/internal/platform/cache"
)

// RememberFor is how long the remembered tree is answered again (Store.Remember): the longest a
// change made through another instance takes to show here.
const RememberFor = 10 * time.Second

// memory keeps the tree: every goods edit checks its category against it and every goods list
// filtered by a category widens it to the subtree, while the tree itself changes a few times a
// year. Any write through this store forgets it.
type memory struct {
	gen  cache.Generation
	tree *cache.Map[struct{}, []Category]
}

// Remember makes All answer from memory for up to ttl, forgotten at once by any write through
// the store.
func (s *Store) Remember(ttl time.Duration, now func() time.Time) {
	m := &memory{}
	m.tree = cache.NewMap[struct{}, []Category](&m.gen, ttl, 1, now)
	s.mem = m
}

// forget drops the remembered tree: called after every write, whether it succeeded or not.
func (s *Store) forget() {
	if s.mem != nil {
		s.mem.gen.Bump()
	}
}

// All returns every category in the tree's order (sort, then id).
func (s *Store) All(ctx context.Context) ([]Category, error) {
	if s.mem == nil {
		return s.readAll(ctx)
	}
	all, err := s.mem.tree.Get(struct{}{}, func() ([]Category, error) { return s.readAll(ctx) })
	return slices.Clone(all), err // callers may sort: the remembered rows stay as read
}
