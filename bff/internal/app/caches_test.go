package app_test

import (
	"context"
	"net/http"
	"testing"
	"time"

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
