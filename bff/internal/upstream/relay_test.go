package upstream_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/upstream/eladmintest"
	"mallconsole/bff/internal/user"
)

// relayed starts a BFF whose upstreams are spec ("%s": the backend's URL), signing people in
// there as env says (BFF_STAFF_LOGIN=…, BFF_UPSTREAM_RSA_PUBLIC_KEY=…), parsed as the program does.
func relayed(t *testing.T, backendURL, spec string, env ...string) *apptest.Server {
	t.Helper()
	return relayedOn(t, "sqlite", backendURL, spec, env...)
}

// relayedOn is relayed with the BFF's stores of variant (apptest.Variants).
func relayedOn(t *testing.T, variant, backendURL, spec string, env ...string) *apptest.Server {
	t.Helper()
	env = append([]string{"BFF_UPSTREAM_TIMEOUT=5s"}, append(env, "BFF_UPSTREAMS="+strings.ReplaceAll(spec, "%s", backendURL),
		"BFF_UPSTREAM_SECRET="+secret)...)
	c, err := config.Load(nil, env, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	return apptest.Start(t, variant, func(cfg *config.Config) {
		cfg.Upstreams, cfg.UpstreamSecret, cfg.UpstreamTimeout = c.Upstreams, c.UpstreamSecret, c.UpstreamTimeout
		cfg.StaffLogin, cfg.ChannelLogin, cfg.UpstreamRSAKey = c.StaffLogin, c.ChannelLogin, c.UpstreamRSAKey
	})
}

var alice = eladmintest.User{ID: 7, Username: "alice", Password: "alice-pass-1", NickName: "爱丽丝", Email: "alice@example.com",
	Roles: []string{"user:list"}}

// upstreamLogin signs in at the BFF with the backend's captcha.
func upstreamLogin(t *testing.T, s *apptest.Server, el *eladmintest.Server, username, password string) apptest.Response {
	t.Helper()
	var code struct {
		Img, UUID string
		Enabled   bool
	}
	r := s.Get(t, "/api/auth/code", "")
	if r.Status != http.StatusOK {
		return r
	}
	r.JSON(t, &code)
	if !code.Enabled || !strings.HasPrefix(code.Img, "data:image/") || code.UUID == "" {
		t.Fatalf("captcha = %+v", code)
	}
	return s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/auth/login",
		JSON: map[string]string{"username": username, "password": password, "code": el.Answer(code.UUID), "uuid": code.UUID}})
}

func bffToken(t *testing.T, r apptest.Response) string {
	t.Helper()
	var res struct {
		Token string `json:"token"`
	}
	r.JSON(t, &res)
	if !strings.HasPrefix(res.Token, "Bearer ") {
		t.Fatalf("login answer %d: %s", r.Status, r.Body)
	}
	return res.Token
}

// noLeak fails when the upstream's token shows anywhere in the answer.
func noLeak(t *testing.T, r apptest.Response, tok string) {
	t.Helper()
	_, id, _ := strings.Cut(tok, ".")
	if strings.Contains(string(r.Body), id) {
		t.Fatalf("the upstream's token is in the body: %s", r.Body)
	}
	for k, vs := range r.Header {
		for _, v := range vs {
			if strings.Contains(v, id) {
				t.Fatalf("the upstream's token is in header %s", k)
			}
		}
	}
}

// TestRelayStaffSignInCallAndLogout runs on every session store: the upstream's token is kept
// in the SQL session row or in the Redis session record.
func TestRelayStaffSignInCallAndLogout(t *testing.T) {
	for _, v := range apptest.Variants() {
		t.Run(v, func(t *testing.T) {
			t.Parallel()
			el := eladmintest.Start(t, true, alice)
			s := relayedOn(t, v, el.URL, "/api/legacy=%s|identity:relay", "BFF_STAFF_LOGIN=upstream",
				"BFF_UPSTREAM_RSA_PUBLIC_KEY="+el.PublicKey())
			staffSignInCallAndLogout(t, s, el)
		})
	}
}

