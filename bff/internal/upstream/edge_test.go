package upstream_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/seed"
	"mallconsole/bff/internal/upstream"
)

// A BFF in the origin role serves an edge BFF's callers: the edge hands it the goods pages
// (replace), checks the session and sends the identity; the origin trusts that identity.
func TestEdgeBFFInFrontOfAnOriginBFF(t *testing.T) {
	origin := apptest.Start(t, "sqlite", func(c *config.Config) { c.TrustEdgeSecret = secret })
	edge := apptest.Start(t, "sqlite", func(c *config.Config) {
		c.Upstreams = upstreams(t, "/api/goods="+origin.URL+"|replace")
		c.UpstreamSecret = secret
		c.UpstreamTimeout = 5 * time.Second
	})
	// Goods only the origin has: an answer from the edge's own store would show.
	if err := origin.DB.Create(&goods.Goods{Name: "origin-手机", Code: "O-1", Category: "digital", Status: "on_sale"}).Error; err != nil {
		t.Fatal(err)
	}
	admin := edge.Login(t, "admin", apptest.AdminPassword)
	r := edge.Get(t, "/api/goods?page=0&size=5", admin)
	if r.Status != http.StatusOK || !strings.Contains(string(r.Body), `"name":"origin-`) || !strings.Contains(string(r.Body), "totalElements") {
		t.Fatalf("goods through the edge: %d %s", r.Status, r.Body)
	}
	// The edge's own core routes stay its own.
	if r := edge.Get(t, "/api/auth/info", admin); r.Status != http.StatusOK {
		t.Fatalf("info: %d", r.Status)
	}
	// The origin applies the identity's permissions: staff lists goods but holds no goods:del
	// there → 403, and the edge session stays.
	staff := edge.Login(t, seed.StaffUser, apptest.DemoPassword)
	if r := edge.Get(t, "/api/goods", staff); r.Status != http.StatusOK {
		t.Fatalf("staff goods: %d %s", r.Status, r.Body)
	}
	if r := edge.Do(t, apptest.Request{Method: http.MethodDelete, Path: "/api/goods", Token: staff, JSON: []int64{1}}); r.Status != http.StatusForbidden {
		t.Fatalf("staff deleting goods: %d %s", r.Status, r.Body)
	}
	if r := edge.Get(t, "/api/auth/info", staff); r.Status != http.StatusOK {
		t.Fatalf("staff session after the upstream's 403: %d", r.Status)
	}
}

func TestOriginTrustsOnlyAFreshIdentityForItsPrefix(t *testing.T) {
	origin := apptest.Start(t, "sqlite", func(c *config.Config) { c.TrustEdgeSecret = secret })
	admin := &authz.Principal{UserID: 1, SessionID: "s1", Kind: authz.KindStaff, Username: "admin", IsAdmin: true}
	sign := func(key, prefix string, at time.Time) string {
		tok, err := upstream.NewSigner(key, func() time.Time { return at }).Sign(admin, prefix)
		if err != nil {
			t.Fatal(err)
		}
		return "Bearer " + tok
	}
	now := origin.Clock.Now()
	if r := origin.Get(t, "/api/goods", sign(secret, "/api/goods", now)); r.Status != http.StatusOK {
		t.Fatalf("fresh identity: %d %s", r.Status, r.Body)
	}
	for name, tok := range map[string]string{
		"another prefix":    sign(secret, "/api/goods", now),
		"expired":           sign(secret, "/api/users", now.Add(-61*time.Second)),
		"another secret":    sign("another-secret-0123456789-0123456789", "/api/users", now),
		"a segment's start": sign(secret, "/api/us", now),
	} {
		if r := origin.Get(t, "/api/users", tok); r.Status != http.StatusUnauthorized {
			t.Errorf("%s: %d %s", name, r.Status, r.Body)
		}
	}
	// Without BFF_TRUST_EDGE_SECRET nothing an edge signs is taken.
	plain := apptest.Start(t, "sqlite")
	if r := plain.Get(t, "/api/goods", sign(secret, "/api/goods", plain.Clock.Now())); r.Status != http.StatusUnauthorized {
		t.Fatalf("untrusting origin: %d", r.Status)
	}
}
