package auth_test

import (
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/config"
)

func getCaptchaFrom(t *testing.T, s *apptest.Server, ip string) apptest.Response {
	t.Helper()
	return s.Do(t, apptest.Request{Path: "/api/auth/code", Header: fromIP(ip)})
}

// Captchas are handed out at a limited rate per address; other addresses are not affected, and
// the allowance comes back with time.
func TestCaptchaIssuingIsRateLimited(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		for i := range 5 {
			if r := getCaptchaFrom(t, s, "203.0.113.1"); r.Status != 200 {
				t.Fatalf("captcha %d: %d %s", i, r.Status, r.Body)
			}
		}
		wantError(t, getCaptchaFrom(t, s, "203.0.113.1"), 429, "获取验证码过于频繁，请稍后再试")
		if r := getCaptchaFrom(t, s, "203.0.113.2"); r.Status != 200 {
			t.Fatalf("another address refused: %d", r.Status)
		}
		s.Clock.Advance(12 * time.Second) // 5 a minute: one more
		if r := getCaptchaFrom(t, s, "203.0.113.1"); r.Status != 200 {
			t.Fatalf("allowance did not come back: %d", r.Status)
		}
		wantError(t, getCaptchaFrom(t, s, "203.0.113.1"), 429, "获取验证码过于频繁，请稍后再试")
	}, behindProxy, func(c *config.Config) { c.CaptchaPerMinute = 5 })
}

// Handing out a captcha writes nothing: only an answer, once, marks it used until it expires,
// and the sweep removes the marks.
func TestCaptchaIssuingStoresNothing(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		if s.Config.Redis != "" {
			t.Skip("the Redis variant keeps values in Redis, which expires them itself")
		}
		rows := func() int64 {
			var n int64
			if err := s.DB.Table("kv_entries").Count(&n).Error; err != nil {
				t.Fatal(err)
			}
			return n
		}
		before := rows()
		for range 20 {
			if r := s.Get(t, "/api/auth/code", ""); r.Status != 200 {
				t.Fatalf("captcha: %d", r.Status)
			}
		}
		if n := rows(); n != before {
			t.Fatalf("20 captchas wrote %d rows", n-before)
		}
		wantError(t, login(t, s, "admin", "wrong-password"), 400, msgBadLogin)
		s.Clock.Advance(15*time.Minute + time.Second)
		if err := s.App.Auth.Sweep(t.Context()); err != nil {
			t.Fatal(err)
		}
		if n := rows(); n != before {
			t.Fatalf("%d rows left after the sweep", n-before)
		}
	})
}