func staffSignInCallAndLogout(t *testing.T, s *apptest.Server, el *eladmintest.Server) {
	r := upstreamLogin(t, s, el, "alice", alice.Password)
	if r.Status != http.StatusOK {
		t.Fatalf("sign-in: %d %s", r.Status, r.Body)
	}
	toks := el.Tokens(t, "alice")
	if len(toks) != 1 {
		t.Fatalf("upstream tokens = %v", toks)
	}
	up := toks[0]
	noLeak(t, r, up)
	tok := bffToken(t, r)

	// The account is the BFF's own now, made from the upstream's user, without a password.
	var u user.User
	if err := s.DB.Where("username = ?", "alice").Take(&u).Error; err != nil {
		t.Fatal(err)
	}
	if u.Kind != "staff" || u.NickName != "爱丽丝" || u.Email != alice.Email || u.Password != "" || !u.Enabled || u.IsAdmin {
		t.Fatalf("account = %+v", u)
	}

	// A relayed call carries the upstream's token, and no identity JWT; its use renews it.
	el.Redis.Expire(context.Background(), el.Prefix+"online_token:alice:"+up[strings.Index(up, ".")+1:], time.Minute)
	r = s.Get(t, "/api/legacy/users?page=0", tok)
	if r.Status != http.StatusOK || !strings.Contains(string(r.Body), `"username":"alice"`) {
		t.Fatalf("relayed call: %d %s", r.Status, r.Body)
	}
	noLeak(t, r, up)
	seen := el.Seen()
	if len(seen) != 1 || seen[0].Authorization != "Bearer "+up || seen[0].Path != "/api/legacy/users" {
		t.Fatalf("the upstream saw %+v", seen)
	}
	if ttl := el.TTL(t, up); ttl < time.Hour {
		t.Fatalf("token not renewed on use: %s", ttl)
	}

	// Logout ends the BFF session and the upstream's token.
	if r := s.Do(t, apptest.Request{Method: http.MethodDelete, Path: "/api/auth/logout", Token: tok}); r.Status != http.StatusOK {
		t.Fatalf("logout: %d %s", r.Status, r.Body)
	}
	if lo := el.Logouts(); len(lo) != 1 || lo[0] != up {
		t.Fatalf("upstream logouts = %v", lo)
	}
	if len(el.Tokens(t, "alice")) != 0 {
		t.Fatal("the upstream still holds the token")
	}
	if r := s.Get(t, "/api/legacy/users", tok); r.Status != http.StatusUnauthorized {
		t.Fatalf("after logout: %d", r.Status)
	}
}

// sessionOf is the BFF session named in its token (the JWT's sid).
func sessionOf(t *testing.T, tok string) string {
	t.Helper()
	parts := strings.Split(strings.TrimPrefix(tok, "Bearer "), ".")
	b, err := base64.RawURLEncoding.DecodeString(parts[1])
	var c struct{ SID string }
	if err != nil || json.Unmarshal(b, &c) != nil || c.SID == "" {
		t.Fatalf("token %q has no sid", tok)
	}
	return c.SID
}

func TestRelayLocalSessionGets403WithoutCallingTheUpstream(t *testing.T) {
	el := eladmintest.Start(t, false, alice)
	// Channel operators sign in upstream; staff, locally, hold no upstream token.
	s := relayed(t, el.URL, "/api/legacy=%s|identity:relay", "BFF_CHANNEL_LOGIN=upstream")
	tok := s.Login(t, "staff", apptest.DemoPassword)
	r := s.Get(t, "/api/legacy/x", tok)
	if r.Status != http.StatusForbidden || !strings.Contains(r.Error(t).Message, "上游") || el.Calls() != 0 {
		t.Fatalf("local session on a relay prefix: %d %s, upstream calls %d", r.Status, r.Body, el.Calls())
	}
	if r := s.Get(t, "/api/auth/info", tok); r.Status != http.StatusOK {
		t.Fatalf("the session should live on: %d", r.Status)
	}
}

