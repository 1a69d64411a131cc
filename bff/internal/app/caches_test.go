package app_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/auth"
)

// TestCachesAcrossInstances: what an instance remembers of sessions and permissions never
// outlives a change — not at all on the instance that made it, and on another instance
// sharing Redis and the database: an ended session at once (announced), or within
// auth.SharedSessionTTL when the announcement is lost; a permission taken from a role within
// auth.AccessTTL; a disabled account at once (disabling ends its sessions).
func TestCachesAcrossInstances(t *testing.T) {
	s := apptest.Start(t, apptest.MySQLRedis)
	other := s.Twin(t)
	status := func(on *apptest.Server, path, tok string) int { return on.Get(t, path, tok).Status }
	// refusedSoon waits (in real time, the clock standing still) for the announcement to arrive.
	refusedSoon := func(on *apptest.Server, tok, what string) {
		t.Helper()
		start := time.Now()
		for range 500 {
			if status(on, "/api/auth/info", tok) == http.StatusUnauthorized {
				t.Logf("%s: refused by the other instance after %v", what, time.Since(start).Round(time.Millisecond))
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
		t.Fatalf("%s: the other instance still lets the session in after %v", what, time.Since(start).Round(time.Millisecond))
	}

	// Signed out on one instance: refused there at once, on the other as soon as it is told.
	staff := s.Login(t, "staff", apptest.DemoPassword)
	if a, b := status(s, "/api/auth/info", staff), status(other, "/api/auth/info", staff); a != 200 || b != 200 {
		t.Fatalf("a live session: %d here, %d on the other instance", a, b)
	}
	if r := s.Do(t, apptest.Request{Method: http.MethodDelete, Path: "/api/auth/logout", Token: staff}); r.Status != 200 {
		t.Fatalf("logout: %d", r.Status)
	}
	if got := status(s, "/api/auth/info", staff); got != http.StatusUnauthorized {
		t.Fatalf("the instance that signed out answers %d", got)
	}
	refusedSoon(other, staff, "signed out")

	// An end nobody announced (a lost message): let in no longer than SharedSessionTTL.
	staff = s.Login(t, "staff", apptest.DemoPassword)
	if got := status(other, "/api/auth/info", staff); got != 200 {
		t.Fatalf("a new session on the other instance: %d", got)
	}
	quiet := auth.NewRedisSessions(s.App.Redis, s.RedisPrefix)
	live, err := quiet.List(context.Background(), s.Clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range live {
		if err := quiet.Delete(context.Background(), x.ID); err != nil {
			t.Fatal(err)
		}
	}
	s.Clock.Advance(auth.SharedSessionTTL)
	if got := status(other, "/api/auth/info", staff); got != http.StatusUnauthorized {
		t.Fatalf("an unannounced end after SharedSessionTTL: %d", got)
	}

	// A permission taken from a role: at once where it was taken, within AccessTTL elsewhere.
	admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
	role := map[string]any{"name": "查看用户", "level": 3, "dataScope": "all", "menus": []int64{menuID(t, s, "user:list")}}
	role["id"] = createdID(t, admin.do(http.MethodPost, "/api/roles", role))
	createdID(t, admin.do(http.MethodPost, "/api/users", map[string]any{"username": "pete", "nickName": "P",
		"phone": "13800000077", "password": "pete-pass-1", "dept": map[string]any{"id": deptID(t, s, "运营部")},
		"roles": []map[string]any{{"id": role["id"]}}}))
	pete := s.Login(t, "pete", "pete-pass-1")
	if a, b := status(s, "/api/users", pete), status(other, "/api/users", pete); a != 200 || b != 200 {
		t.Fatalf("with user:list: %d here, %d on the other instance", a, b)
	}
	role["menus"] = []int64{}
	want(t, admin.do(http.MethodPut, "/api/roles", role), 204, "")
	if got := status(s, "/api/users", pete); got != http.StatusForbidden {
		t.Fatalf("the instance that took the permission answers %d", got)
	}
	if got := status(other, "/api/users", pete); got != 200 {
		t.Fatalf("the other instance read again inside AccessTTL: %d", got) // remembered, as documented
	}
	s.Clock.Advance(auth.AccessTTL)
	if got := status(other, "/api/users", pete); got != http.StatusForbidden {
		t.Fatalf("the other instance after AccessTTL answers %d", got)
	}

	// A disabled account: its sessions end, announced.
	pete = s.Login(t, "pete", "pete-pass-1")
	if got := status(other, "/api/auth/info", pete); got != 200 {
		t.Fatalf("pete on the other instance: %d", got)
	}
	want(t, admin.do(http.MethodPut, "/api/users/enabled", map[string]any{"ids": []int64{userID(t, s, "pete")}, "enabled": false}), 204, "")
	if got := status(s, "/api/auth/info", pete); got != http.StatusUnauthorized {
		t.Fatalf("disabled: the instance that disabled answers %d", got)
	}
	refusedSoon(other, pete, "disabled")
}

// TestInfoRemembered: GET /api/auth/info is answered from memory (no statement), yet never behind
// a change made through the same instance — the user's department renamed, their nick name
// changed, a permission taken from their role — and on another instance for no longer than
// auth.AccessTTL.
func TestInfoRemembered(t *testing.T) {
	s := apptest.Start(t, apptest.MySQLRedis)
	other := s.Twin(t)
	admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
	ops := deptID(t, s, "运营部")
	var parent int64
	s.DB.Table("depts").Where("id = ?", ops).Pluck("COALESCE(pid, 0)", &parent)
	role := map[string]any{"name": "看用户", "level": 3, "dataScope": "all", "menus": []int64{menuID(t, s, "user:list")}}
	role["id"] = createdID(t, admin.do(http.MethodPost, "/api/roles", role))
	pete := map[string]any{"username": "pete", "nickName": "P", "phone": "13800000078",
		"password": "pete-pass-1", "dept": map[string]any{"id": ops}, "roles": []map[string]any{{"id": role["id"]}}}
	pete["id"] = createdID(t, admin.do(http.MethodPost, "/api/users", pete))
	token := s.Login(t, "pete", "pete-pass-1")
	type info struct {
		User struct {
			NickName string
			Dept     struct{ Name string }
		}
		Roles []string
	}
	read := func(on *apptest.Server) string {
		t.Helper()
		var i info
		on.Get(t, "/api/auth/info", token).JSON(t, &i)
		return fmt.Sprintf("%s %s %v", i.User.NickName, i.User.Dept.Name, i.Roles)
	}
	if a, b := read(s), read(other); a != "P 运营部 [user:list]" || b != a {
		t.Fatalf("before: %q here, %q on the other instance", a, b)
	}

	var statements int
	if err := s.DB.Callback().Query().After("gorm:query").Register("test:info", func(tx *gorm.DB) {
		if tx.Statement.Table == "users" || tx.Statement.Table == "roles" || tx.Statement.Table == "depts" {
			statements++
		}
	}); err != nil {
		t.Fatal(err)
	}
	read(s)
	if statements != 0 {
		t.Fatalf("a remembered info read users, roles or departments %d times", statements)
	}

	want(t, admin.do(http.MethodPut, "/api/dept", map[string]any{"id": ops, "pid": parent, "name": "运营二部", "deptSort": 1,
		"enabled": true}), 204, "")
	if got := read(s); got != "P 运营二部 [user:list]" {
		t.Fatalf("after the department was renamed here: %q", got)
	}
	pete["nickName"] = "Pete"
	want(t, admin.do(http.MethodPut, "/api/users", pete), 204, "")
	if got := read(s); got != "Pete 运营二部 [user:list]" {
		t.Fatalf("after the nick name changed here: %q", got)
	}
	role["menus"] = []int64{}
	want(t, admin.do(http.MethodPut, "/api/roles", role), 204, "")
	if got := read(s); got != "Pete 运营二部 []" {
		t.Fatalf("after the permission was taken here: %q", got)
	}
	if got := read(other); got != "P 运营部 [user:list]" {
		t.Fatalf("the other instance read again inside AccessTTL: %q", got) // remembered, as documented
	}
	s.Clock.Advance(auth.AccessTTL)
	if got := read(other); got != "Pete 运营二部 []" {
		t.Fatalf("the other instance after AccessTTL: %q", got)
	}
}
