package app_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/dbtest"
)

// TestBadInputSweep sends every route the server registered a set of malformed inputs (broken
// path parameters, queries, JSON, forms and multipart bodies) as each of the four demo roles and
// without a session, and fails on any 5xx, on an error answer without a message, and on a server
// that stops answering. It runs on SQLite and on MariaDB with Redis sessions.
func TestBadInputSweep(t *testing.T) {
	if testing.Short() {
		t.Skip("the sweep sends tens of thousands of requests")
	}
	for _, variant := range []string{"sqlite", "mysql+redis"} {
		t.Run(variant, func(t *testing.T) {
			t.Parallel()
			var s *apptest.Server
			if variant == "sqlite" {
				s = apptest.Start(t, "sqlite", withPDFFont)
			} else {
				s = apptest.Start(t, "mysql", withPDFFont, func(c *config.Config) { c.Redis, _ = dbtest.RedisURL(t) })
			}
			sweep(t, s)
		})
	}
}

// sweepRole signs in again when a bad input ended its session (a logout with a garbled body).
type sweepRole struct {
	name  string
	login func() string
	token string
}

func sweep(t *testing.T, s *apptest.Server) {
	roles := []*sweepRole{
		{name: "anonymous", login: func() string { return "" }},
		{name: "admin", login: func() string { return s.Login(t, "admin", apptest.AdminPassword) }},
		{name: "staff", login: func() string { return s.Login(t, "staff", apptest.DemoPassword) }},
		{name: "lead", login: func() string { return s.Login(t, "lead", apptest.DemoPassword) }},
		{name: "channel", login: func() string { return s.ChannelLogin(t, "channel", apptest.DemoPassword) }},
	}
	for _, r := range roles {
		r.token = r.login()
	}
	keys, _ := routeKeys(s.App.Echo, s.App.Routes.Rules())
	// Sign-in and sign-out go last: their failures count against the test's one address, and a
	// locked address could not sign the roles in again.
	sort.SliceStable(keys, func(i, j int) bool { return !isSessionRoute(keys[i]) && isSessionRoute(keys[j]) })

	statuses, sent := map[int]int{}, 0
	for _, key := range keys {
		method, path, _ := strings.Cut(key, " ")
		for _, role := range roles {
			if streamRoute(key) && role.token != "" {
				continue // it answers by never ending: notify_test.go checks it with a session
			}
			for _, in := range badInputs(method, path) {
				req := in
				req.Token = role.token
				res := s.Do(t, req)
				statuses[res.Status]++
				sent++
				if res.Status >= 500 {
					t.Errorf("%s as %s, %s: %d %s", key, role.name, describe(in), res.Status, clip(res.Body))
				}
				if res.Status >= 400 && strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
					var env apptest.Envelope
					if json.Unmarshal(res.Body, &env) != nil || env.Message == "" {
						t.Errorf("%s as %s, %s: %d without a message: %s", key, role.name, describe(in), res.Status, clip(res.Body))
					}
				}
				if res.Status == http.StatusUnauthorized && role.token != "" && !isSessionRoute(key) {
					role.token = role.login() // a bad input ended the session; the next ones need one
				}
			}
		}
	}
	codes := slices.Sorted(func(yield func(int) bool) {
		for c := range statuses {
			if !yield(c) {
				return
			}
		}
	})
	var summary []string
	for _, c := range codes {
		summary = append(summary, fmt.Sprintf("%d×%d", c, statuses[c]))
	}
	t.Logf("%d routes, %d roles, %d requests: %s", len(keys), len(roles), sent, strings.Join(summary, " "))
	if r := s.Get(t, "/readyz", ""); r.Status != http.StatusOK {
		t.Errorf("after the sweep /readyz answers %d", r.Status)
	}
}

func isSessionRoute(key string) bool {
	return strings.Contains(key, "/login") || strings.Contains(key, "/logout")
}

