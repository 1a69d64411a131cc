package web_test

import (
	"crypto/sha256"
	"encoding/base64"
	"regexp"
	"strings"
	"testing"

	"mallconsole/bff/internal/platform/config"
)

// directives splits a Content-Security-Policy into its directives' source lists.
func directives(t *testing.T, csp string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, d := range strings.Split(csp, ";") {
		f := strings.Fields(d)
		if len(f) > 0 {
			out[f[0]] = f[1:]
		}
	}
	if len(out) == 0 {
		t.Fatal("no Content-Security-Policy")
	}
	return out
}

func hashOf(script string) string {
	sum := sha256.Sum256([]byte(script))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// TestPagePolicy: the page runs its own scripts and exactly its own inline ones (hashed as
// served, after the asset base is written in); nothing inline besides, no eval, no plugins, and
// only the console itself and the configured portals may frame it.
func TestPagePolicy(t *testing.T) {
	s := start(t)
	r := get(t, s, "/system/user", nil)
	d := directives(t, r.Header.Get("Content-Security-Policy"))
	inline := regexp.MustCompile(`(?s)<script>(.*?)</script>`).FindAllStringSubmatch(string(r.Body), -1)
	if len(inline) != 2 {
		t.Fatalf("want the page's two inline scripts, got %d", len(inline))
	}
	want := []string{"'self'", hashOf(inline[0][1]), hashOf(inline[1][1])}
	if strings.Join(d["script-src"], " ") != strings.Join(want, " ") {
		t.Fatalf("script-src %v, want %v", d["script-src"], want)
	}
	if !strings.Contains(inline[0][1], s.URL+"/assets/") {
		t.Fatalf("the hashed script is not the served one: %q", inline[0][1])
	}
	for name, want := range map[string]string{
		"default-src":     "'self'",
		"object-src":      "'none'",
		"base-uri":        "'self'",
		"frame-ancestors": "'self' https://portal.example.com",
	} {
		if got := strings.Join(d[name], " "); got != want {
			t.Errorf("%s %q, want %q", name, got, want)
		}
	}
	if r.Header.Get("X-Content-Type-Options") != "nosniff" || r.Header.Get("Referrer-Policy") != "strict-origin-when-cross-origin" {
		t.Errorf("page headers %v", r.Header)
	}
	if r.Header.Get("Strict-Transport-Security") != "" {
		t.Error("HSTS over plain http")
	}
	// An API answer carries the common headers too.
	api := get(t, s, "/api/app/config", nil)
	if api.Header.Get("X-Content-Type-Options") != "nosniff" || api.Header.Get("Referrer-Policy") == "" {
		t.Errorf("API headers %v", api.Header)
	}
}

// TestPagePolicyWithPublicURL: assets from another origin are allowed by that origin, and an https
// console tells browsers to stay on https.
func TestPagePolicyWithPublicURL(t *testing.T) {
	s := start(t, func(c *config.Config) { c.PublicURL = "https://cdn.example.com/mall/" })
	r := get(t, s, "/", nil)
	d := directives(t, r.Header.Get("Content-Security-Policy"))
	for _, name := range []string{"script-src", "style-src", "img-src", "connect-src"} {
		if !strings.Contains(strings.Join(d[name], " "), "https://cdn.example.com") {
			t.Errorf("%s %v lacks the asset origin", name, d[name])
		}
	}
	if r.Header.Get("Strict-Transport-Security") != "max-age=31536000" {
		t.Errorf("HSTS %q", r.Header.Get("Strict-Transport-Security"))
	}
}
