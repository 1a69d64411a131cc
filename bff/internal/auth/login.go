package auth

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"time"

	"golang.org/x/crypto/bcrypt"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/iplist"
	"mallconsole/bff/internal/user"
)

// Messages of refused sign-ins (the front end shows them as they are).
const (
	msgCaptchaGone  = "验证码不存在或已过期"
	msgCaptchaWrong = "验证码错误"
	msgBadLogin     = "用户名或密码错误"
	msgDisabled     = "账号未激活"
	// msgAgencyDisabled: the operator's agency is 停用.
	msgAgencyDisabled = "所属渠道已停用"
	msgNotSignedIn    = "未登录"
	// msgAddressRefused: the account has a 登录IP白名单 without the client's address.
	msgAddressRefused = "当前IP不在该账号的登录IP白名单内，禁止登录"
	msgExpired        = "登录状态已过期，请重新登录"
	// msgKicked: the session was ended by an administrator (在线用户 or the user list's 强制下线).
	msgKicked = "您已被管理员强制下线，请重新登录"
)

// dummyHash is a bcrypt hash (cost 10) of a random string nobody knows. Unknown user names are
// checked against it so that they take as long as a wrong password. It is not a secret.
const dummyHash = "$2a$10$7hrdH8f0FNEiIZotuCdw6uVmX2SpoxlJGBfR83wxr0V66OhFyUmei"

// passwordLogin is the request of both password sign-ins.
type passwordLogin struct {
	kind             string // which kind of account this entry point accepts
	username, secret string
	code, uuid       string
	checkCaptcha     bool
	ip, userAgent    string
}

func lockedError(wait time.Duration) error {
	return httpx.Errorf(http.StatusTooManyRequests, "登录失败次数过多，请%d分钟后再试", int(math.Ceil(max(wait, time.Second).Minutes())))
}

// login signs in with user name and password: the address's lock first, then the captcha (used
// up either way), then the account's lock, then the password; only a right password tells
// whether the account is enabled. See limiter for the lock-out policy.
func (s *Service) login(ctx context.Context, in passwordLogin) (LoginResult, error) {
	if err := s.addressOpen(ctx, in); err != nil {
		return LoginResult{}, err
	}
	if in.checkCaptcha {
		ok, found, err := s.captchas.check(ctx, in.uuid, in.code)
		switch {
		case err != nil:
			return LoginResult{}, err
		case !found:
			return LoginResult{}, &httpx.Error{Status: http.StatusBadRequest, Code: "captcha_expired", Message: msgCaptchaGone}
		case !ok:
			return LoginResult{}, &httpx.Error{Status: http.StatusBadRequest, Code: "captcha_wrong", Message: msgCaptchaWrong}
		}
	}
	u, found, err := s.d.Users.ByUsername(ctx, in.username)
	if err != nil {
		return LoginResult{}, err
	}
	found = found && u.Kind == in.kind
	acct := account{kind: in.kind, name: in.username}
	hash := dummyHash
	if found {
		acct.id, hash = u.ID, u.Password
	}
	if wait, err := s.limiter.accountLocked(ctx, acct, in.ip); err != nil {
		return LoginResult{}, err
	} else if wait > 0 {
		s.opt.Log.Warn("sign-in refused: account locked out for this address", "username", in.username, "ip", in.ip)
		return LoginResult{}, lockedError(wait)
	}
	if bcrypt.CompareHashAndPassword([]byte(hash), []byte(in.secret)) != nil || !found {
		if err := s.limiter.fail(ctx, acct, in.ip); err != nil {
			return LoginResult{}, err
		}
		return LoginResult{}, &httpx.Error{Status: http.StatusBadRequest, Code: "bad_credentials", Message: msgBadLogin}
	}
	if !u.Enabled {
		return LoginResult{}, &httpx.Error{Status: http.StatusBadRequest, Code: "account_disabled", Message: msgDisabled}
	}
	if err := s.addressAllowed(u, in.ip); err != nil {
		return LoginResult{}, err
	}
	if ok, err := s.agencyLetsIn(ctx, u); err != nil {
		return LoginResult{}, err
	} else if !ok {
		return LoginResult{}, &httpx.Error{Status: http.StatusBadRequest, Code: "agency_disabled", Message: msgAgencyDisabled}
	}
	if err := s.limiter.succeed(ctx, acct); err != nil {
		return LoginResult{}, err
	}
	s.opt.Log.Info("signed in", "username", u.Username, "kind", u.Kind, "ip", in.ip)
	return s.startSession(ctx, u, in.ip, in.userAgent)
}

