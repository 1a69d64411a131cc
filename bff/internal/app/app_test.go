package app_test

import (
	"context"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/dbtest"
)

// /readyz follows the database (and Redis); /healthz only the process, so that an orchestrator
// takes an instance out of the load balancer during a database outage instead of restarting it.
func TestHealthzAndReadyz(t *testing.T) {
	for _, variant := range []string{"sqlite", "redis"} {
		t.Run(variant, func(t *testing.T) {
			s := apptest.Start(t, variant)
			for _, p := range []string{"/healthz", "/readyz"} {
				if r := s.Get(t, p, ""); r.Status != 200 || string(r.Body) != "{\"status\":\"ok\"}\n" {
					t.Fatalf("%s: %d %s", p, r.Status, r.Body)
				}
			}
			sqlDB, _ := s.DB.DB()
			sqlDB.Close()
			r := s.Get(t, "/readyz", "")
			if e := r.Error(t); e.Status != 503 || e.Message != "数据库不可用" || len(e.Errors) != 1 || e.Errors[0].Field != "database" {
				t.Fatalf("readyz with the database gone: %+v", e)
			}
			if r := s.Do(t, apptest.Request{Method: "HEAD", Path: "/readyz"}); r.Status != 503 {
				t.Fatalf("HEAD readyz with the database gone: %d", r.Status)
			}
			if r := s.Get(t, "/healthz", ""); r.Status != 200 {
				t.Fatalf("healthz with the database gone: %d %s", r.Status, r.Body)
			}
		})
	}
}

func TestSessionsJobSweepsExpiredSessions(t *testing.T) {
	for _, variant := range []string{"sqlite", "redis"} {
		t.Run(variant, func(t *testing.T) {
			s := apptest.Start(t, variant)
			s.Login(t, "staff", apptest.DemoPassword)
			s.Login(t, "admin", apptest.AdminPassword)
			stored := func() int64 {
				var n int64
				if variant == "redis" {
					rdb, _ := dbtest.Redis(t)
					n = rdb.ZCard(context.Background(), s.RedisPrefix+"sess:index").Val()
				} else {
					s.DB.Table("sessions").Count(&n)
				}
				return n
			}
			if n := stored(); n != 2 {
				t.Fatalf("%d sessions stored, want 2", n)
			}
			if _, err := s.App.Jobs.RunNow(context.Background(), "system.sessions", "test"); err != nil {
				t.Fatal(err)
			}
			if n := stored(); n != 2 {
				t.Fatalf("%d sessions left after sweeping live ones, want 2", n)
			}
			s.Clock.Advance(9 * time.Hour)
			if _, err := s.App.Jobs.RunNow(context.Background(), "system.sessions", "test"); err != nil {
				t.Fatal(err)
			}
			if n := stored(); n != 0 {
				t.Fatalf("%d expired sessions left", n)
			}
		})
	}
}

func TestOplogJobSweepsOldEntries(t *testing.T) {
	s := apptest.Start(t, "sqlite")
	s.Login(t, "admin", apptest.AdminPassword) // a write: recorded
	count := func() (n int64) {
		s.DB.Table("operation_logs").Count(&n)
		return n
	}
	run := func() {
		t.Helper()
		if _, err := s.App.Jobs.RunNow(context.Background(), "system.oplog", "test"); err != nil {
			t.Fatal(err)
		}
	}
	run()
	if count() != 1 {
		t.Fatalf("%d log entries after a sweep, want the fresh one", count())
	}
	s.Clock.Advance(401 * 24 * time.Hour)
	run()
	if count() != 0 {
		t.Fatalf("%d old entries left", count())
	}
}
