package goods

import "context"

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
