package auth_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
)

// TestOnlineFollowsScopeAndLevel: online:list shows (and exports) only the sessions of the
// caller's data scope, and online:del ends only sessions of accounts in that scope that do not
// rank above the caller — never the superuser's.
func TestOnlineFollowsScopeAndLevel(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin, staff, channel := signInThree(t, s)
		id := func(table, column, value string) int64 {
			var id int64
			s.DB.Table(table).Where(column+" = ?", value).Pluck("id", &id)
			return id
		}
		do := func(tok, method, path string, body any) apptest.Response {
			return s.Do(t, apptest.Request{Method: method, Path: path, Token: tok, JSON: body})
		}
		mkRole := func(name string, level int, scope string) int64 {
			r := do(admin, http.MethodPost, "/api/roles", map[string]any{"name": name, "level": level, "dataScope": scope,
				"menus": []int64{id("menus", "permission", "online:list"), id("menus", "permission", "online:del")}})
			var got struct{ ID int64 }
			r.JSON(t, &got)
			return got.ID
		}
		mkUser := func(name string, roleID int64) string {
			r := do(admin, http.MethodPost, "/api/users", map[string]any{"username": name, "nickName": name,
				"phone": "13800000088", "password": "online-pass", "dept": map[string]any{"id": id("depts", "name", "运营部")},
				"roles": []map[string]any{{"id": roleID}}})
			if r.Status != http.StatusCreated {
				t.Fatalf("creating %s: %d %s", name, r.Status, r.Body)
			}
			return s.Login(t, name, "online-pass")
		}
		ops := mkUser("opsdesk", mkRole("运营值班", 2, "dept"))  // level 2, sees 运营部
		junior := mkUser("junior", mkRole("全局值班", 3, "all")) // level 3, sees everything

		type list struct {
			Content []struct {
				SessionID string `json:"sessionId"`
				Username  string `json:"username"`
			} `json:"content"`
		}
		session := func(name string) string {
			var l list
			s.Get(t, "/api/auth/online?filter="+name, admin).JSON(t, &l)
			for _, r := range l.Content {
				if r.Username == name {
					return r.SessionID
				}
			}
			t.Fatalf("no session of %s", name)
			return ""
		}
		var l list
		s.Get(t, "/api/auth/online?size=100", ops).JSON(t, &l)
		for _, r := range l.Content {
			if r.Username == "admin" || r.Username == "channel" {
				t.Fatalf("online list outside the scope shows %s: %+v", r.Username, l)
			}
		}
		if len(l.Content) != 3 { // staff, opsdesk, junior — all of 运营部
			t.Fatalf("online list in the scope = %+v", l)
		}
		kick := func(tok string, ids ...string) apptest.Response {
			return do(tok, http.MethodDelete, "/api/auth/online", ids)
		}
		wantError(t, kick(ops, session("admin")), 403, "没有权限操作该部门的用户")
		wantError(t, kick(ops, session("channel")), 403, "没有权限操作该部门的用户")
		wantError(t, kick(junior, session("admin")), 403, "角色权限不足，不能操作级别更高的用户或角色")
		wantError(t, kick(junior, session("opsdesk")), 403, "角色权限不足，不能操作级别更高的用户或角色")
		// one refused session stops the whole request
		wantError(t, kick(junior, session("staff"), session("admin")), 403, "角色权限不足，不能操作级别更高的用户或角色")
		if r := s.Get(t, "/api/auth/info", staff); r.Status != http.StatusOK {
			t.Fatalf("staff's session after a refused kick: %d", r.Status)
		}
		if r := s.Get(t, "/api/auth/info", admin); r.Status != http.StatusOK {
			t.Fatalf("admin's session after refused kicks: %d", r.Status)
		}
		if r := kick(ops, session("staff"), session("junior")); r.Status != http.StatusOK {
			t.Fatalf("kick in scope and below: %d %s", r.Status, r.Body)
		}
		// a kicked-out session is told so (code kicked), not that it expired
		wantError(t, s.Get(t, "/api/auth/info", staff), 401, "您已被管理员强制下线，请重新登录")
		if r := kick(admin, session("opsdesk")); r.Status != http.StatusOK {
			t.Fatalf("the superuser's kick: %d %s", r.Status, r.Body)
		}
		// a channel operator too, in their 405
		if r := kick(admin, session("channel")); r.Status != http.StatusOK {
			t.Fatalf("kicking the channel operator: %d %s", r.Status, r.Body)
		}
		wantError(t, s.Get(t, "/background/common/tj/info", channel), 405, "您已被管理员强制下线，请重新登录")
		// a session that simply ran out is still 登录状态已过期
		s.Clock.Advance(time.Second)
		later := s.Login(t, "staff", apptest.DemoPassword)
		s.Clock.Advance(100 * 24 * time.Hour)
		if e := s.Get(t, "/api/auth/info", later).Error(t); e.Status != 401 || e.Code != "unauthorized" || e.Message != "登录状态已过期，请重新登录" {
			t.Fatalf("an expired session: %+v", e)
		}
	})
}

