package auth

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
)

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
	return s.endSessions(ctx, ids...)
}

// EndOtherSessions ends every live session of the user but keep (a password change ends the
// sessions that the old password opened elsewhere; keep "" ends them all).
func (s *Service) EndOtherSessions(ctx context.Context, userID int64, keep string) error {
	ids, err := s.sessionsOf(ctx, userID, keep)
	if err != nil {
		return err
	}
	return s.endSessions(ctx, ids...)
}

// sessionsOf lists the IDs of the user's live sessions but keep.
func (s *Service) sessionsOf(ctx context.Context, userID int64, keep string) ([]string, error) {
	sessions, err := s.d.Sessions.List(ctx, s.opt.Now())
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, ss := range sessions {
		if ss.UserID == userID && ss.ID != keep {
			ids = append(ids, ss.ID)
		}
	}
	return ids, nil
}

// CodeKicked is the code of the 401 (405 for a channel operator) that answers a session an
// administrator ended: the client says 您已被管理员强制下线 rather than 登录状态已过期.
const CodeKicked = "kicked"

func kickedKey(sid string) string { return "kicked:" + sid }

// kick ends sessions on an administrator's word: each is first marked in the shared store (for
// as long as a session can last, so no token of it outlives the mark) so that the next request
// of any of them, on any instance, is told it was kicked out; then they are ended.
func (s *Service) kick(ctx context.Context, ids ...string) error {
	for _, id := range ids {
		if _, err := s.d.KV.Incr(ctx, kickedKey(id), s.opt.SessionTTL); err != nil {
			return err
		}
	}
	return s.endSessions(ctx, ids...)
}

// wasKicked tells whether the session was ended by kick.
func (s *Service) wasKicked(ctx context.Context, sid string) (bool, error) {
	n, _, err := s.d.KV.Count(ctx, kickedKey(sid))
	return n > 0, err
}

// endSessions ends the sessions here and their tokens at the relay upstream.
func (s *Service) endSessions(ctx context.Context, ids ...string) error {
	if len(ids) == 0 {
		return nil
	}
	toks, err := s.upstreamTokens(ctx, ids)
	if err != nil {
		return err
	}
	if err := s.d.Sessions.Delete(ctx, ids...); err != nil {
		return err
	}
	s.ended(ctx, ids)
	s.logoutUpstream(ctx, toks...)
	return nil
}

// OnSessionEnd sets what is told of the sessions that end here (logout, kick-out, a disabled
// user, a password change, the upstream refusing a token): the message centre closes their live
// streams. Set once while wiring, before serving.
func (s *Service) OnSessionEnd(f func(ctx context.Context, sessionIDs []string)) { s.onEnd = f }

func (s *Service) ended(ctx context.Context, ids []string) {
	if s.onEnd != nil && len(ids) > 0 {
		s.onEnd(ctx, ids)
	}
}

// UserPath names a user in the path.
type UserPath struct {
	ID int64 `path:"id" required:"true"`
}

// handleEndMine is "log out everywhere" of the personal center: every session of the caller,
// this one too (the browser then signs in afresh).
func (s *Service) handleEndMine(c echo.Context) error {
	if err := s.EndOtherSessions(c.Request().Context(), authz.From(c).UserID, ""); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}

// handleEndUser is 强制下线 of the user list: every session of one user, under the kick-out
// rule (inside the caller's data scope, not ranking above the caller).
func (s *Service) handleEndUser(c echo.Context) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return httpx.BadRequest("id", "必须是正整数")
	}
	ctx := c.Request().Context()
	if _, found, err := s.d.Users.ByID(ctx, id); err != nil {
		return err
	} else if !found {
		return httpx.NotFound("用户不存在")
	}
	if err := s.mayEndUsers(ctx, authz.From(c), []int64{id}); err != nil {
		return err
	}
	ids, err := s.sessionsOf(ctx, id, "")
	if err != nil {
		return err
	}
	if err := s.kick(ctx, ids...); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}

// SignInAfterSetup starts a session for the administrator the first-run set-up has just created:
// the set-up token was the proof, so no password and no captcha are asked again.
func (s *Service) SignInAfterSetup(ctx context.Context, username, ip, userAgent string) (LoginResult, error) {
	u, found, err := s.d.Users.ByUsername(ctx, username)
	if err != nil {
		return LoginResult{}, err
	}
	if !found {
		return LoginResult{}, fmt.Errorf("signing in %q after the set-up: no such user", username)
	}
	return s.startSession(ctx, u, ip, userAgent)
}
