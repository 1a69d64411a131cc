package goods

import "context"

// SaveSeen is Save answering, for an edit, the row as the edit found and left it: what its
// operation-log entry compares (tests check it against the row read back).
func (s *Service) SaveSeen(ctx context.Context, scope *int64, in Input) (Edit, error) {
	_, e, err := s.write(ctx, scope, in)
	return e, err
}