// TestEndEverySessionOfAUser: 强制下线 of the user list ends every session of one account under
// the kick-out rule; "log out everywhere" ends every session of the caller, this one included.
func TestEndEverySessionOfAUser(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin, staff, channel := signInThree(t, s)
		s.Clock.Advance(time.Second)
		staff2 := s.Login(t, "staff", apptest.DemoPassword)
		var staffID, adminID int64
		s.DB.Table("users").Where("username = ?", "staff").Pluck("id", &staffID)
		s.DB.Table("users").Where("username = ?", "admin").Pluck("id", &adminID)
		end := func(tok string, id any) apptest.Response {
			return s.Do(t, apptest.Request{Method: http.MethodDelete, Path: fmt.Sprintf("/api/auth/online/users/%v", id), Token: tok})
		}
		wantError(t, end(staff, adminID), 403, "你没有“在线用户 - 强制退出”的权限")
		wantError(t, end(admin, "x"), 400, "id: 必须是正整数")
		wantError(t, end(admin, 999999), 404, "用户不存在")
		if r := end(admin, staffID); r.Status != http.StatusOK {
			t.Fatalf("强制下线: %d %s", r.Status, r.Body)
		}
		for _, tok := range []string{staff, staff2} {
			wantError(t, s.Get(t, "/api/auth/info", tok), 401, "您已被管理员强制下线，请重新登录")
		}
		if r := s.Get(t, "/api/auth/info", admin); r.Status != http.StatusOK {
			t.Fatalf("the administrator's own session: %d", r.Status)
		}

		// Log out everywhere: both of admin's sessions end, nobody else's.
		s.Clock.Advance(time.Second)
		admin2 := s.Login(t, "admin", apptest.AdminPassword)
		if r := s.Do(t, apptest.Request{Method: http.MethodDelete, Path: "/api/auth/sessions", Token: admin2}); r.Status != http.StatusOK {
			t.Fatalf("log out everywhere: %d %s", r.Status, r.Body)
		}
		for _, tok := range []string{admin, admin2} {
			wantError(t, s.Get(t, "/api/auth/info", tok), 401, "登录状态已过期，请重新登录")
		}
		if r := s.Get(t, "/background/common/tj/info", channel); r.Status == http.StatusMethodNotAllowed {
			t.Fatalf("the channel operator's session ended too")
		}
		// A channel operator's own "everywhere" ends in 405 afterwards, as every end of theirs.
		if r := s.Do(t, apptest.Request{Method: http.MethodDelete, Path: "/api/auth/sessions", Token: channel}); r.Status != http.StatusOK {
			t.Fatalf("channel log out everywhere: %d %s", r.Status, r.Body)
		}
		// ending one's own sessions is no kick-out: 登录状态已过期 (session_expired)
		if e := s.Get(t, "/api/auth/info", channel).Error(t); e.Status != http.StatusMethodNotAllowed || e.Code != "session_expired" {
			t.Fatalf("after it, a channel call: %+v, want 405 session_expired", e)
		}
	})
}
