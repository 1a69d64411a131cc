package web

import (
	"crypto/sha256"
	"encoding/base64"
	"net/url"
	"regexp"
	"slices"
	"strings"
)

// inlineScript finds the page's scripts; those without src are the qiankun entry's inline shims
// (the module import and the lifecycle hand-over), allowed one by one by their hash.
var inlineScript = regexp.MustCompile(`(?is)<script\b([^>]*)>(.*?)</script>`)
var srcAttr = regexp.MustCompile(`(?i)\ssrc\s*=`)

// Policy is what the page may load and who may frame it.
type Policy struct {
	// Ancestors may put the console in a frame besides its own origin (the host portals).
	Ancestors []string
	// Sources are other origins the page loads from (a CDN base for the assets).
	Sources []string
	// Uploads are origins the page only sends files to (an object-storage bucket's presigned POST).
	Uploads []string
	// Pictures are origins the page shows pictures from only (a Qiniu or OSS bucket's public
	// address, where the editor's pictures are read).
	Pictures []string
}

// header is the Content-Security-Policy of page (as served: after Rewrite, since the inline
// import names the asset base). No inline script runs but these; styles may be inline, because
// antd writes its CSS-in-JS into <style> elements at run time.
func (p Policy) header(page []byte) string {
	scripts := []string{"'self'"}
	for _, m := range inlineScript.FindAllSubmatch(page, -1) {
		if srcAttr.Match(m[1]) {
			continue
		}
		sum := sha256.Sum256(m[2])
		h := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
		if !slices.Contains(scripts, h) {
			scripts = append(scripts, h)
		}
	}
	srcs := strings.Join(append([]string{"'self'"}, p.Sources...), " ")
	scripts = append(scripts, p.Sources...)
	return strings.Join([]string{
		"default-src 'self'",
		"script-src " + strings.Join(scripts, " "),
		"style-src " + srcs + " 'unsafe-inline'",
		"img-src " + strings.Join(append([]string{srcs}, p.Pictures...), " ") + " data: blob:",
		"font-src " + srcs + " data:",
		"connect-src " + strings.Join(append([]string{srcs}, p.Uploads...), " "),
		"worker-src 'self' blob:",
		"frame-src 'self' blob:",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors " + strings.Join(append([]string{"'self'"}, p.Ancestors...), " "),
	}, "; ")
}

// Origin is scheme://host of an absolute URL ("" for anything else).
func Origin(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return ""
	}
	return strings.ToLower(u.Scheme + "://" + u.Host)
}
