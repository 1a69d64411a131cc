package app_test

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"mime/multipart"
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
	// with the PDF font (CI installs it), so routes that make PDFs answer 200 rather than 503
	s := apptest.Start(t, "sqlite", withPDFFont)
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

	samples, beyond := matrixSamples(), grantSamples()
	allPerms := permissionsOfMenus(t, s)
	for _, key := range keys {
		rule := rules[key]
		method, path, _ := strings.Cut(key, " ")
		switch rule.Access {
		case authz.AccessPublic:
			// A public route with a sample proves it answers without a session.
			if smp, ok := samples[key]; ok {
				if r := s.Do(t, smp(t, m)); r.Status < 200 || r.Status > 299 {
					t.Errorf("%s without a session: %d %s, want 2xx", key, r.Status, r.Body)
				}
			}
			continue
		case authz.AccessChannel:
			r := s.Do(t, apptest.Request{Method: method, Path: concrete(path)})
			if r.Status != http.StatusMethodNotAllowed {
				t.Errorf("%s without a session: %d, want 405", key, r.Status)
			}
			continue
		case authz.AccessSigned:
			// Signed (server-to-server) routes take no session at all: unsigned, even with the
			// admin's token, they answer 401 missing_header (storefront_test.go signs them).
			r := s.Do(t, apptest.Request{Method: method, Path: concrete(path), Token: m.admin})
			if r.Status != http.StatusUnauthorized || r.Error(t).Code != "missing_header" {
				t.Errorf("%s unsigned: %d %s, want 401 missing_header", key, r.Status, r.Body)
			}
			continue
		}
		if streamRoute(key) { // an answer that never ends: notify_test.go checks its rule
			t.Run(key, func(t *testing.T) { checkStreamRule(t, m) })
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
			wantAnon := http.StatusUnauthorized
			if strings.HasPrefix(path, "/background/") { // the channel operators' API (seed-spec §7)
				wantAnon = http.StatusMethodNotAllowed
			}
			if r := s.Do(t, anon); r.Status != wantAnon {
				t.Fatalf("without a session: %d %s, want %d", r.Status, r.Body, wantAnon)
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
			if req.Token == "" || rule.Access == authz.AccessPermission {
				req.Token = m.userWith(t, right)
			} // else: a signed-in route that checks ownership in its handler; the sample signed in as the owner
			if r := s.Do(t, req); r.Status < 200 || r.Status > 299 {
				t.Fatalf("with %v: %d %s, want 2xx", right, r.Status, r.Body)
			}
			// Grant only what you hold: the same permission does not hand out more than the caller has.
			for name, smp := range beyond[key] {
				req := smp(t, m)
				req.Token = m.userWith(t, right)
				if r := s.Do(t, req); r.Status != http.StatusForbidden {
					t.Errorf("granting %s with %v: %d %s, want 403", name, right, r.Status, r.Body)
				}
			}
		})
	}
	for key := range beyond {
		if _, ok := rules[key]; !ok {
			t.Errorf("%s: a grant sample for a route that does not exist", key)
		}
	}
}

