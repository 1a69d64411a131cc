package auth_test

import (
	"net/http"
	"net/netip"
	"net/url"
	"testing"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/config"
)

const msgAddressRefused = "当前IP不在该账号的登录IP白名单内，禁止登录"

// loginFrom signs staff in with the right password, claiming the address xff (if not "").
func staffFrom(t *testing.T, s *apptest.Server, xff string) apptest.Response {
	t.Helper()
	uuid, code := s.Captcha(t)
	h := http.Header{}
	if xff != "" {
		h.Set("X-Forwarded-For", xff)
	}
	return s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/auth/login", Header: h,
		Form: url.Values{"username": {"staff"}, "password": {apptest.DemoPassword}, "code": {code}, "uuid": {uuid}}})
}

func setLoginIPs(t *testing.T, s *apptest.Server, list string) {
	t.Helper()
	if err := s.DB.Table("users").Where("username = ?", "staff").Update("login_ips", list).Error; err != nil {
		t.Fatal(err)
	}
	s.Generation.Bump()
}

// A user with a 登录IP白名单 signs in only from its addresses: elsewhere the right password gets
// 401 ip_not_allowed, which neither counts towards the lock-out nor is logged as a success; the
// operation log keeps the refused attempt with its address. X-Forwarded-For is believed only from
// a configured trusted proxy.
func TestLoginIPWhitelist(t *testing.T) {
	trustLoopback := func(c *config.Config) { c.TrustedProxy = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")} }
	s := apptest.Start(t, "sqlite", trustLoopback)
	if r := staffFrom(t, s, "198.51.100.7"); r.Status != http.StatusOK {
		t.Fatalf("empty list: %d %s", r.Status, r.Body)
	}
	setLoginIPs(t, s, "203.0.113.0/24,2001:db8::1")
	r := staffFrom(t, s, "198.51.100.7")
	wantError(t, r, http.StatusUnauthorized, msgAddressRefused)
	if e := r.Error(t); e.Code != "ip_not_allowed" {
		t.Fatalf("code %q", e.Code)
	}
	for _, ip := range []string{"203.0.113.200", "2001:db8::1"} {
		if r := staffFrom(t, s, ip); r.Status != http.StatusOK {
			t.Fatalf("from %s: %d %s", ip, r.Status, r.Body)
		}
	}
	// far more refusals than the lock-out allows (5): not failed guesses, nothing locks
	for range 7 {
		wantError(t, staffFrom(t, s, "198.51.100.7"), http.StatusUnauthorized, msgAddressRefused)
	}
	if r := staffFrom(t, s, "203.0.113.9"); r.Status != http.StatusOK {
		t.Fatalf("after the refusals: %d %s", r.Status, r.Body)
	}
	// a wrong password from outside says only that: the list is not shown to a guesser
	uuid, code := s.Captcha(t)
	r = s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/auth/login", Header: http.Header{"X-Forwarded-For": {"198.51.100.7"}},
		Form: url.Values{"username": {"staff"}, "password": {"wrong-password"}, "code": {code}, "uuid": {uuid}}})
	wantError(t, r, http.StatusBadRequest, msgBadLogin)
	var logged []struct {
		IP     string
		Status int
	}
	if err := s.DB.Table("operation_logs").Where("path = ? AND username = ? AND status = 401", "/api/auth/login", "staff").
		Select("ip", "status").Find(&logged).Error; err != nil {
		t.Fatal(err)
	}
	if len(logged) != 8 || logged[0].IP != "198.51.100.7" {
		t.Fatalf("operation log of the refusals: %+v", logged)
	}

	// without trusted proxies the header is the client's word: the socket's address counts
	plain := apptest.Start(t, "sqlite")
	setLoginIPs(t, plain, "203.0.113.0/24")
	wantError(t, staffFrom(t, plain, "203.0.113.9"), http.StatusUnauthorized, msgAddressRefused)
	setLoginIPs(t, plain, "203.0.113.0/24,127.0.0.1")
	if r := staffFrom(t, plain, ""); r.Status != http.StatusOK {
		t.Fatalf("from the listed socket address: %d %s", r.Status, r.Body)
	}
}
