package upstream

import (
	"bytes"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/perm"
)

// methods are those proxied: what a REST backend answers (no CONNECT, TRACE or WebDAV).
var methods = []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
	http.MethodDelete}

// Routes registers each prefix (itself and everything under it) for the methods the BFF does
// not answer itself there: register it after the features, so their routes win. The session
// rule is the BFF's own: a live session (405 under /background/, the channel API), plus the
// prefix's permission when it names one.
func (s *Service) Routes(r *authz.Router) {
	for _, px := range s.proxies {
		rule := authz.SignedIn()
		switch {
		case px.up.Perm != "":
			rule = authz.Perm(px.up.Perm)
		case config.UnderPrefix(px.up.Prefix, "/background"):
			rule = authz.Channel()
		}
		// The BFF only relays what is under the prefix: the contract is the upstream's.
		doc := authz.Doc{Summary: "proxied to the upstream of " + px.up.Prefix + " (its own contract; docs/upstream.md)",
			RespType: "*/*"}
		for _, path := range s.paths(px) {
			for _, m := range methods {
				if !r.Has(m, path) {
					r.Add(m, path, rule, px.serve).Doc(doc)
				}
			}
		}
	}
	if len(s.proxies) > 0 {
		r.GET("/api/upstreams/metrics", authz.Perm(perm.UpstreamMetrics), s.handleMetrics).
			Doc(authz.Doc{Summary: "counters of proxied calls (Prometheus text format)", RespType: "text/plain"})
	}
}

func (s *Service) paths(px *proxy) []string { return []string{px.up.Prefix, px.up.Prefix + "/*"} }

// Paths are the route patterns of every prefix (for the body limit, which they stream past).
func (s *Service) Paths() []string {
	var out []string
	for _, px := range s.proxies {
		out = append(out, s.paths(px)...)
	}
	return out
}

// Replaces tells whether path lies under a prefix marked replace, whose upstream takes over
// the BFF's own routes there.
func (s *Service) Replaces(path string) bool {
	path = strings.TrimSuffix(path, "/*")
	for _, px := range s.proxies {
		if px.up.Replace && config.UnderPrefix(path, px.up.Prefix) {
			return true
		}
	}
	return false
}

func (s *Service) handleMetrics(c echo.Context) error {
	var b bytes.Buffer
	if _, err := s.stats.WriteTo(&b); err != nil {
		return err
	}
	return c.Blob(http.StatusOK, "text/plain; version=0.0.4; charset=utf-8", b.Bytes())
}
