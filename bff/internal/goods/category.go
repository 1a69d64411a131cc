package goods

import (
	"context"
	"errors"
)

// CountInCategories is how many goods carry one of the category codes:
// a category is deleted only when none does.
func (s *Store) CountInCategories(ctx context.Context, codes []string) (int64, error) {
	var n int64
	if len(codes) == 0 {
		return 0, nil
	}
	err := s.db.WithContext(ctx).Model(&Goods{}).Where("category IN ?", codes).Count(&n).Error
	return n, err
}

// checkCategory: a row is given an enabled category. A row that already has a category since
// disabled keeps it through an edit that leaves it alone; only choosing it is refused. That
// last part is the edit's to check, under its lock: the answer compares the row's category then
// (no read: the edit's transaction does not wait on a connection of its own pool).
func (s *Service) checkCategory(ctx context.Context, in Input) (func(was string) error, error) {
	err := s.categories.Valid(ctx, in.Category)
	if errors.Is(err, ErrCategoryDisabled) && in.ID != 0 {
		return func(was string) error {
			if was != in.Category {
				return ErrCategoryDisabled
			}
			return nil
		}, nil
	}
	return func(string) error { return nil }, err
}
