package dashboard_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/seed"
	"mallconsole/bff/internal/upstream"
)

const extraSecret = "dashboard-extra-secret-0123456789-0123456789"

type overviewAnswer struct {
	Start       string `json:"start"`
	End         string `json:"end"`
	Figures     struct{ Orders struct{ Value int64 } }
	Extra       []struct{ Title, Value string }
	Unavailable []struct{ Part, Status string }
}

// overviewWith starts a BFF whose upstream at ExtraPath answers with handle, and signs in as staff.
func overviewWith(t *testing.T, handle http.HandlerFunc, public ...bool) (*apptest.Server, string) {
	t.Helper()
	var s *apptest.Server
	verify := upstream.NewVerifier(extraSecret, func() time.Time { return s.Clock.Now() })
	o := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, err := verify.Principal(strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer "), r.URL.Path)
		if err != nil || p.Username != seed.StaffUser {
			http.Error(w, "no identity", http.StatusUnauthorized)
			return
		}
		handle(w, r)
	}))
	t.Cleanup(o.Close)
	s = apptest.Start(t, "sqlite", func(c *config.Config) {
		cfg, err := config.Load(nil, []string{"BFF_UPSTREAMS=/api/dashboard/extra=" + o.URL, "BFF_UPSTREAM_SECRET=" + extraSecret}, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		c.Upstreams, c.UpstreamSecret, c.UpstreamTimeout = cfg.Upstreams, extraSecret, 300*time.Millisecond
		c.ProfilingPublic = len(public) > 0 && public[0]
	})
	return s, s.Login(t, seed.StaffUser, apptest.DemoPassword)
}

// TestOverviewAddsTheUpstreamsCards: with a prefix over /api/dashboard/extra, the overview
// carries the upstream's cards (fetched as the user, for the same period, clipped to a row of
// short cards); an upstream that fails or is late leaves the rest of the answer standing and
// names its part unavailable; the public wall display never calls it.
func TestOverviewAddsTheUpstreamsCards(t *testing.T) {
	t.Parallel()
	t.Run("answers", func(t *testing.T) {
		t.Parallel()
		var query atomic.Value
		s, tok := overviewWith(t, func(w http.ResponseWriter, r *http.Request) {
			query.Store(r.URL.RawQuery)
			w.Header().Set("Content-Type", "application/json")
			cards := `{"title":"渠道订单","value":"1,024"},{"title":"` + strings.Repeat("长", 40) + `","value":"7"}`
			_, _ = io.WriteString(w, `{"cards":[`+cards+strings.Repeat(`,{"title":"x","value":"1"}`, 10)+`]}`)
		})
		var a overviewAnswer
		r := s.Get(t, "/api/dashboard?start=2026-11-01&end=2026-11-07", tok)
		r.JSON(t, &a)
		if r.Status != http.StatusOK || len(a.Extra) != 8 || a.Extra[0].Title != "渠道订单" || a.Extra[0].Value != "1,024" ||
			a.Extra[1].Title != strings.Repeat("长", 32) || len(a.Unavailable) != 0 {
			t.Fatalf("%d %+v", r.Status, a)
		}
		if q, _ := query.Load().(string); q != "end=2026-11-07&start=2026-11-01" {
			t.Fatalf("upstream asked for %q", q)
		}
	})
	for name, handle := range map[string]http.HandlerFunc{
		"fails":   func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "boom", http.StatusInternalServerError) },
		"garbles": func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, `{"cards":[`) },
		"is late": func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() },
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s, tok := overviewWith(t, handle)
			var a overviewAnswer
			r := s.Get(t, "/api/dashboard", tok)
			r.JSON(t, &a)
			if r.Status != http.StatusOK || a.Start == "" || len(a.Extra) != 0 ||
				len(a.Unavailable) != 1 || a.Unavailable[0].Part != "extra" || a.Unavailable[0].Status != "unavailable" {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
		})
	}
	t.Run("not for the wall display", func(t *testing.T) {
		t.Parallel()
		var calls atomic.Int32
		s, _ := overviewWith(t, func(w http.ResponseWriter, _ *http.Request) { calls.Add(1) }, true)
		var a overviewAnswer
		r := s.Get(t, "/api/profiling", "")
		r.JSON(t, &a)
		if r.Status != http.StatusOK || calls.Load() != 0 || len(a.Extra) != 0 || len(a.Unavailable) != 0 {
			t.Fatal("the public overview called the upstream")
		}
	})
}
