package auth_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/auth"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/user"
)

// eachSessionStore runs body on every session store: SQL on SQLite and MySQL, and Redis. userIDs
// are users that exist (the SQL store's rows reference them).
func eachSessionStore(t *testing.T, body func(t *testing.T, s auth.SessionStore, userIDs []int64)) {
	for _, backend := range []string{db.SQLite, db.MySQL, "redis", "sqlite+local"} {
		t.Run(backend, func(t *testing.T) {
			t.Parallel()
			if backend == "redis" {
				rdb, prefix := dbtest.Redis(t)
				body(t, auth.NewRedisSessions(rdb, prefix), []int64{1, 2})
				return
			}
			g := dbtest.Open(t, strings.TrimSuffix(backend, "+local"))
			s, err := auth.NewSQLSessions(context.Background(), g)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			if backend == "sqlite+local" {
				body(t, auth.NewLocalSessions(s, time.Minute, 100, time.Now), makeUsers(t, g, "u1", "u2"))
				return
			}
			body(t, s, makeUsers(t, g, "u1", "u2"))
		})
	}
}

func makeUsers(t *testing.T, g *gorm.DB, names ...string) []int64 {
	var ids []int64
	for _, n := range names {
		u := user.User{Username: n, Password: "x", Enabled: true, Kind: "staff"}
		if err := g.Create(&u).Error; err != nil {
			t.Fatal(err)
		}
		ids = append(ids, u.ID)
	}
	return ids
}

func TestSessionStores(t *testing.T) {
	eachSessionStore(t, func(t *testing.T, s auth.SessionStore, uids []int64) {
		ctx := context.Background()
		now := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
		a := auth.Session{ID: "aaaaaaaaaaaaaaaaaaaaaa", UserID: uids[0], Kind: "staff", IP: "127.0.0.1",
			Browser: "Chrome 120 (Linux)", LoginTime: now, ExpiresAt: now.Add(8 * time.Hour), UpstreamToken: "up-" + strings.Repeat("t", 900)}
		b := auth.Session{ID: "bbbbbbbbbbbbbbbbbbbbbb", UserID: uids[1], Kind: "channel", IP: "::1",
			Browser: "Firefox 121", LoginTime: now.Add(time.Minute), ExpiresAt: now.Add(time.Hour)}
		for _, x := range []auth.Session{a, b} {
			if err := s.Create(ctx, x); err != nil {
				t.Fatal(err)
			}
		}
		got, ok, err := s.Lookup(ctx, a.ID)
		if err != nil || !ok {
			t.Fatalf("lookup = %v %v", ok, err)
		}
		if got.ID != a.ID || got.UserID != a.UserID || got.Kind != a.Kind || !got.ExpiresAt.Equal(a.ExpiresAt) {
			t.Fatalf("lookup = %+v, want %+v", got, a)
		}
		if _, ok, _ := s.Lookup(ctx, "nope"); ok {
			t.Fatal("found a session never created")
		}
		// The relay upstream's token is kept with the session, and only with the one that has it.
		for id, want := range map[string]string{a.ID: a.UpstreamToken, b.ID: "", "nope": ""} {
			if got, err := s.UpstreamToken(ctx, id); err != nil || got != want {
				t.Fatalf("upstream token of %s = %.12q %v, want %.12q", id, got, err, want)
			}
		}
		list, err := s.List(ctx, now)
		if err != nil || len(list) != 2 {
			t.Fatalf("list = %v %v, want both", list, err)
		}
		for _, got := range list {
			want := a
			if got.ID == b.ID {
				want = b
			}
			if got.UserID != want.UserID || got.Kind != want.Kind || got.IP != want.IP || got.Browser != want.Browser ||
				!got.LoginTime.Equal(want.LoginTime) || !got.ExpiresAt.Equal(want.ExpiresAt) {
				t.Fatalf("listed %+v, want %+v", got, want)
			}
		}
		// b has expired an hour later; List leaves it out and Sweep removes it.
		later := now.Add(time.Hour)
		if list, _ := s.List(ctx, later); len(list) != 1 || list[0].ID != a.ID {
			t.Fatalf("list after b expired = %+v", list)
		}
		if err := s.Sweep(ctx, later); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := s.Lookup(ctx, b.ID); ok {
			t.Fatal("sweep left an expired session")
		}
		if _, ok, _ := s.Lookup(ctx, a.ID); !ok {
			t.Fatal("sweep removed a live session")
		}
		if err := s.Delete(ctx, a.ID, "unknown"); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := s.Lookup(ctx, a.ID); ok {
			t.Fatal("deleted session still there")
		}
		if list, _ := s.List(ctx, now); len(list) != 0 {
			t.Fatalf("list after delete = %+v", list)
		}
	})
}
