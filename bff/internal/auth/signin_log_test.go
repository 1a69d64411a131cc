package auth_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// loggedNames lists the user names of the operation log's rows for path, oldest first.
func loggedNames(t *testing.T, s *apptest.Server, path string) []string {
	t.Helper()
	var names []string
	if err := s.DB.Table("operation_logs").Where("path = ?", path).Order("id").Pluck("username", &names).Error; err != nil {
		t.Fatal(err)
	}
	return names
}

// Every sign-in attempt is logged under the name it gave, whether the body is a form or JSON.
func TestSignInAttemptsAreLoggedWithTheirName(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		uuid, code := s.Captcha(t)
		r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/auth/login",
			JSON: map[string]string{"username": "staff", "password": "wrong-password", "code": code, "uuid": uuid}})
		wantError(t, r, 400, msgBadLogin)
		wantError(t, login(t, s, "admin", "wrong-password"), 400, msgBadLogin)
		r = s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/background/common/tj/login",
			JSON: map[string]string{"username": "channel", "password": "wrong-password"}})
		wantError(t, r, 400, msgBadLogin)
		if got := loggedNames(t, s, "/api/auth/login"); strings.Join(got, ",") != "staff,admin" {
			t.Fatalf("logged staff sign-ins: %q", got)
		}
		if got := loggedNames(t, s, "/background/common/tj/login"); strings.Join(got, ",") != "channel" {
			t.Fatalf("logged channel sign-ins: %q", got)
		}
	})
}

// A user name that is not UTF-8 is refused with 400 at the edge (MySQL would refuse the
// lookup with an error) and the attempt is still logged.
func TestSignInWithInvalidUTF8(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		for _, path := range []string{"/api/auth/login", "/background/common/tj/login"} {
			uuid, code := s.Captcha(t)
			r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: path, Form: url.Values{
				"username": {"adm\xffin"}, "password": {"x"}, "code": {code}, "uuid": {uuid}}})
			wantError(t, r, 400, "username: 不是有效的UTF-8文本")
			if got := loggedNames(t, s, path); len(got) != 1 || got[0] != "adm\uFFFDin" {
				t.Fatalf("%s: logged names %q, want the attempt's name made valid", path, got)
			}
		}
	})
}