// portalLogin is POST /api/auth/loginAccount: a host portal that has signed the user in vouches
// for an employee number with an HMAC over "empNo\nts\nnonce". The signature is checked before
// anything else, so that strangers cannot use up nonces.
type portalLogin struct {
	empNo, ts, nonce, sig string
	ip, userAgent         string
}

// portalSkew is how far a portal assertion's time may be from ours.
const portalSkew = 60 * time.Second

func (s *Service) loginAccount(ctx context.Context, in portalLogin) (LoginResult, error) {
	unauthorized := func(msg string) (LoginResult, error) {
		return LoginResult{}, &httpx.Error{Status: http.StatusUnauthorized, Message: msg}
	}
	mac := hmac.New(sha256.New, []byte(s.opt.PortalSecret))
	fmt.Fprintf(mac, "%s\n%s\n%s", in.empNo, in.ts, in.nonce)
	got, err := hex.DecodeString(in.sig)
	if err != nil || !hmac.Equal(got, mac.Sum(nil)) {
		return unauthorized("签名无效")
	}
	ts, err := strconv.ParseInt(in.ts, 10, 64)
	now := s.opt.Now()
	if err != nil || ts < now.Add(-portalSkew).Unix() || ts > now.Add(portalSkew).Unix() {
		return unauthorized("签名已过期")
	}
	// Remember the nonce for as long as the assertion could still pass the time check.
	ttl := time.Unix(ts, 0).Add(portalSkew + time.Second).Sub(now)
	fresh, err := s.d.KV.PutNew(ctx, "portal:nonce:"+in.nonce, "1", ttl)
	if err != nil {
		return LoginResult{}, err
	}
	if !fresh {
		return unauthorized("签名已使用")
	}
	u, found, err := s.d.Users.ByEmpNo(ctx, in.empNo)
	if err != nil {
		return LoginResult{}, err
	}
	if !found || u.Kind != authz.KindStaff {
		return unauthorized("工号不存在")
	}
	if !u.Enabled {
		return LoginResult{}, &httpx.Error{Status: http.StatusBadRequest, Code: "account_disabled", Message: msgDisabled}
	}
	if err := s.addressAllowed(u, in.ip); err != nil {
		return LoginResult{}, err
	}
	s.opt.Log.Info("signed in through the portal", "username", u.Username, "ip", in.ip)
	return s.startSession(ctx, u, in.ip, in.userAgent)
}

// addressAllowed refuses a sign-in from outside the account's 登录IP白名单 (ip is echo's RealIP:
// X-Forwarded-For counts only from the configured trusted proxies). It is asked only once the
// password is right and the account enabled, so the list tells a guesser nothing; it is not a
// failed guess either, so it neither counts towards the lock-out nor clears it. The operation log
// records the 401 with the name and address; the application log says why.
func (s *Service) addressAllowed(u user.User, ip string) error {
	if iplist.Allows(u.LoginIPs, ip) {
		return nil
	}
	s.opt.Log.Warn("sign-in refused: address not on the account's whitelist", "username", u.Username, "ip", ip)
	return &httpx.Error{Status: http.StatusUnauthorized, Code: "ip_not_allowed", Message: msgAddressRefused}
}

// addressOpen refuses a sign-in from an address that is locked out (either sign-in, local or
// through the upstream, counts its failures against the same lock).
func (s *Service) addressOpen(ctx context.Context, in passwordLogin) error {
	wait, err := s.limiter.ipLocked(ctx, in.ip)
	if err != nil {
		return err
	}
	if wait > 0 {
		s.opt.Log.Warn("sign-in refused: address locked out", "username", in.username, "ip", in.ip)
		return lockedError(wait)
	}
	return nil
}
