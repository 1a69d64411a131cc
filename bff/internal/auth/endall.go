package auth

import "context"

// EndAllSessions ends every live session (finishing the first-run set-up starts afresh).
func (s *Service) EndAllSessions(ctx context.Context) error {
	sessions, err := s.d.Sessions.List(ctx, s.opt.Now())
	if err != nil {
		return err
	}
	ids := make([]string, 0, len(sessions))
	for _, ss := range sessions {
		ids = append(ids, ss.ID)
	}
	if len(ids) == 0 {
		return nil
	}
	return s.d.Sessions.Delete(ctx, ids...)
}
