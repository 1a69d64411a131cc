package config

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"
)

// Upstream is one entry of BFF_UPSTREAMS: requests under Prefix go to URL (docs/upstream.md).
type Upstream struct {
	Prefix   string   // "/background", "/api/legacy": no trailing slash, whole path segments
	URL      *url.URL // http(s), no query or fragment; its path is put before the request's
	Perm     string   // "": any live session; else the permission a caller must hold
	Identity string   // IdentityJWT (default) or IdentityRelay
	// Replace hands the BFF's own routes under Prefix to the upstream (page-by-page adoption);
	// without it the BFF's own routes win and the upstream gets only the rest.
	Replace bool
}

// How the caller's identity reaches an upstream.
const (
	IdentityJWT   = "jwt"   // a short-lived HS256 JWT signed with BFF_UPSTREAM_SECRET
	IdentityRelay = "relay" // the upstream's own token, kept in the BFF session
)

// minUpstreamSecretLen is the shortest secret that may sign identities.
const minUpstreamSecretLen = 32

var (
	prefixPattern = regexp.MustCompile(`^(/[A-Za-z0-9._~-]+)+$`)
	permPattern   = regexp.MustCompile(`^[A-Za-z0-9_:.-]{1,64}$`)
)

// parseUpstreams reads "PREFIX=URL[|perm:x][|identity:jwt|relay][|replace],…". Each error names
// the entry, so the operator sees which one to fix.
func parseUpstreams(c *Config, v string) error {
	c.Upstreams = nil
	var errs []error
	seen := map[string]bool{}
	for _, entry := range strings.Split(v, ",") {
		entry = strings.TrimSpace(entry)
		if entry == "" {
			continue
		}
		u, err := parseUpstream(entry)
		if err == nil && seen[u.Prefix] {
			err = fmt.Errorf("prefix %s given twice", u.Prefix)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("entry %q: %w", redact(entry), err))
			continue
		}
		seen[u.Prefix] = true
		c.Upstreams = append(c.Upstreams, u)
	}
	// Longest prefix first: the first that matches a path is the one that wins.
	slices.SortFunc(c.Upstreams, func(a, b Upstream) int {
		if d := len(b.Prefix) - len(a.Prefix); d != 0 {
			return d
		}
		return strings.Compare(a.Prefix, b.Prefix)
	})
	return errors.Join(errs...)
}

func parseUpstream(entry string) (Upstream, error) {
	head, opts, _ := strings.Cut(entry, "|")
	prefix, raw, ok := strings.Cut(head, "=")
	if !ok {
		return Upstream{}, errors.New("must be PREFIX=URL")
	}
	prefix, raw = strings.TrimSpace(prefix), strings.TrimSpace(raw)
	if !prefixPattern.MatchString(prefix) || strings.Contains(prefix, "/./") || strings.Contains(prefix+"/", "/../") {
		return Upstream{}, fmt.Errorf("prefix %q must be a path such as /background or /api/legacy (no trailing slash)", prefix)
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" ||
		u.User != nil || u.Opaque != "" {
		return Upstream{}, errors.New("the URL must be an absolute http(s) URL without query, fragment or password")
	}
	u.Path = strings.TrimSuffix(u.Path, "/")
	u.RawPath = ""
	up := Upstream{Prefix: prefix, URL: u, Identity: IdentityJWT}
	if opts == "" {
		return up, nil
	}
	for _, o := range strings.Split(opts, "|") {
		k, val, _ := strings.Cut(strings.TrimSpace(o), ":")
		switch {
		case k == "perm" && permPattern.MatchString(val):
			up.Perm = val
		case k == "identity" && (val == IdentityJWT || val == IdentityRelay):
			up.Identity = val
		case k == "replace" && val == "":
			up.Replace = true
		default:
			return Upstream{}, fmt.Errorf("unknown option %q (perm:PERMISSION, identity:jwt|relay, replace)", o)
		}
	}
	return up, nil
}

func parseUpstreamSecret(c *Config, v string) error {
	if v != "" && len(v) < minUpstreamSecretLen {
		return fmt.Errorf("must be at least %d characters", minUpstreamSecretLen)
	}
	c.UpstreamSecret = v
	return nil
}

func parseTrustEdgeSecret(c *Config, v string) error {
	if v != "" && len(v) < minUpstreamSecretLen {
		return fmt.Errorf("must be at least %d characters", minUpstreamSecretLen)
	}
	c.TrustEdgeSecret = v
	return nil
}

func parseUpstreamTimeout(c *Config, v string) (err error) {
	c.UpstreamTimeout, err = parseDuration(v, time.Second, time.Hour)
	return err
}

// checkUpstreams holds the rules between settings: a configured upstream needs the secret that
// signs the identity it is sent.
func checkUpstreams(c Config) error {
	if len(c.Upstreams) > 0 && c.UpstreamSecret == "" {
		return errors.New("BFF_UPSTREAM_SECRET (--upstream-secret): required when BFF_UPSTREAMS is set (at least 32 characters)")
	}
	return nil
}

// UnderPrefix tells whether path is prefix itself or below it on a whole path segment
// (/api/legacy covers /api/legacy/x but not /api/legacyx).
func UnderPrefix(path, prefix string) bool {
	return path == prefix || (strings.HasPrefix(path, prefix) && path[len(prefix)] == '/')
}

// MatchUpstream is the upstream whose prefix covers path, the longest one when several do.
func MatchUpstream(ups []Upstream, path string) (Upstream, bool) {
	for _, u := range ups { // sorted longest first by parseUpstreams
		if UnderPrefix(path, u.Prefix) {
			return u, true
		}
	}
	return Upstream{}, false
}
