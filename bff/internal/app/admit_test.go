package app_test

import (
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/admit"
	"mallconsole/bff/internal/platform/config"
)

// TestOverloadIsShedFast saturates a server with a limit of 10 (8 for reads, 2 kept for the
// requests that go first) through a handler that holds its slot until released: the excess is
// refused at once with 503 + Retry-After, sign-in's session, the menus and writes still go
// through, health never fails, and once the load is gone every request is answered again.
func TestOverloadIsShedFast(t *testing.T) {
	s := apptest.Start(t, "sqlite", func(c *config.Config) { c.Admit = config.Admit{Max: 10, Wait: 30 * time.Millisecond} })
	token := s.Login(t, "admin", apptest.AdminPassword)
	started, release := make(chan struct{}, 100), make(chan struct{})
	slow := func(c echo.Context) error {
		started <- struct{}{}
		select {
		case <-release:
		case <-c.Request().Context().Done():
		}
		return c.String(http.StatusOK, "done")
	}
	s.App.Echo.GET("/api/test/slow", slow)
	s.App.Echo.POST("/api/test/slow", slow)

	var held sync.WaitGroup
	heldStatus := make(chan int, 20)
	hold := func(method string) {
		held.Add(1)
		go func() {
			defer held.Done()
			heldStatus <- s.Do(t, apptest.Request{Method: method, Path: "/api/test/slow"}).Status
		}()
		<-started
	}
	for range 8 {
		hold(http.MethodGet)
	}

	// The excess of reads: refused, each at once (the handler would hold it until released).
	var wg sync.WaitGroup
	shed := make([]apptest.Response, 20)
	took := make([]time.Duration, len(shed))
	for i := range shed {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := time.Now()
			shed[i] = s.Get(t, "/api/test/slow", "")
			took[i] = time.Since(start)
		}()
	}
	wg.Wait()
	slowest := time.Duration(0)
	for i, r := range shed {
		slowest = max(slowest, took[i])
		if r.Status != http.StatusServiceUnavailable || r.Header.Get("Retry-After") != admit.RetryAfter {
			t.Fatalf("request %d over the limit: %d Retry-After %q %s (took %v)", i, r.Status, r.Header.Get("Retry-After"), r.Body, took[i])
		}
		if e := r.Error(t); e.Message != admit.MsgBusy || e.Code != "unavailable" {
			t.Fatalf("refusal's body: %+v", e)
		}
	}
	t.Logf("20 refusals over a 30 ms wait: the slowest answered in %v (durations %v)", slowest, took)
	if slowest > 2*time.Second {
		t.Fatalf("a refusal took %v: it should come after the 30 ms wait, not the handler", slowest)
	}
	if n := len(started); n != 0 {
		t.Fatalf("%d refused requests reached the handler", n)
	}

	// The session, the menus and health go on while the reads are full.
	for _, path := range []string{"/api/auth/info", "/api/menus/build"} {
		if r := s.Get(t, path, token); r.Status != http.StatusOK {
			t.Fatalf("%s while reads are full: %d %s", path, r.Status, r.Body)
		}
	}
	for range 30 {
		if r := s.Get(t, "/healthz", ""); r.Status != http.StatusOK {
			t.Fatalf("/healthz while full: %d %s", r.Status, r.Body)
		}
	}
	// Writes take the reserved share, and then they too are refused.
	hold(http.MethodPost)
	hold(http.MethodPost)
	if r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/test/slow"}); r.Status != http.StatusServiceUnavailable {
		t.Fatalf("a write past the whole limit: %d %s", r.Status, r.Body)
	}
	if r := s.Get(t, "/api/auth/info", token); r.Status != http.StatusServiceUnavailable {
		t.Fatalf("the session past the whole limit: %d %s", r.Status, r.Body)
	}
	if r := s.Get(t, "/readyz", ""); r.Status != http.StatusOK {
		t.Fatalf("/readyz past the whole limit: %d %s", r.Status, r.Body)
	}

	// The load goes: everything held is answered, and every request after it.
	close(release)
	held.Wait()
	close(heldStatus)
	for st := range heldStatus {
		if st != http.StatusOK {
			t.Fatalf("a request admitted before the overload: %d", st)
		}
	}
	for range 5 {
		for _, path := range []string{"/api/test/slow", "/api/auth/info", "/api/menus/build"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if r := s.Get(t, path, token); r.Status != http.StatusOK {
					t.Errorf("%s after the load: %d %s", path, r.Status, r.Body)
				}
			}()
		}
	}
	wg.Wait()
}
