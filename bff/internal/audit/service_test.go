package audit_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/audit"
	"mallconsole/bff/internal/platform/dbtest"
)

var t0 = time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)

func newService(t *testing.T, g *gorm.DB, now *time.Time) *audit.Service {
	return audit.New(audit.NewStore(g), func() time.Time { return *now }, dbtest.Logger(t), strings.ToUpper)
}

func TestRecordAndSearch(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		now := t0
		s := newService(t, g, &now)
		for i, e := range []audit.Entry{
			{Username: "alice", Method: "POST", Path: "/api/users", Route: "/api/users", IP: "10.0.0.1", Status: 201, Success: true},
			{Username: "bob", Method: "PUT", Path: "/api/dept", Route: "/api/dept", IP: "10.0.0.2", Status: 403},
			{Username: "alice", Method: "DELETE", Path: "/api/dict", Route: "/api/dict", IP: "10.0.0.3", Status: 200, Success: true},
			{Username: strings.Repeat("长", 70), Method: "POST", Path: "/" + strings.Repeat("p", 300), Route: "/x",
				Browser: strings.Repeat("b", 200), Status: 400},
		} {
			e.CreateTime = t0.Add(time.Duration(i) * time.Hour)
			s.Record(ctx, &e)
		}

		all, n, err := s.Search(ctx, audit.Query{Limit: 10})
		if err != nil || n != 4 || len(all) != 4 {
			t.Fatalf("all = %d %d %v", len(all), n, err)
		}
		if long := all[0]; len([]rune(long.Username)) != 64 || len(long.Path) != 255 || len(long.Browser) != 128 {
			t.Fatalf("an over-long entry is not cut to its columns: %d %d %d (or not newest first)",
				len([]rune(long.Username)), len(long.Path), len(long.Browser))
		}
		yes, no := true, false
		from, to := t0.Add(30*time.Minute), t0.Add(150*time.Minute)
		for _, tc := range []struct {
			name string
			q    audit.Query
			want []string // paths, newest first
		}{
			{"blurry in the path", audit.Query{Blurry: "dept"}, []string{"/api/dept"}},
			{"blurry in the IP", audit.Query{Blurry: "10.0.0.3"}, []string{"/api/dict"}},
			{"exact user", audit.Query{Username: "alice"}, []string{"/api/dict", "/api/users"}},
			{"succeeded", audit.Query{Success: &yes}, []string{"/api/dict", "/api/users"}},
			{"refused", audit.Query{Success: &no, Username: "bob"}, []string{"/api/dept"}},
			{"time range", audit.Query{From: &from, To: &to}, []string{"/api/dict", "/api/dept"}},
			{"second page of one", audit.Query{Username: "alice", Offset: 1, Limit: 1}, []string{"/api/users"}},
		} {
			if tc.q.Limit == 0 {
				tc.q.Limit = 10
			}
			es, _, err := s.Search(ctx, tc.q)
			var got []string
			for _, e := range es {
				got = append(got, e.Path)
			}
			if err != nil || strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("%s = %v %v, want %v", tc.name, got, err, tc.want)
			}
		}
	})
}

func TestSweepKeepsTheRetention(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		now := t0
		s := newService(t, g, &now)
		s.Record(ctx, &audit.Entry{Path: "/old", CreateTime: t0})
		s.Record(ctx, &audit.Entry{Path: "/new", CreateTime: t0.Add(time.Hour)})

		now = t0.Add(audit.Retention) // the old one is exactly as old as the retention: kept
		if err := s.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if _, n, _ := s.Search(ctx, audit.Query{Limit: 10}); n != 2 {
			t.Fatalf("%d entries after a sweep at the retention, want 2", n)
		}
		now = t0.Add(audit.Retention + time.Minute)
		if err := s.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if es, n, _ := s.Search(ctx, audit.Query{Limit: 10}); n != 1 || es[0].Path != "/new" {
			t.Fatalf("after the retention = %+v, want only /new", es)
		}
	})
}

func TestSignIns(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		now := t0
		s := newService(t, g, &now)
		for i, route := range []string{audit.SignInRoutes[0], "/api/users", audit.SignInRoutes[1], audit.SignInRoutes[2]} {
			s.Record(ctx, &audit.Entry{Username: "alice", Route: route, IP: route, Success: i%2 == 0,
				CreateTime: t0.Add(time.Duration(i) * time.Minute)})
		}
		s.Record(ctx, &audit.Entry{Username: "bob", Route: audit.SignInRoutes[0], CreateTime: t0})

		got, err := s.SignIns(ctx, "alice", 2)
		if err != nil || len(got) != 2 || got[0].IP != audit.SignInRoutes[2] || got[1].IP != audit.SignInRoutes[1] ||
			!got[1].Success || got[0].Success || !got[0].Time.Equal(t0.Add(3*time.Minute)) {
			t.Fatalf("last two sign-ins = %+v %v", got, err)
		}
		if got, _ := s.SignIns(ctx, "alice", 10); len(got) != 3 {
			t.Fatalf("every sign-in = %+v, want 3 (not the other write, not bob's)", got)
		}
	})
}
