package category

import (
	"context"
	"errors"
	"fmt"

	"gorm.io/gorm"

	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/platform/tree"
)

// Domain errors of category changes; http.go turns them into answers. tree.ErrUnderItself and
// tree.ErrLoop come through as they are.
var (
	ErrNotFound     = errors.New("category: no such category")
	ErrNoParent     = errors.New("category: no such parent")
	ErrTooDeep      = errors.New("category: deeper than MaxDepth levels")
	ErrCodeConflict = errors.New("category: code taken")
	ErrCodeFixed    = errors.New("category: the code of an existing category cannot change")
	ErrHasChildren  = errors.New("category: it has child categories")
	ErrHasGoods     = errors.New("category: goods belong to it")
)

// InUseError is ErrHasChildren or ErrHasGoods with how many, so that the answer can say it.
type InUseError struct {
	Kind error // ErrHasChildren or ErrHasGoods
	N    int64
}

func (e *InUseError) Error() string        { return fmt.Sprintf("%v (%d)", e.Kind, e.N) }
func (e *InUseError) Is(target error) bool { return target == e.Kind }

// Goods is what categories need of goods: how many rows carry one of the codes.
type Goods interface {
	CountInCategories(ctx context.Context, codes []string) (int64, error)
}

// Service holds the rules of the category tree. It is also what goods asks (goods.Categories).
type Service struct {
	store *Store
	goods Goods
}

// NewService builds the service.
func NewService(store *Store, g Goods) *Service { return &Service{store: store, goods: g} }

func catID(c Category) int64 { return c.ID }
func catPID(c Category) *int64 {
	if c.ParentID == 0 {
		return nil
	}
	return &c.ParentID
}

// levels is each category's level (a root is 1), following parents at most len(all) steps; a
// category on a parent loop or under a missing parent gets the level it reached.
func levels(all []Category) map[int64]int {
	up := make(map[int64]int64, len(all))
	for _, c := range all {
		up[c.ID] = c.ParentID
	}
	out := make(map[int64]int, len(all))
	for _, c := range all {
		n := 1
		for p := c.ParentID; p != 0 && n <= len(all); p = up[p] {
			if _, ok := up[p]; !ok {
				break
			}
			n++
		}
		out[c.ID] = n
	}
	return out
}

// height is how many levels the subtree of id spans (a leaf: 1).
func height(all []Category, id int64) (int, error) {
	sub, err := tree.Subtree(all, id, catID, catPID)
	if err != nil {
		return 0, err
	}
	lv := levels(all)
	top, h := lv[id], 1
	for _, n := range sub {
		h = max(h, lv[n]-top+1)
	}
	return h, nil
}

// Save creates (c.ID 0) or changes c under the tree's rules: the parent exists, is not c or
// below it, no level goes past MaxDepth (a moved category brings its subtree along), the code
// is unique and, once created, fixed (goods carry it). The rules are checked and the row written
// in one transaction holding every category row locked.
func (s *Service) Save(ctx context.Context, c *Category) error {
	return s.store.locked(ctx, func(tx *gorm.DB, all []Category) error {
		byID := make(map[int64]Category, len(all))
		for _, x := range all {
			byID[x.ID] = x
		}
		if c.ID != 0 {
			old, ok := byID[c.ID]
			if !ok {
				return ErrNotFound
			}
			if old.Code != c.Code {
				return ErrCodeFixed
			}
		}
		h := 1
		if c.ID != 0 {
			var err error
			if h, err = height(all, c.ID); err != nil {
				return err
			}
		}
		level := 1
		if c.ParentID != 0 {
			if _, ok := byID[c.ParentID]; !ok {
				return ErrNoParent
			}
			if c.ID != 0 {
				if err := tree.CheckParent(all, c.ID, c.ParentID, catID, catPID); err != nil {
					return err
				}
			}
			level = levels(all)[c.ParentID] + 1
		}
		if level+h-1 > MaxDepth {
			return ErrTooDeep
		}
		return save(tx, c)
	})
}

// Delete removes one category, refused while it has child categories or goods carry its code.
func (s *Service) Delete(ctx context.Context, id int64) error {
	all, err := s.store.All(ctx)
	if err != nil {
		return err
	}
	var code string
	for _, c := range all {
		if c.ID == id {
			code = c.Code
		}
	}
	if code == "" {
		return ErrNotFound
	}
	// Counted before the write lock: the goods live in another table, read through their store.
	n, err := s.goods.CountInCategories(ctx, []string{code})
	if err != nil {
		return err
	}
	if n > 0 {
		return &InUseError{Kind: ErrHasGoods, N: n}
	}
	return s.store.locked(ctx, func(tx *gorm.DB, all []Category) error {
		found := false
		var kids int64
		for _, c := range all {
			found = found || c.ID == id
			if c.ParentID == id {
				kids++
			}
		}
		if !found {
			return ErrNotFound
		}
		if kids > 0 {
			return &InUseError{Kind: ErrHasChildren, N: kids}
		}
		return remove(tx, id)
	})
}

// Valid tells goods whether code may be given to a new or edited row: it names a category that
// is enabled, and so are all above it (a disabled category closes its subtree to new goods).
// Goods that already carry a disabled code keep it; only choosing it is refused.
func (s *Service) Valid(ctx context.Context, code string) error {
	all, err := s.store.All(ctx)
	if err != nil {
		return err
	}
	on := usable(all)
	for _, c := range all {
		if c.Code == code {
			if !on[c.ID] {
				return goods.ErrCategoryDisabled
			}
			return nil
		}
	}
	return goods.ErrUnknownCategory
}

// usable is, per category, whether it and every category above it are enabled.
func usable(all []Category) map[int64]bool {
	byID := make(map[int64]Category, len(all))
	for _, c := range all {
		byID[c.ID] = c
	}
	out := make(map[int64]bool, len(all))
	for _, c := range all {
		ok := true
		seen := map[int64]bool{}
		for at, found := c, true; found && !seen[at.ID]; at, found = byID[at.ParentID] {
			seen[at.ID] = true
			ok = ok && at.Enabled
		}
		out[c.ID] = ok
	}
	return out
}

// WithChildren is code with the codes of every category below it, enabled or not, for the goods
// filter: filtering by 服装 finds the goods of 男装 › T恤. A code that names no category is
// returned alone, so goods carrying an old value still filter by it.
func (s *Service) WithChildren(ctx context.Context, code string) ([]string, error) {
	all, err := s.store.All(ctx)
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]string, len(all))
	root := int64(0)
	for _, c := range all {
		byID[c.ID] = c.Code
		if c.Code == code {
			root = c.ID
		}
	}
	if root == 0 {
		return []string{code}, nil
	}
	ids, err := tree.Subtree(all, root, catID, catPID)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = byID[id]
	}
	return out, nil
}

// All returns every category in the tree's order.
func (s *Service) All(ctx context.Context) ([]Category, error) { return s.store.All(ctx) }

// Names are every category's name by code: the goods export writes a row's category by name.
func (s *Service) Names(ctx context.Context) (map[string]string, error) {
	all, err := s.store.All(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(all))
	for _, c := range all {
		out[c.Code] = c.Name
	}
	return out, nil
}
