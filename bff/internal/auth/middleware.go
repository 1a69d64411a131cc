package auth

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
)

// Authenticate lets a request through only with a token whose session is live, and puts the
// principal into the context. Refusals are 401 for staff and 405 for channel operators — the
// kind is read from the token even when it has expired or was revoked — and 405 for anything
// under /background/, the channel operators' API.
func (s *Service) Authenticate(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		p, err := s.authenticate(c)
		if err != nil {
			return err
		}
		authz.Set(c, p)
		return next(c)
	}
}

func refuse(kind, path, msg string) error {
	return refuseWith(kind, path, "", msg)
}

// refuseWith is refuse with a code of its own ("" for the status's default).
func refuseWith(kind, path, code, msg string) error {
	if kind == authz.KindChannel || path == "/background" || strings.HasPrefix(path, "/background/") {
		return &httpx.Error{Status: http.StatusMethodNotAllowed, Code: code, Message: msg}
	}
	return &httpx.Error{Status: http.StatusUnauthorized, Code: code, Message: msg}
}

func (s *Service) authenticate(c echo.Context) (*authz.Principal, error) {
	req := c.Request()
	path := req.URL.Path
	raw := bearer(req.Header.Get(echo.HeaderAuthorization))
	if raw == "" {
		return nil, refuse("", path, msgNotSignedIn)
	}
	cl, uid, err := s.tokens.parse(raw)
	if err != nil {
		if s.opt.Edge != nil {
			// Origin role: the edge BFF checked the session and vouches for the caller.
			if p, err := s.opt.Edge.Principal(raw, path); err == nil {
				return p, nil
			}
		}
		return nil, refuse("", path, msgExpired)
	}
	now := s.opt.Now()
	if !cl.ExpiresAt.After(now) {
		return nil, refuse(cl.Kind, path, msgExpired)
	}
	ctx := req.Context()
	sess, found, err := s.d.Sessions.Lookup(ctx, cl.SID)
	if err != nil {
		return nil, err
	}
	if !found {
		// Gone before its time: ended by an administrator (强制下线) is said as such. Read only
		// here, off the path of a live session.
		kicked, err := s.wasKicked(ctx, cl.SID)
		if err != nil {
			return nil, err
		}
		if kicked {
			return nil, refuseWith(cl.Kind, path, CodeKicked, msgKicked)
		}
	}
	if !found || !sess.ExpiresAt.After(now) || sess.UserID != uid || sess.Kind != cl.Kind {
		return nil, refuse(cl.Kind, path, msgExpired)
	}
	a, err := s.loadAccess(ctx, sess.UserID)
	if err != nil {
		return nil, err
	}
	if !a.found || !a.enabled || a.kind != sess.Kind {
		return nil, refuse(cl.Kind, path, msgExpired)
	}
	return principal(sess, a), nil
}
