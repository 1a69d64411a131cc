package app_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/seed"
)

// scopeEnv is what a suite's cases work with: agency A (the demo operator's) and agency B, the
// superuser and A's operator, whose role holds every permission of every suite.
type scopeEnv struct {
	t         *testing.T
	s         *apptest.Server
	a, b      agency.Agency
	admin, ch client
}

// scopeSuite is one feature's share of the walk: the permissions a channel role may be given
// for it, the path prefixes of its channel and signed-in routes, and a case per route.
type scopeSuite struct {
	perms    []string
	prefixes []string
	cases    func(e *scopeEnv) map[string]func()
	// after, when set, checks what must still hold once every case ran (B's rows unchanged).
	after func(e *scopeEnv)
}

// scopeSuites: one line per feature whose routes a channel session can reach (each feature's
// suite lives in its own file, scope_<feature>_test.go).
func scopeSuites() map[string]scopeSuite {
	return map[string]scopeSuite{
		"shop":      shopScope(),
		"agency":    agencyScope(),
		"contract":  contractScopeSuite(),
		"cert":      certScopeSuite(),
		"stock":     stockScope(),
		"statement": statementScope(),
	}
}

// channelFeatures are the features whose permissions a channel role can be granted: a route
// guarded by any of their permissions is walked, so a feature's new route without a case fails
// even before the feature has a suite.
func channelFeatures() []string {
	return []string{"goods", "order", "agency", "contract", "contractTemplate", "cert", "stock"}
}

// walked tells whether the walk covers a route: guarded by a channel feature's permission, or
// under a suite's prefix.
func walked(r authz.Route, prefixes []string) bool {
	for _, p := range r.Rule.Perms {
		feature, _, _ := strings.Cut(p, ":")
		if slices.Contains(channelFeatures(), feature) {
			return true
		}
	}
	return slices.ContainsFunc(prefixes, func(p string) bool { return r.Path == p || strings.HasPrefix(r.Path, p+"/") })
}

// TestChannelScopeOnEveryRoute walks every route a channel role can be granted, as agency A's
// operator holding every such permission, against agency B's records: B's records are never
// listed, counted, read, changed, deleted or exported, and A's are. A route without a case
// fails the test until its feature's suite has one (docs/decisions.md "Agencies").
func TestChannelScopeOnEveryRoute(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		ctx := context.Background()
		agencies := agency.NewStore(s.DB, s.Generation)
		a, _, errA := agencies.ByCode(ctx, seed.DemoAgencyCode)
		b, _, errB := agencies.ByCode(ctx, seed.OtherAgencyCode)
		if errA != nil || errB != nil || a.ID == 0 || b.ID == 0 {
			t.Fatalf("demo agencies: %v %v", errA, errB)
		}
		suites := scopeSuites()
		var perms, prefixes []string
		for _, su := range suites {
			perms, prefixes = append(perms, su.perms...), append(prefixes, su.prefixes...)
		}
		grant(t, s, seed.ChannelRole, perms...)
		e := &scopeEnv{t: t, s: s, a: a, b: b, admin: client{t, s, s.Login(t, "admin", apptest.AdminPassword)},
			ch: client{t, s, s.ChannelLogin(t, "channel", apptest.DemoPassword)}}
		cases := map[string]func(){}
		for name, su := range suites {
			for key, c := range su.cases(e) {
				if _, dup := cases[key]; dup {
					t.Fatalf("%s: a second case for %s", name, key)
				}
				cases[key] = c
			}
		}
		var done []string
		for _, r := range s.App.Routes.Routes() {
			if !walked(r, prefixes) {
				continue
			}
			key := r.Method + " " + r.Path
			check, ok := cases[key]
			if !ok {
				t.Errorf("%s has no agency-scope case: add one to its feature's suite (scopeSuites)", key)
				continue
			}
			check()
			done = append(done, key)
		}
		if len(done) != len(cases) {
			t.Fatalf("walked %v, cases for %d routes", done, len(cases))
		}
		for _, su := range suites {
			if su.after != nil {
				su.after(e)
			}
		}
	})
}
