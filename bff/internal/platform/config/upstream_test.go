package config

import (
	"strings"
	"testing"
	"time"
)

const upstreamSecret = "BFF_UPSTREAM_SECRET=0123456789abcdef0123456789abcdef"

func TestUpstreamsParse(t *testing.T) {
	c, err := load(t, nil, upstreamSecret, "BFF_STAFF_LOGIN=upstream",
		"BFF_UPSTREAMS=/background=http://10.0.0.5:8080, /api/legacy=http://10.0.0.6:8000/base/|perm:order:list|identity:relay|replace,/api=https://h")
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Upstreams) != 3 {
		t.Fatalf("upstreams = %+v", c.Upstreams)
	}
	// Longest prefix first, whatever the order given.
	got := []string{c.Upstreams[0].Prefix, c.Upstreams[1].Prefix, c.Upstreams[2].Prefix}
	if strings.Join(got, " ") != "/api/legacy /background /api" {
		t.Fatalf("order = %v", got)
	}
	l := c.Upstreams[0]
	if l.URL.String() != "http://10.0.0.6:8000/base" || l.Perm != "order:list" || l.Identity != IdentityRelay || !l.Replace {
		t.Fatalf("legacy = %+v (%s)", l, l.URL)
	}
	b := c.Upstreams[1]
	if b.Identity != IdentityJWT || b.Perm != "" || b.Replace || b.URL.Path != "" {
		t.Fatalf("background = %+v", b)
	}
	if c.UpstreamTimeout != 30*time.Second {
		t.Fatalf("default timeout = %s", c.UpstreamTimeout)
	}
}

func TestUpstreamBadEntriesNamed(t *testing.T) {
	for _, tc := range []struct{ entry, want string }{
		{"/background", "must be PREFIX=URL"},
		{"background=http://h", "prefix \"background\""},
		{"/api/=http://h", "no trailing slash"},
		{"/api/../x=http://h", "must be a path"},
		{"/api=ftp://h", "absolute http(s) URL"},
		{"/api=http://h/?a=1", "without query"},
		{"/api=http://u:secret@h", "without query, fragment or password"},
		{"/api=http://h|perm:", "unknown option"},
		{"/api=http://h|identity:magic", "unknown option"},
		{"/api=http://h|bogus", "unknown option"},
		{"/api=http://h,/api=http://g", "given twice"},
	} {
		_, err := load(t, nil, upstreamSecret, "BFF_UPSTREAMS="+tc.entry)
		if err == nil || !strings.Contains(err.Error(), "BFF_UPSTREAMS") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want it to name BFF_UPSTREAMS and say %q", tc.entry, err, tc.want)
		}
		if err != nil && strings.Contains(err.Error(), "secret@") {
			t.Errorf("%s: the password leaked into the error: %v", tc.entry, err)
		}
	}
	// The bad entry is named, the good one is not blamed.
	_, err := load(t, nil, upstreamSecret, "BFF_UPSTREAMS=/ok=http://h,/bad=nope")
	if err == nil || !strings.Contains(err.Error(), `"/bad=nope"`) || strings.Contains(err.Error(), `"/ok=`) {
		t.Fatalf("err = %v", err)
	}
}

func TestUpstreamSecretRules(t *testing.T) {
	if _, err := load(t, nil, "BFF_UPSTREAMS=/api/legacy=http://h"); err == nil || !strings.Contains(err.Error(), "BFF_UPSTREAM_SECRET") {
		t.Fatalf("upstreams without a secret: %v", err)
	}
	if _, err := load(t, nil, "BFF_UPSTREAMS=/api/legacy=http://h", "BFF_UPSTREAM_SECRET=short"); err == nil || !strings.Contains(err.Error(), "at least 32") {
		t.Fatalf("short secret: %v", err)
	}
	if _, err := load(t, nil, "BFF_TRUST_EDGE_SECRET=short"); err == nil || !strings.Contains(err.Error(), "BFF_TRUST_EDGE_SECRET") {
		t.Fatalf("short edge secret: %v", err)
	}
	// A secret alone is fine (the upstreams may come later).
	if _, err := load(t, nil, upstreamSecret); err != nil {
		t.Fatal(err)
	}
}

func TestUpstreamTimeoutBounds(t *testing.T) {
	c, err := load(t, nil, "BFF_UPSTREAM_TIMEOUT=90s")
	if err != nil || c.UpstreamTimeout != 90*time.Second {
		t.Fatalf("%s %v", c.UpstreamTimeout, err)
	}
	for _, v := range []string{"0s", "500ms", "2h", "soon"} {
		if _, err := load(t, nil, "BFF_UPSTREAM_TIMEOUT="+v); err == nil || !strings.Contains(err.Error(), "BFF_UPSTREAM_TIMEOUT") {
			t.Errorf("%s: %v", v, err)
		}
	}
}

func TestMatchUpstreamWholeSegmentsLongestWins(t *testing.T) {
	c, err := load(t, nil, upstreamSecret, "BFF_UPSTREAMS=/api=http://a,/api/legacy=http://b,/background=http://c")
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		"/api/legacy":        "/api/legacy",
		"/api/legacy/x/y":    "/api/legacy",
		"/api/legacyx":       "/api",
		"/api":               "/api",
		"/background/a":      "/background",
		"/backgroundx":       "",
		"/apis":              "",
		"/":                  "",
		"/background":        "/background",
		"/api/legacy/../etc": "/api/legacy", // echo cleans nothing: the upstream sees the same path
	} {
		u, ok := MatchUpstream(c.Upstreams, path)
		if (want == "") == ok || u.Prefix != want {
			t.Errorf("%s → %q (%v), want %q", path, u.Prefix, ok, want)
		}
	}
}
