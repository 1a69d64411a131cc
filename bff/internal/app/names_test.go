package app_test

import (
	"net/http"
	"net/url"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
)

// TestUserNamesAreExact: a user name signs in only as typed — ÁDMÏÑ, ádmin and ADMIN
// are not admin, on MySQL's case- and accent-blind collation as on SQLite — and no account may be
// named so that it looks like another one or hides invisible or direction-changing characters.
func TestUserNamesAreExact(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		for _, n := range []string{"ÁDMÏÑ", "ádmin", "ADMIN", "Admin", "ａｄｍｉｎ"} {
			uuid, code := s.Captcha(t)
			r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/auth/login",
				Form: url.Values{"username": {n}, "password": {apptest.AdminPassword}, "code": {code}, "uuid": {uuid}}})
			if r.Status == http.StatusOK {
				t.Fatalf("%q signed in as admin", n)
			}
		}
		// (the failures may count against admin's lock-out where the counter's key is compared
		// like the name was: past its window)
		s.Clock.Advance(time.Hour)
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		body := func(name string) map[string]any {
			return map[string]any{"username": name, "nickName": "N", "phone": "13800000088", "password": "names-pass",
				"dept": map[string]any{"id": deptID(t, s, "运营部")}, "roles": []map[string]any{{"id": roleID(t, s, "普通员工")}}}
		}
		const alike = "username: 用户名与已有用户名仅大小写或写法不同"
		want(t, admin.do(http.MethodPost, "/api/users", body("admin")), 409, "username: 用户名已存在")
		for _, n := range []string{"ADMIN", "ÁDMÏÑ", "ádmin", "ａｄｍｉｎ", "Staff"} {
			want(t, admin.do(http.MethodPost, "/api/users", body(n)), 409, alike)
		}
		for _, n := range []string{"ad\u200bmin", "nimda\u202e", "\ufeffroot", "ad\u00a0min", "a\u2066b"} {
			want(t, admin.do(http.MethodPost, "/api/users", body(n)), 400, "username: 不能包含不可见字符或文字方向控制字符")
		}
		// renaming into a look-alike is refused; editing an account under its own name is not
		edit := body("Lead")
		edit["id"] = userID(t, s, "staff")
		want(t, admin.do(http.MethodPut, "/api/users", edit), 409, alike)
		edit["username"] = "staff"
		want(t, admin.do(http.MethodPut, "/api/users", edit), 204, "")
		edit["username"] = "STAFF" // its own name in other case: no other account looks like it
		want(t, admin.do(http.MethodPut, "/api/users", edit), 204, "")
		s.Login(t, "STAFF", apptest.DemoPassword)
		createdID(t, admin.do(http.MethodPost, "/api/users", body("张三丰")))
	})
}