func TestRelayBackendRefusesTokensItDidNotIssue(t *testing.T) {
	el := eladmintest.Start(t, false, alice)
	real := el.Issue(t, "alice")
	for name, auth := range map[string]string{
		"none":                      "",
		"made-up uuid":              "Bearer " + real[:strings.Index(real, ".")] + ".0123456789abcdef0123456789abcdef",
		"another user's uuid":       "Bearer " + strings.Replace(real, real[:strings.Index(real, ".")], "Ym9i", 1),
		"a JWT the BFF could mint":  "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2ln",
		"the real one, not Bearer ": real,
	} {
		req, _ := http.NewRequest(http.MethodGet, el.URL+"/api/users", nil)
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusUnauthorized {
			t.Errorf("%s: %d, want 401", name, res.StatusCode)
		}
	}
	req, _ := http.NewRequest(http.MethodGet, el.URL+"/api/users", nil)
	req.Header.Set("Authorization", "Bearer "+real)
	if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("its own token: %v %v", res, err)
	}
}

func TestRelayUpstream401EndsTheStaffSession(t *testing.T) {
	el := eladmintest.Start(t, false, alice)
	s := relayed(t, el.URL, "/api/legacy=%s|identity:relay", "BFF_STAFF_LOGIN=upstream")
	tok := bffToken(t, upstreamLogin(t, s, el, "alice", alice.Password))
	if r := s.Get(t, "/api/legacy/x", tok); r.Status != http.StatusOK {
		t.Fatalf("relayed call: %d %s", r.Status, r.Body)
	}
	// A part of an aggregated answer goes with the same token.
	var u user.User
	s.DB.Where("username = ?", "alice").Take(&u)
	p := &authz.Principal{UserID: u.ID, SessionID: sessionOf(t, tok), Kind: "staff", Username: "alice"}
	var part struct{ Username string }
	if err := s.App.Upstreams.GetJSON(context.Background(), p, "/api/legacy/figures", &part); err != nil || part.Username != "alice" {
		t.Fatalf("GetJSON: %+v %v", part, err)
	}
	el.Revoke(t, el.Tokens(t, "alice")[0])
	r := s.Get(t, "/api/legacy/x", tok)
	if r.Status != http.StatusUnauthorized || r.Error(t).Message != "登录状态已过期，请重新登录" {
		t.Fatalf("after the upstream forgot the token: %d %s", r.Status, r.Body)
	}
	if r := s.Get(t, "/api/auth/info", tok); r.Status != http.StatusUnauthorized {
		t.Fatalf("the BFF session lives on: %d", r.Status)
	}

	// The same through GetJSON: the upstream's 401 ends the session there too.
	tok = bffToken(t, upstreamLogin(t, s, el, "alice", alice.Password))
	p.SessionID = sessionOf(t, tok)
	el.Revoke(t, el.Tokens(t, "alice")[0])
	var he *httpx.Error
	if err := s.App.Upstreams.GetJSON(context.Background(), p, "/api/legacy/figures", &part); !errors.As(err, &he) || he.Status != http.StatusUnauthorized {
		t.Fatalf("GetJSON after the upstream forgot the token: %v", err)
	}
	if r := s.Get(t, "/api/auth/info", tok); r.Status != http.StatusUnauthorized {
		t.Fatalf("the BFF session lives on after GetJSON: %d", r.Status)
	}
}

func TestRelayChannelSignInAnd405(t *testing.T) {
	op := eladmintest.User{ID: 9, Username: "op1", Password: "op-pass-1", NickName: "渠道一"}
	el := eladmintest.Start(t, true, op)
	s := relayed(t, el.URL, "/background=%s|identity:relay", "BFF_CHANNEL_LOGIN=upstream",
		"BFF_UPSTREAM_RSA_PUBLIC_KEY="+el.PublicKey())
	// Staff still sign in locally: the BFF's own captcha, not the upstream's.
	if tok := s.Login(t, "staff", apptest.DemoPassword); tok == "" {
		t.Fatal("local staff sign-in")
	}
	r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/background/common/tj/login",
		Form: url.Values{"username": {"op1"}, "password": {op.Password}}})
	if r.Status != http.StatusOK {
		t.Fatalf("channel sign-in: %d %s", r.Status, r.Body)
	}
	up := el.Tokens(t, "op1")[0]
	noLeak(t, r, up)
	tok := bffToken(t, r)
	var u user.User
	if err := s.DB.Where("username = ?", "op1").Take(&u).Error; err != nil || u.Kind != "channel" || u.Password != "" {
		t.Fatalf("account = %+v %v", u, err)
	}
	if r := s.Get(t, "/background/goods/list", tok); r.Status != http.StatusOK {
		t.Fatalf("relayed call: %d %s", r.Status, r.Body)
	}
	if seen := el.Seen(); len(seen) != 1 || seen[0].Authorization != "Bearer "+up {
		t.Fatalf("the upstream saw %+v", seen)
	}
	el.Revoke(t, up)
	if r := s.Get(t, "/background/goods/list", tok); r.Status != http.StatusMethodNotAllowed {
		t.Fatalf("after the upstream forgot the token: %d %s", r.Status, r.Body)
	}
	// The session is over: refused by the BFF, the upstream not called again.
	if r := s.Get(t, "/background/goods/list", tok); r.Status != http.StatusMethodNotAllowed || el.Calls() != 2 {
		t.Fatalf("the session lives on: %d, upstream calls %d", r.Status, el.Calls())
	}
	// Wrong password: the upstream's message and status.
	r = s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/background/common/tj/login",
		Form: url.Values{"username": {"op1"}, "password": {"nope"}}})
	if r.Status != http.StatusBadRequest || r.Error(t).Message != "用户名或密码不正确" {
		t.Fatalf("wrong password: %d %s", r.Status, r.Body)
	}
}

