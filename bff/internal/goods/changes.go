package goods

import "context"

// lookFor reads goods inside the scope as an edit's operation-log entry compares them
// (audit.Edited): the detail as GET /api/goods/:id answers, its SKUs included.
func (s *Service) lookFor(scope *int64) func(context.Context, int64) (Detail, error) {
	return func(ctx context.Context, id int64) (Detail, error) {
		g, skus, err := s.Detail(ctx, scope, id)
		if err != nil {
			return Detail{}, err
		}
		names, err := s.AgencyNames(ctx, []Goods{g})
		return detailOf(rowOf(g, names, true), g.Specs, skus), err
	}
}

func inputID(in Input) int64 { return in.ID }
