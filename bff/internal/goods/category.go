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
// disabled keeps it through an edit that leaves it alone; only choosing it is refused. keptOnly:
// the category is disabled, so the edit must find it on the row (compared under its lock, with
// no read of its own: the edit's transaction does not wait on a second connection of its pool).
func (s *Service) checkCategory(ctx context.Context, in Input) (keptOnly bool, err error) {
	err = s.categories.Valid(ctx, in.Category)
	if errors.Is(err, ErrCategoryDisabled) && in.ID != 0 {
		return true, nil
	}
	return false, err
}
