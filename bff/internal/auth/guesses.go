package auth

import (
	"context"
	"strconv"
	"time"
)

// Old-password guesses (changing one's own password) are counted per account like sign-ins:
// the same limit and lock time, on a counter of their own. There is no address rule here: the
// caller already holds a session of the account, so the lock binds the account.

func oldPasswordKey(userID int64) string { return "password:id:" + strconv.FormatInt(userID, 10) }

// OldPasswordLocked returns how long the account's old-password checks stay refused (0: not).
func (s *Service) OldPasswordLocked(ctx context.Context, userID int64) (time.Duration, error) {
	w, _, err := s.limiter.wait(ctx, oldPasswordKey(userID), s.limiter.maxUser)
	return w, err
}

// OldPasswordFailed counts a wrong old password.
func (s *Service) OldPasswordFailed(ctx context.Context, userID int64) error {
	_, err := s.limiter.kv.Incr(ctx, oldPasswordKey(userID), s.limiter.window)
	return err
}

// OldPasswordMatched forgets the account's wrong guesses.
func (s *Service) OldPasswordMatched(ctx context.Context, userID int64) error {
	return s.limiter.kv.Delete(ctx, oldPasswordKey(userID))
}
