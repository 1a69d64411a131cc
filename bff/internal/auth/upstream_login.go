package auth

import (
	"context"
	"errors"
	"net/http"
	"time"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/upstream"
	"mallconsole/bff/internal/user"
)

// UpstreamSignIn is the relay upstream's sign-in API (upstream.SignIn).
type UpstreamSignIn interface {
	Code(ctx context.Context) (img, uuid string, err error)
	Login(ctx context.Context, kind string, in upstream.Credentials) (upstream.Account, error)
	Logout(ctx context.Context, token string) error
}

// Accounts makes the BFF account of a person the relay upstream signed in (user.Store).
type Accounts interface {
	FromUpstream(ctx context.Context, u user.User) (user.User, error)
}

// msgNameTaken: the upstream's user name looks like another account's here (user.NameKey).
const msgNameTaken = "账号名与本系统已有账号冲突，请联系管理员"

// viaUpstream tells whether accounts of kind sign in through the relay upstream.
func (s *Service) viaUpstream(kind string) bool {
	if s.d.Upstream == nil {
		return false
	}
	if kind == authz.KindChannel {
		return s.opt.ChannelUpstream
	}
	return s.opt.StaffUpstream
}

// upstreamLogin signs in through the relay upstream: it judges the password (and its own
// captcha); the BFF keeps its address and account lock-outs, makes or refreshes the account
// and starts its own session holding the upstream's token, which never reaches the browser.
func (s *Service) upstreamLogin(ctx context.Context, in passwordLogin) (LoginResult, error) {
	if err := s.addressOpen(ctx, in); err != nil {
		return LoginResult{}, err
	}
	acct := account{kind: in.kind, name: in.username}
	if u, found, err := s.d.Users.ByUsername(ctx, in.username); err != nil {
		return LoginResult{}, err
	} else if found && u.Kind == in.kind {
		acct.id = u.ID
	}
	if wait, err := s.limiter.accountLocked(ctx, acct, in.ip); err != nil {
		return LoginResult{}, err
	} else if wait > 0 {
		s.opt.Log.Warn("sign-in refused: account locked out for this address", "username", in.username, "ip", in.ip)
		return LoginResult{}, lockedError(wait)
	}
	got, err := s.d.Upstream.Login(ctx, in.kind, upstream.Credentials{Username: in.username, Password: in.secret,
		Code: in.code, UUID: in.uuid})
	if err != nil {
		var he *httpx.Error
		if errors.As(err, &he) && (he.Status == http.StatusBadRequest || he.Status == http.StatusUnauthorized) {
			if err := s.limiter.fail(ctx, acct, in.ip); err != nil {
				return LoginResult{}, err
			}
		}
		s.opt.Log.Info("upstream refused the sign-in", "username", in.username, "kind", in.kind, "ip", in.ip, "err", err)
		return LoginResult{}, err
	}
	u, err := s.d.Accounts.FromUpstream(ctx, user.User{Username: got.Username, NickName: got.NickName, Email: got.Email,
		Phone: got.Phone, Gender: got.Gender, Kind: in.kind, Enabled: true})
	if errors.Is(err, user.ErrDuplicate) {
		s.logoutUpstream(ctx, got.Token)
		return LoginResult{}, &httpx.Error{Status: http.StatusConflict, Message: msgNameTaken}
	}
	if err != nil {
		return LoginResult{}, err
	}
	refuse := func(code, msg string) (LoginResult, error) {
		s.logoutUpstream(ctx, got.Token)
		return LoginResult{}, &httpx.Error{Status: http.StatusBadRequest, Code: code, Message: msg}
	}
	switch ok, err := s.agencyLetsIn(ctx, u); {
	case err != nil:
		return LoginResult{}, err
	case u.Kind != in.kind:
		// The name is another kind of account here: the upstream cannot make it this kind.
		return refuse("bad_credentials", msgBadLogin)
	case !u.Enabled:
		return refuse("account_disabled", msgDisabled)
	case !ok:
		return refuse("agency_disabled", msgAgencyDisabled)
	}
	if err := s.addressAllowed(u, in.ip); err != nil {
		s.logoutUpstream(ctx, got.Token)
		return LoginResult{}, err
	}
	if err := s.limiter.succeed(ctx, acct); err != nil {
		return LoginResult{}, err
	}
	s.opt.Log.Info("signed in through the upstream", "username", u.Username, "kind", u.Kind, "ip", in.ip,
		"upstream_roles", len(got.Roles))
	return s.startSession(ctx, u, in.ip, in.userAgent, got.Token)
}

// upstreamTokens are the relay upstream's tokens of the sessions (none without the upstream).
func (s *Service) upstreamTokens(ctx context.Context, ids []string) ([]string, error) {
	if s.d.Upstream == nil {
		return nil, nil
	}
	var toks []string
	for _, id := range ids {
		tok, err := s.d.Sessions.UpstreamToken(ctx, id)
		if err != nil {
			return nil, err
		}
		if tok != "" {
			toks = append(toks, tok)
		}
	}
	return toks, nil
}

// logoutUpstream ends the tokens at the upstream (best effort, all within one short deadline:
// the BFF sessions are over either way; a token not ended lives out its own time there).
func (s *Service) logoutUpstream(ctx context.Context, tokens ...string) {
	if s.d.Upstream == nil || len(tokens) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	for _, tok := range tokens {
		if tok == "" {
			continue
		}
		if err := s.d.Upstream.Logout(ctx, tok); err != nil {
			s.opt.Log.Warn("upstream logout failed", "err", err)
		}
	}
}

// UpstreamToken is the relay upstream's token of the session ("" when it has none): the
// credential of its relayed calls (upstream.Relay).
func (s *Service) UpstreamToken(ctx context.Context, sessionID string) (string, error) {
	return s.d.Sessions.UpstreamToken(ctx, sessionID)
}

// EndSession ends a session whose upstream token the upstream refused (upstream.Relay).
func (s *Service) EndSession(ctx context.Context, sessionID string) error {
	if err := s.d.Sessions.Delete(ctx, sessionID); err != nil {
		return err
	}
	s.ended(ctx, []string{sessionID})
	return nil
}
