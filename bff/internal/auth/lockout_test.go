package auth_test

import (
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"testing"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/user"
)

// behindProxy makes the test client a reverse proxy on loopback, so that each request can name
// its source address in X-Forwarded-For: an attacker rotating addresses.
func behindProxy(c *config.Config) {
	c.TrustedProxy = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
}

func fromIP(ip string) http.Header { return http.Header{"X-Forwarded-For": {ip}} }

func loginFrom(t *testing.T, s *apptest.Server, ip, username, password string) apptest.Response {
	t.Helper()
	uuid, code := s.Captcha(t)
	return s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/auth/login", Header: fromIP(ip),
		Form: url.Values{"username": {username}, "password": {password}, "code": {code}, "uuid": {uuid}}})
}

func channelLoginFrom(t *testing.T, s *apptest.Server, ip, username, password string) apptest.Response {
	t.Helper()
	return s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/background/common/tj/login", Header: fromIP(ip),
		Form: url.Values{"username": {username}, "password": {password}}})
}

func attacker(i int) string { return netip.AddrFrom4([4]byte{203, 0, 113, byte(i)}).String() }

// An attacker rotating source addresses cannot keep an account out: failures at the channel
// entry point do not count against staff sign-in, a wrong captcha counts against no one, and once
// the account is locked, the right password and captcha from an address that has not failed
// still get in — while every address that has failed stays locked out of it.
func TestLockoutIsNotADenialOfService(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		const victim = "10.1.2.3"
		// 1. channel sign-in failures against the staff accounts' names
		for i := range 12 {
			wantError(t, channelLoginFrom(t, s, attacker(i), "admin", "guess"), 400, msgBadLogin)
		}
		if r := loginFrom(t, s, victim, "admin", apptest.AdminPassword); r.Status != 200 {
			t.Fatalf("admin kept out by channel sign-in failures: %d %s", r.Status, r.Body)
		}
		// 2. failures without the captcha
		for i := range 12 {
			uuid, _ := s.Captcha(t)
			r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/auth/login", Header: fromIP(attacker(20 + i)),
				Form: url.Values{"username": {"admin"}, "password": {"guess"}, "code": {"999"}, "uuid": {uuid}}})
			wantError(t, r, 400, msgCaptchaWrong)
		}
		if r := loginFrom(t, s, victim, "admin", apptest.AdminPassword); r.Status != 200 {
			t.Fatalf("admin kept out by failed captchas: %d %s", r.Status, r.Body)
		}
		// 3. wrong passwords with the captcha solved, one address each: the account locks...
		for i := range 5 {
			wantError(t, loginFrom(t, s, attacker(40+i), "admin", "guess"), 400, msgBadLogin)
		}
		for i := range 5 { // ...for every address that has failed, even with the right password
			wantError(t, loginFrom(t, s, attacker(40+i), "admin", apptest.AdminPassword), 429, "登录失败次数过多，请15分钟后再试")
		}
		// ...but the owner, from an address that has not failed, signs in.
		if r := loginFrom(t, s, victim, "admin", apptest.AdminPassword); r.Status != 200 {
			t.Fatalf("admin locked out by a rotating attacker: %d %s", r.Status, r.Body)
		}
		// The lock of the channel entry point is its own as well.
		for i := range 5 {
			wantError(t, loginFrom(t, s, attacker(60+i), "channel", "guess"), 400, msgBadLogin)
		}
		if r := channelLoginFrom(t, s, attacker(60), "channel", apptest.DemoPassword); r.Status != 200 {
			t.Fatalf("channel operator locked by staff sign-in failures: %d %s", r.Status, r.Body)
		}
	}, behindProxy)
}

// Every user name that finds the account counts on the account's one counter: on MySQL,
// "ADMIN" and "ádmin" find "admin" (until names compare exactly) and must not get five guesses
// each.
func TestLockoutCountsTheAccountFound(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		var names []string
		for _, n := range []string{"ADMIN", "ádmin", "ÁDMÏÑ", "Admin"} {
			var found int64
			if err := s.DB.Model(&user.User{}).Where("username = ?", n).Count(&found).Error; err != nil {
				t.Fatal(err)
			}
			if found > 0 {
				names = append(names, n)
			}
		}
		for len(names) < 5 {
			names = append(names, "admin")
		}
		for _, n := range names[:5] {
			wantError(t, login(t, s, n, "wrong-password"), 400, msgBadLogin)
		}
		wantError(t, login(t, s, "admin", apptest.AdminPassword), 429, "登录失败次数过多，请15分钟后再试")
	})
}

// A portal nonce is limited in bytes: 128 multi-byte characters, validly signed, are refused
// with 400 rather than overflowing the store's key (500 on MySQL).
func TestPortalNonceLimitIsInBytes(t *testing.T) {
	const secret = "portal-secret-0123456789"
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		post := func(f url.Values) apptest.Response {
			return s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/auth/loginAccount", Form: f})
		}
		now := s.Clock.Now().Unix()
		wantError(t, post(portalForm(secret, "E1001", now, strings.Repeat("长", 128))), 400, "nonce: 太长（最多128字节）")
		wantError(t, post(portalForm(secret, "E1001", now, strings.Repeat("n", 129))), 400, "nonce: 太长（最多128字节）")
		if r := post(portalForm(secret, "E1001", now, strings.Repeat("长", 42))); r.Status != 200 {
			t.Fatalf("126-byte nonce: %d %s", r.Status, r.Body)
		}
		if r := post(portalForm(secret, "E1001", now, strings.Repeat("n", 128))); r.Status != 200 {
			t.Fatalf("128-byte nonce: %d %s", r.Status, r.Body)
		}
	}, func(c *config.Config) { c.PortalSecret = secret })
}
