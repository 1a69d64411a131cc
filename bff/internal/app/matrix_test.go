package app_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
	"golang.org/x/crypto/bcrypt"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/menu"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/role"
	"mallconsole/bff/internal/user"
)

// sample builds a request that the right user can make with success (2xx) on the seeded demo
// data; it may create what it needs through the admin's token first.
type sample func(t *testing.T, m *matrix) apptest.Request

type matrix struct {
	s     *apptest.Server
	admin string
	n     int
}

// TestPermissionMatrix walks every route the server registered and proves its rule: without a
// session 401 (channel routes 405), with a user lacking the permission 403, with a user holding
// only that permission 2xx. A route registered without a rule, or without a sample request
// here, fails the test.
func TestPermissionMatrix(t *testing.T) {
	s := apptest.Start(t, "sqlite")
	m := &matrix{s: s, admin: s.Login(t, "admin", apptest.AdminPassword)}
	rules := s.App.Routes.Rules()

	keys, unruled := routeKeys(s.App.Echo, rules)
	for _, k := range unruled {
		t.Errorf("%s is registered without an access rule (use authz.Router)", k)
	}
	// The check itself: a route added behind the registry's back is caught.
	s.App.Echo.GET("/api/matrix-probe", func(echo.Context) error { return nil })
	if _, un := routeKeys(s.App.Echo, rules); !slices.Equal(un, []string{"GET /api/matrix-probe"}) {
		t.Fatalf("a route without a rule went unnoticed: %v", un)
	}

	samples := matrixSamples()
	allPerms := permissionsOfMenus(t, s)
	for _, key := range keys {
		rule := rules[key]
		method, path, _ := strings.Cut(key, " ")
		switch rule.Access {
		case authz.AccessPublic:
			continue
		case authz.AccessChannel:
			r := s.Do(t, apptest.Request{Method: method, Path: concrete(path)})
			if r.Status != http.StatusMethodNotAllowed {
				t.Errorf("%s without a session: %d, want 405", key, r.Status)
			}
			continue
		}
		smp, ok := samples[key]
		if !ok {
			t.Errorf("%s (%s) has no sample request in the permission matrix", key, rule)
			continue
		}
		t.Run(key, func(t *testing.T) {
			req := smp(t, m)
			anon := req
			anon.Token = ""
			if r := s.Do(t, anon); r.Status != http.StatusUnauthorized {
				t.Fatalf("without a session: %d %s, want 401", r.Status, r.Body)
			}
			var right []string
			if rule.Access == authz.AccessPermission {
				for _, p := range rule.Perms {
					if !slices.Contains(allPerms, p) {
						t.Fatalf("no menu carries %q: only the superuser could ever call this", p)
					}
				}
				var others []string
				for _, p := range allPerms {
					if !slices.Contains(rule.Perms, p) {
						others = append(others, p)
					}
				}
				without := m.userWith(t, others)
				denied := req
				denied.Token = without
				if r := s.Do(t, denied); r.Status != http.StatusForbidden {
					t.Fatalf("with every other permission: %d %s, want 403", r.Status, r.Body)
				}
				right = rule.Perms[:1]
			}
			req = smp(t, m) // a fresh fixture: the denied call must not have used it up
			req.Token = m.userWith(t, right)
			if r := s.Do(t, req); r.Status < 200 || r.Status > 299 {
				t.Fatalf("with %v: %d %s, want 2xx", right, r.Status, r.Body)
			}
		})
	}
}

// routeKeys lists echo's routes (sorted, once each) and those without a rule.
func routeKeys(e *echo.Echo, rules map[string]authz.Rule) (keys, unruled []string) {
	for _, r := range e.Routes() {
		if r.Method == echo.RouteNotFound {
			continue // the static site's fallback: public pages by nature
		}
		key := authz.RouteKey(r.Method, r.Path)
		if _, ok := rules[key]; !ok {
			unruled = append(unruled, key)
			continue
		}
		keys = append(keys, key)
	}
	sort.Strings(keys)
	return slices.Compact(keys), unruled
}

// concrete fills path parameters and wildcards with plausible values.
func concrete(path string) string {
	parts := strings.Split(path, "/")
	for i, p := range parts {
		if strings.HasPrefix(p, ":") {
			parts[i] = "1"
		} else if p == "*" {
			parts[i] = "x"
		}
	}
	return strings.Join(parts, "/")
}

// permissionsOfMenus lists every permission string some menu carries.
func permissionsOfMenus(t *testing.T, s *apptest.Server) []string {
	t.Helper()
	var perms []string
	if err := s.DB.Model(&menu.Menu{}).Where("permission <> ''").Distinct().Order("permission").
		Pluck("permission", &perms).Error; err != nil {
		t.Fatal(err)
	}
	return perms
}

// userWith creates a staff user (data scope all) whose one role holds exactly the menus that
// carry perms, signs them in and returns the token.
func (m *matrix) userWith(t *testing.T, perms []string) string {
	t.Helper()
	ctx := context.Background()
	s := m.s
	m.n++
	var menuIDs []int64
	if len(perms) > 0 {
		if err := s.DB.Model(&menu.Menu{}).Where("permission IN ?", perms).Pluck("id", &menuIDs).Error; err != nil {
			t.Fatal(err)
		}
	}
	r, err := role.NewStore(s.DB, s.Generation).Ensure(ctx, role.Role{Name: fmt.Sprintf("matrix-%d", m.n), Level: 2,
		DataScope: role.ScopeAll}, menuIDs)
	if err != nil {
		t.Fatal(err)
	}
	hash, _ := bcrypt.GenerateFromPassword([]byte("matrix-pass"), bcrypt.MinCost)
	name := fmt.Sprintf("matrix%d", m.n)
	if _, _, err := user.NewStore(s.DB, s.Generation).Ensure(ctx, user.User{Username: name, Password: string(hash),
		Enabled: true, Kind: authz.KindStaff}, []int64{r.ID}); err != nil {
		t.Fatal(err)
	}
	return s.Login(t, name, "matrix-pass")
}

func get(path string) sample {
	return func(*testing.T, *matrix) apptest.Request { return apptest.Request{Path: path} }
}

// matrixSamples: one successful request per guarded route.
func matrixSamples() map[string]sample {
	return map[string]sample{
		"GET /api/auth/info":   get("/api/auth/info"),
		"GET /api/menus/build": get("/api/menus/build"),
		"GET /api/auth/online": get("/api/auth/online"),
		"DELETE /api/auth/logout": func(*testing.T, *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodDelete, Path: "/api/auth/logout"}
		},
		"DELETE /api/auth/online": func(t *testing.T, m *matrix) apptest.Request {
			// kick a session of its own, made for the purpose
			tok := m.s.Login(t, "staff", apptest.DemoPassword)
			var info struct {
				Content []struct {
					SessionID string `json:"sessionId"`
					Username  string `json:"username"`
					Current   bool   `json:"current"`
				} `json:"content"`
			}
			m.s.Get(t, "/api/auth/online?size=1000", tok).JSON(t, &info)
			for _, c := range info.Content {
				if c.Current {
					return apptest.Request{Method: http.MethodDelete, Path: "/api/auth/online", JSON: []string{c.SessionID}}
				}
			}
			t.Fatal("no current session")
			return apptest.Request{}
		},
	}
}