func TestRelayUpdatesAnExistingAccountKeepsItsRights(t *testing.T) {
	el := eladmintest.Start(t, false, eladmintest.User{ID: 3, Username: "staff", Password: "up-pass-1", NickName: "上游张三"},
		eladmintest.User{ID: 4, Username: "channel", Password: "up-pass-2"})
	s := relayed(t, el.URL, "/api/legacy=%s|identity:relay", "BFF_STAFF_LOGIN=upstream")
	var before user.User
	s.DB.Where("username = ?", "staff").Take(&before)
	tok := bffToken(t, upstreamLogin(t, s, el, "staff", "up-pass-1"))
	var after user.User
	s.DB.Where("username = ?", "staff").Take(&after)
	if after.ID != before.ID || after.NickName != "上游张三" || after.Password != before.Password || after.EmpNo == nil {
		t.Fatalf("account before %+v after %+v", before, after)
	}
	var info struct{ Roles []string }
	s.Get(t, "/api/auth/info", tok).JSON(t, &info)
	if len(info.Roles) == 0 {
		t.Fatal("the account lost its roles")
	}
	// A channel account's name cannot sign in as staff, whatever the upstream says.
	if r := upstreamLogin(t, s, el, "channel", "up-pass-2"); r.Status != http.StatusBadRequest {
		t.Fatalf("channel account as staff: %d %s", r.Status, r.Body)
	}
}

// TestRelayKickEndsTheTokenUpstream: the upstream's admin signs in as the BFF's superuser of that
// name and ends another session, whose upstream token is logged out there too.
func TestRelayKickEndsTheTokenUpstream(t *testing.T) {
	el := eladmintest.Start(t, false, alice, eladmintest.User{ID: 1, Username: "admin", Password: "up-admin-1", Roles: []string{"admin"}})
	s := relayed(t, el.URL, "/api/legacy=%s|identity:relay", "BFF_STAFF_LOGIN=upstream")
	admin := bffToken(t, upstreamLogin(t, s, el, "admin", "up-admin-1"))
	var info struct{ Roles []string }
	s.Get(t, "/api/auth/info", admin).JSON(t, &info)
	if strings.Join(info.Roles, ",") != "admin" {
		t.Fatalf("upstream admin signed in with %v", info.Roles)
	}
	tok := bffToken(t, upstreamLogin(t, s, el, "alice", alice.Password))
	up := el.Tokens(t, "alice")[0]
	r := s.Do(t, apptest.Request{Method: http.MethodDelete, Path: "/api/auth/online", Token: admin, JSON: []string{sessionOf(t, tok)}})
	if r.Status != http.StatusOK {
		t.Fatalf("kick: %d %s", r.Status, r.Body)
	}
	if lo := el.Logouts(); len(lo) != 1 || lo[0] != up {
		t.Fatalf("upstream logouts = %v", lo)
	}
	if r := s.Get(t, "/api/legacy/x", tok); r.Status != http.StatusUnauthorized {
		t.Fatalf("kicked session: %d", r.Status)
	}
}