// badInputs are the malformed requests sent to one route: broken path parameters for every
// route, broken queries for reads, broken bodies for writes.
func badInputs(method, path string) []apptest.Request {
	var out []apptest.Request
	for _, p := range badPathValues(path) {
		out = append(out, apptest.Request{Method: method, Path: p})
	}
	base := concrete(path)
	if method == http.MethodGet || method == http.MethodHead {
		for _, q := range badQueries {
			out = append(out, apptest.Request{Method: method, Path: base + "?" + q})
		}
		return out
	}
	for _, b := range badBodies() {
		b.Method, b.Path = method, base
		out = append(out, b)
	}
	return out
}

// badPathValues fills the route's parameters with values no handler should take as an id.
func badPathValues(path string) []string {
	if !strings.Contains(path, ":") && !strings.Contains(path, "*") {
		return nil
	}
	values := []string{"0", "-1", "99999999999999999999", "abc", "1e3", "%00", "%E4%BD%A0", "1%3B2",
		"%2e%2e%2f%2e%2e", strings.Repeat("9", 300)}
	out := make([]string, 0, len(values))
	for _, v := range values {
		parts := strings.Split(path, "/")
		for i, p := range parts {
			if strings.HasPrefix(p, ":") || p == "*" {
				parts[i] = v
			}
		}
		out = append(out, strings.Join(parts, "/"))
	}
	return out
}

var badQueries = []string{
	"page=-1&size=100000000",
	"page=abc&size=abc",
	"page=99999999999999999999&size=1",
	"sort=id;drop%20table%20x&sort=%00,desc&sort=,,,",
	"startTime=notadate&endTime=99999999999999&createTime=2026-13-45&createTime=x",
	"id=abc&ids=1,x,-1&fileId=..%2F..%2Fetc%2Fpasswd&side=x&type=%27%22&status=%FF",
	"blurry=%25%5F%21&name=" + strings.Repeat("长", 2000),
	"agencyId=-1&deptId=abc&enabled=maybe&month=2026-99&by=x&kind=x&format=x",
}

func badBodies() []apptest.Request {
	deep := strings.Repeat("[", 5000) + strings.Repeat("]", 5000)
	wrongTypes := `{"id":"x","ids":"x","name":1,"page":-1,"username":[],"password":{},"enabled":"yes",` +
		`"status":99,"amount":"1e999","price":-1,"quantity":-5,"createTime":"x","startTime":123,` +
		`"deptId":"a","roles":[{"id":"x"}],"agencyId":"b","dept":{"id":-1},"items":"x","data":[1]}`
	invalidUTF8 := []byte(`{"name":"` + "\xff\xfe" + `","username":"` + "\xc0\xaf" + `"}`)
	var mp bytes.Buffer
	w := multipart.NewWriter(&mp)
	_ = w.WriteField("type", "cOnTrAcT")
	_ = w.WriteField("businessId", "-1")
	_ = w.WriteField("name", "../../x")
	fw, _ := w.CreateFormFile("file", "../../a.png")
	_, _ = fw.Write([]byte("\x89PNG\r\n\x1a\nnot really"))
	_ = w.Close()
	js := func(s string) apptest.Request { return apptest.Request{Raw: []byte(s), RawType: "application/json"} }
	return []apptest.Request{
		js(""), js("{"), js("null"), js("[]"), js("{}"), js(`"x"`), js("1e999"), js(deep), js(wrongTypes),
		js(`{"name":"` + strings.Repeat("长", 24<<10) + `"}`),
		{Raw: invalidUTF8, RawType: "application/json"},
		{Raw: []byte("name=%ZZ&id=abc&page=-1"), RawType: "application/x-www-form-urlencoded"},
		{Raw: []byte("plain text"), RawType: "text/plain"},
		{Raw: mp.Bytes(), RawType: w.FormDataContentType()},
		{Raw: []byte("--x\r\ncut short"), RawType: "multipart/form-data; boundary=x"},
	}
}

func describe(r apptest.Request) string {
	if r.Raw == nil {
		return r.Path
	}
	return fmt.Sprintf("%s body %s %q", r.Path, r.RawType, clip(r.Raw))
}

func clip(b []byte) string {
	if len(b) > 120 {
		return string(b[:120]) + "…"
	}
	return string(b)
}