// grantSamples: for every route that hands out roles or grants, requests that give more than a
// matrix user (level 2, data scope all, holding only the route's permission) holds.
func grantSamples() map[string]map[string]sample {
	roleBody := func(fresh func(*matrix, *testing.T) map[string]any, change func(m *matrix, t *testing.T, b map[string]any)) sample {
		return func(t *testing.T, m *matrix) apptest.Request {
			b := fresh(m, t)
			change(m, t, b)
			return apptest.Request{Method: http.MethodPut, Path: "/api/roles", JSON: b}
		}
	}
	aMenu := func(m *matrix, t *testing.T, b map[string]any) {
		b["menus"] = []int64{m.id(t, "menus", "permission", "role:del")}
	}
	higher := func(_ *matrix, _ *testing.T, b map[string]any) { b["level"] = 1 }
	asPost := func(smp sample) sample {
		return func(t *testing.T, m *matrix) apptest.Request {
			r := smp(t, m)
			b := r.JSON.(map[string]any)
			delete(b, "id")
			b["name"] = fmt.Sprint(b["name"], "x")
			r.Method = http.MethodPost
			return r
		}
	}
	withRole := func(method, roleName string) sample {
		return func(t *testing.T, m *matrix) apptest.Request {
			b := m.newUser(t)
			b["roles"] = []map[string]any{{"id": m.id(t, "roles", "name", roleName)}}
			if method == http.MethodPost {
				delete(b, "id")
				b["username"] = fmt.Sprint(b["username"], "x")
			}
			return apptest.Request{Method: method, Path: "/api/users", JSON: b}
		}
	}
	return map[string]map[string]sample{
		"PUT /api/roles": {
			"a menu not held": roleBody((*matrix).newRole, aMenu),
			"a higher level":  roleBody((*matrix).newRole, higher),
			// a role that already grants more may not be edited, even into something modest
			"an edit of a role granting more": func(t *testing.T, m *matrix) apptest.Request {
				b := m.newRole(t)
				b["menus"] = []int64{m.id(t, "menus", "permission", "role:del")}
				m.s.Do(t, apptest.Request{Method: http.MethodPut, Path: "/api/roles", Token: m.admin, JSON: b})
				b["menus"] = []int64{}
				return apptest.Request{Method: http.MethodPut, Path: "/api/roles", JSON: b}
			},
		},
		"POST /api/roles": {
			"a menu not held": asPost(roleBody((*matrix).newRole, aMenu)),
			"a higher level":  asPost(roleBody((*matrix).newRole, higher)),
		},
		"POST /api/users": {
			"a role with menus not held": withRole(http.MethodPost, "普通员工"),
			"a higher role":              withRole(http.MethodPost, "超级管理员"),
		},
		"PUT /api/users": {
			"a role with menus not held": withRole(http.MethodPut, "普通员工"),
			"a higher role":              withRole(http.MethodPut, "超级管理员"),
		},
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
	m.next()
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

// id looks up a seeded row's ID by name.
func (m *matrix) id(t *testing.T, table, column, name string) int64 {
	t.Helper()
	var id int64
	if err := m.s.DB.Table(table).Where(column+" = ?", name).Pluck("id", &id).Error; err != nil || id == 0 {
		t.Fatalf("no %s called %s: %v", table, name, err)
	}
	return id
}

// create posts body as the admin and returns the new row's ID.
func (m *matrix) create(t *testing.T, path string, body any) int64 {
	t.Helper()
	return m.createAs(t, m.admin, path, body)
}

// createAs posts body with the session token and returns the new row's ID.
func (m *matrix) createAs(t *testing.T, token, path string, body any) int64 {
	t.Helper()
	r := m.s.Do(t, apptest.Request{Method: http.MethodPost, Path: path, Token: token, JSON: body})
	var got struct {
		ID int64 `json:"id"`
	}
	r.JSON(t, &got)
	if r.Status != http.StatusCreated || got.ID == 0 {
		t.Fatalf("creating through %s: %d %s", path, r.Status, r.Body)
	}
	return got.ID
}

func (m *matrix) next() int { m.n++; return m.n }

// newUser creates a user holding a role without grants: one that any matrix user could create.
func (m *matrix) newUser(t *testing.T) map[string]any {
	n := m.next()
	plain, err := role.NewStore(m.s.DB, m.s.Generation).Ensure(context.Background(),
		role.Role{Name: "matrix-plain", Level: 3, DataScope: role.ScopeDept}, nil)
	if err != nil {
		t.Fatal(err)
	}
	body := map[string]any{"username": fmt.Sprintf("mu%d", n), "nickName": "矩阵", "phone": "13800000088", "password": "secret-1",
		"dept":  map[string]any{"id": m.id(t, "depts", "name", "运营部")},
		"roles": []map[string]any{{"id": plain.ID}}}
	body["id"] = m.create(t, "/api/users", body)
	return body
}

func (m *matrix) newRole(t *testing.T) map[string]any {
	body := map[string]any{"name": fmt.Sprintf("mr%d", m.next()), "level": 3, "dataScope": "all", "menus": []int64{}}
	body["id"] = m.create(t, "/api/roles", body)
	return body
}

func (m *matrix) newMenu(t *testing.T) map[string]any {
	n := m.next()
	body := map[string]any{"type": 0, "title": fmt.Sprintf("目录%d", n), "path": fmt.Sprintf("/m%d", n), "breadcrumb": true}
	body["id"] = m.create(t, "/api/menus", body)
	return body
}

func (m *matrix) newDept(t *testing.T) map[string]any {
	body := map[string]any{"name": fmt.Sprintf("部门%d", m.next()), "pid": m.id(t, "depts", "name", "总部"), "deptSort": 1}
	body["id"] = m.create(t, "/api/dept", body)
	return body
}

func (m *matrix) newDict(t *testing.T) map[string]any {
	body := map[string]any{"name": fmt.Sprintf("dict_%d", m.next()), "description": "矩阵"}
	body["id"] = m.create(t, "/api/dict", body)
	return body
}

func (m *matrix) newDetail(t *testing.T) map[string]any {
	n := m.next()
	body := map[string]any{"dict": map[string]any{"id": m.id(t, "dict", "name", "order_status")},
		"label": fmt.Sprintf("状态%d", n), "value": fmt.Sprintf("v%d", n), "dictSort": n}
	body["id"] = m.create(t, "/api/dictDetail", body)
	return body
}

// post, put and del build the three kinds of write; fresh makes the body (or the row) first.
func post(path string, fresh func(*matrix, *testing.T) map[string]any) sample {
	return func(t *testing.T, m *matrix) apptest.Request {
		body := fresh(m, t)
		delete(body, "id")
		for _, k := range []string{"username", "name", "title", "label"} {
			if v, ok := body[k].(string); ok {
				body[k] = v + "x" // a new row, not the fixture again
			}
		}
		if v, ok := body["value"].(string); ok {
			body["value"] = v + "x"
		}
		if v, ok := body["path"].(string); ok {
			body["path"] = v + "x"
		}
		return apptest.Request{Method: http.MethodPost, Path: path, JSON: body}
	}
}

func put(path string, fresh func(*matrix, *testing.T) map[string]any) sample {
	return func(t *testing.T, m *matrix) apptest.Request {
		return apptest.Request{Method: http.MethodPut, Path: path, JSON: fresh(m, t)}
	}
}

func del(path string, fresh func(*matrix, *testing.T) map[string]any) sample {
	return func(t *testing.T, m *matrix) apptest.Request {
		return apptest.Request{Method: http.MethodDelete, Path: path, JSON: []any{fresh(m, t)["id"]}}
	}
}

func get(path string) sample {
	return func(*testing.T, *matrix) apptest.Request { return apptest.Request{Path: path} }
}

// matrixSamples: one successful request per guarded route.
func matrixSamples() map[string]sample {
	all := shopSamples()
	maps.Copy(all, stockSamples())
	maps.Copy(all, reportSamples())
	maps.Copy(all, statementSamples())
	maps.Copy(all, aftersaleSamples())
	maps.Copy(all, trackingSamples())
	maps.Copy(all, dashboardSamples())
	maps.Copy(all, certSamples())
	maps.Copy(all, contractSamples())
	maps.Copy(all, agencySamples())
	maps.Copy(all, workflowSamples())
	maps.Copy(all, categorySamples())
	maps.Copy(all, openClientSamples())
	maps.Copy(all, jobSamples())
	maps.Copy(all, notifySamples())
	maps.Copy(all, map[string]sample{
		"GET /api/settings/order": get("/api/settings/order"),
		"PUT /api/settings/order": put("/api/settings/order", func(*matrix, *testing.T) map[string]any {
			return map[string]any{"unpaidCloseMinutes": 30, "completeAfterDays": 15, "afterSaleDays": 7, "lowStockDefault": 10}
		}),
		"GET /api/app/config":   get("/api/app/config?host=shop.example.com"),
		"GET /api/auth/info":    get("/api/auth/info"),
		"GET /api/openapi.json": get("/api/openapi.json"),
		"GET /api/menus/build":  get("/api/menus/build"),
		"GET /api/auth/online":  get("/api/auth/online"),
		"DELETE /api/auth/logout": func(*testing.T, *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodDelete, Path: "/api/auth/logout"}
		},
		"DELETE /api/auth/sessions": func(*testing.T, *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodDelete, Path: "/api/auth/sessions"}
		},
		"DELETE /api/auth/online/users/:id": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodDelete, Path: fmt.Sprintf("/api/auth/online/users/%v", m.newUser(t)["id"])}
		},
		"GET /api/users":                  get("/api/users?page=0&size=10&blurry=a&enabled=true"),
		"POST /api/users":                 post("/api/users", (*matrix).newUser),
		"PUT /api/users":                  put("/api/users", (*matrix).newUser),
		"DELETE /api/users":               del("/api/users", (*matrix).newUser),
		"GET /api/roles":                  get("/api/roles"),
		"GET /api/roles/all":              get("/api/roles/all"),
		"POST /api/roles":                 post("/api/roles", (*matrix).newRole),
		"PUT /api/roles":                  put("/api/roles", (*matrix).newRole),
		"DELETE /api/roles":               del("/api/roles", (*matrix).newRole),
		"GET /api/menus/tree":             get("/api/menus/tree"),
		"POST /api/menus":                 post("/api/menus", (*matrix).newMenu),
		"PUT /api/menus":                  put("/api/menus", (*matrix).newMenu),
		"DELETE /api/menus":               del("/api/menus", (*matrix).newMenu),
		"GET /api/dept":                   get("/api/dept"),
		"GET /api/dept/list":              get("/api/dept/list?deptId=0"),
		"POST /api/dept":                  post("/api/dept", (*matrix).newDept),
		"PUT /api/dept":                   put("/api/dept", (*matrix).newDept),
		"DELETE /api/dept":                del("/api/dept", (*matrix).newDept),
		"GET /api/dict":                   get("/api/dict"),
		"POST /api/dict":                  post("/api/dict", (*matrix).newDict),
		"PUT /api/dict":                   put("/api/dict", (*matrix).newDict),
		"DELETE /api/dict":                del("/api/dict", (*matrix).newDict),
		"GET /api/dictDetail":             get("/api/dictDetail?dictName=user_status&page=0&size=9999"),
		"POST /api/dictDetail":            post("/api/dictDetail", (*matrix).newDetail),
		"PUT /api/dictDetail":             put("/api/dictDetail", (*matrix).newDetail),
		"GET /api/logs":                   get("/api/logs"),
		"GET /api/workflow/leave/balance": get("/api/workflow/leave/balance"),
		"GET /api/workflow/leave":         get("/api/workflow/leave?page=0&size=10"),
		"POST /api/workflow/leave": func(*testing.T, *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/workflow/leave", JSON: leaveBody(nil)}
		},
		"POST /api/workflow/leave/batch": func(*testing.T, *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/workflow/leave/batch", JSON: leaveBody([]string{"staff"})}
		},
		"POST /api/users/download":         exportSample("/api/users/download", "username", nil),
		"POST /api/users/downloadAll":      exportSample("/api/users/downloadAll", "username", nil),
		"POST /api/roles/download":         exportSample("/api/roles/download", "name", nil),
		"POST /api/roles/downloadAll":      exportSample("/api/roles/downloadAll", "name", nil),
		"POST /api/dict/download":          exportSample("/api/dict/download", "name", nil),
		"POST /api/dict/downloadAll":       exportSample("/api/dict/downloadAll", "name", nil),
		"POST /api/dictDetail/download":    exportSample("/api/dictDetail/download", "label", map[string]any{"dictName": "user_status"}),
		"POST /api/dictDetail/downloadAll": exportSample("/api/dictDetail/downloadAll", "label", map[string]any{"dictName": "user_status"}),
		"POST /api/logs/download":          exportSample("/api/logs/download", "path", nil),
		"POST /api/logs/downloadAll":       exportSample("/api/logs/downloadAll", "path", nil),
		"POST /api/auth/online/download": func(*testing.T, *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/auth/online/download",
				JSON: map[string]any{"headers": []string{"用户名"}, "fields": []string{"username"}, "ids": []string{"x"}}}
		},
		"POST /api/auth/online/downloadAll": func(*testing.T, *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/auth/online/downloadAll",
				JSON: map[string]any{"headers": []string{"用户名"}, "fields": []string{"username"}}}
		},
		"POST /api/contract/upload": func(t *testing.T, _ *matrix) apptest.Request {
			body, ctype := pngUpload(t)
			return apptest.Request{Method: http.MethodPost, Path: "/api/contract/upload", Raw: body, RawType: ctype}
		},
		"GET /api/localStorage":              get("/api/localStorage?page=0&size=10&sort=createTime,desc&blurry=png"),
		"GET /api/pictures":                  get("/api/pictures?page=0&size=10"),
		"POST /api/localStorage/download":    exportSample("/api/localStorage/download", "name", nil),
		"POST /api/localStorage/downloadAll": exportSample("/api/localStorage/downloadAll", "name", nil),
		"POST /api/pictures/download":        exportSample("/api/pictures/download", "name", nil),
		"POST /api/pictures/downloadAll":     exportSample("/api/pictures/downloadAll", "name", nil),
		"POST /api/localStorage": func(t *testing.T, _ *matrix) apptest.Request {
			body, ctype := pngUpload(t)
			return apptest.Request{Method: http.MethodPost, Path: "/api/localStorage", Raw: body, RawType: ctype}
		},
		"DELETE /api/localStorage": func(t *testing.T, m *matrix) apptest.Request {
			body, ctype := pngUpload(t)
			r := m.s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/contract/upload", Token: m.userWith(t, nil), Raw: body, RawType: ctype})
			var a struct {
				ID int64 `json:"id"`
			}
			r.JSON(t, &a)
			return apptest.Request{Method: http.MethodDelete, Path: "/api/localStorage", JSON: []int64{a.ID}}
		},
		"POST /api/files/imagePolicy": func(*testing.T, *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/files/imagePolicy", JSON: map[string]string{"contentType": "image/png"}}
		},
		"DELETE /api/actattach/delete/:id": func(t *testing.T, m *matrix) apptest.Request {
			// only the uploader (or attach:del) deletes: sign in as a user without permissions who uploads
			owner := m.userWith(t, nil)
			body, ctype := pngUpload(t)
			r := m.s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/contract/upload", Token: owner, Raw: body, RawType: ctype})
			var a struct {
				ID int64 `json:"id"`
			}
			r.JSON(t, &a)
			return apptest.Request{Method: http.MethodDelete, Path: fmt.Sprintf("/api/actattach/delete/%d", a.ID), Token: owner}
		},
		// the personal center: signed-in routes about the caller's own account
		"PUT /api/users/center": func(*testing.T, *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPut, Path: "/api/users/center",
				JSON: map[string]any{"nickName": "矩阵", "gender": "女", "phone": "13800138000"}}
		},
		"POST /api/users/updatePass": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/users/updatePass", Token: m.userWith(t, nil),
				JSON: map[string]any{"oldPass": "matrix-pass", "newPass": "matrix-pass-2"}}
		},
		"POST /api/users/updateAvatar": func(t *testing.T, _ *matrix) apptest.Request {
			body, ctype := fileUpload(t, "avatar", "me.png", append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 64)...))
			return apptest.Request{Method: http.MethodPost, Path: "/api/users/updateAvatar", Raw: body, RawType: ctype}
		},
		"GET /api/users/center/logins": get("/api/users/center/logins"),
		"PUT /api/users/enabled": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPut, Path: "/api/users/enabled",
				JSON: map[string]any{"ids": []any{m.newUser(t)["id"]}, "enabled": false}}
		},
		"PUT /api/users/:id/password": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPut, Path: fmt.Sprintf("/api/users/%v/password", m.newUser(t)["id"]),
				JSON: map[string]any{"password": "new-secret"}}
		},
		"DELETE /api/dictDetail/:id": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodDelete, Path: fmt.Sprintf("/api/dictDetail/%v", m.newDetail(t)["id"])}
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
	})
	return all
}

