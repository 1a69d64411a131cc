package user

import "context"

// auditRow is a user as an edit's operation-log entry compares them (audit.Edited): the list's
// row, with the department and roles by name.
func (s *Service) auditRow(ctx context.Context, id int64) (Row, error) {
	u, found, err := s.store.ByID(ctx, id)
	if err != nil {
		return Row{}, err
	}
	if !found {
		return Row{}, ErrNotFound
	}
	rows, err := s.rows(ctx, []User{u})
	if err != nil {
		return Row{}, err
	}
	return rows[0], nil
}

func inputID(in Input) int64 { return in.ID }
