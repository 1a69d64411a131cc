package upstream

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/httpx"
)

// Relay is where a relay prefix finds the upstream's own token of a session, and how it ends a
// session the upstream no longer knows (package auth).
type Relay interface {
	UpstreamToken(ctx context.Context, sessionID string) (string, error)
	EndSession(ctx context.Context, sessionID string) error
}

// Messages of relayed calls.
const (
	// msgNoRelayToken: the session was not signed in through the upstream (a local sign-in).
	msgNoRelayToken = "当前登录没有上游服务的凭证，请通过上游登录"
	msgRelayExpired = "登录状态已过期，请重新登录"
)

// credential is the Authorization header a call as p gets: the upstream's own token kept in the
// session for a relay prefix, else a freshly signed identity JWT.
func (px *proxy) credential(ctx context.Context, p *authz.Principal) (string, error) {
	if px.up.Identity != config.IdentityRelay {
		tok, err := px.signer.Sign(p, px.up.Prefix)
		return "Bearer " + tok, err
	}
	tok, err := px.relay.UpstreamToken(ctx, p.SessionID)
	if err != nil {
		return "", err
	}
	if tok == "" {
		return "", &httpx.Error{Status: http.StatusForbidden, Message: msgNoRelayToken}
	}
	return "Bearer " + tok, nil
}

// relayRefused handles the upstream's 401 on a relay prefix: its token is gone (expired,
// logged out, or never its own), so the BFF session that holds it ends too and the browser
// signs in again — 401 for staff, 405 for channel operators and anything under /background.
func (px *proxy) relayRefused(ctx context.Context, cl *call, path string) error {
	if err := px.relay.EndSession(context.WithoutCancel(ctx), cl.principal.SessionID); err != nil {
		px.log.Error("ending the session the upstream refused", "request_id", cl.requestID, "err", err)
	}
	px.log.Info("upstream refused the relayed token; session ended", "request_id", cl.requestID,
		"username", cl.principal.Username)
	status := http.StatusUnauthorized
	if cl.principal.Kind == authz.KindChannel || config.UnderPrefix(path, "/background") {
		status = http.StatusMethodNotAllowed
	}
	return &httpx.Error{Status: status, Message: msgRelayExpired}
}

// clearCredentials drops whatever the browser sent as credentials.
func clearCredentials(h http.Header) {
	h.Del("Cookie")
	h.Del("Proxy-Authorization")
	h.Del(echo.HeaderAuthorization)
}