// leaveBody is a leave application approved by the admin (for the batch: for applicants).
func leaveBody(applicants []string) map[string]any {
	return map[string]any{"type": "personal", "startTime": "2026-12-01 09:00:00", "endTime": "2026-12-01 18:00:00",
		"reason": "矩阵", "approver": "admin", "applicants": applicants}
}

// pngUpload is a multipart body holding a small PNG.
func pngUpload(t *testing.T) ([]byte, string) {
	t.Helper()
	return fileUpload(t, "file", "a.png", append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 64)...))
}

// fileUpload is a multipart body holding one file under field.
func fileUpload(t *testing.T, field, name string, content []byte) ([]byte, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	w, err := mw.CreateFormFile(field, name)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = w.Write(content)
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), mw.FormDataContentType()
}

// exportSample is an export of one field; a download names row 1 (whether or not it exists, the
// answer is a sheet).
func exportSample(path, field string, filters map[string]any) sample {
	return func(*testing.T, *matrix) apptest.Request {
		b := map[string]any{"headers": []string{field}, "fields": []string{field}}
		if strings.HasSuffix(path, "/download") {
			b["ids"] = []int64{1}
		}
		for k, v := range filters {
			b[k] = v
		}
		return apptest.Request{Method: http.MethodPost, Path: path, JSON: b}
	}
}
