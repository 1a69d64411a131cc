// Package richtext cleans HTML from the rich-text editor before it is stored: what the editor
// produces (formatting, lists, tables, links, images) stays, anything that could run script
// (script/style elements, event attributes, javascript: URLs, frames, forms) goes.
package richtext

import (
	"regexp"

	"github.com/microcosm-cc/bluemonday"
)

// Sanitizer is safe for concurrent use; build one and share it.
type Sanitizer struct{ p *bluemonday.Policy }

// New builds the policy: bluemonday's user-generated-content policy plus inline text styles and
// alignment, and data: URI images (pasted ones). Image sources run no script: an <img> never
// executes what it loads, so only the event attributes around it matter.
func New() *Sanitizer {
	p := bluemonday.UGCPolicy()
	p.AllowStyles("color", "background-color", "text-align", "font-size", "font-weight", "font-style",
		"text-decoration", "margin-left", "padding-left", "width", "height").Globally()
	p.AllowAttrs("style").Globally()
	p.AllowDataURIImages()
	p.AllowAttrs("target").Matching(regexp.MustCompile(`^_blank$`)).OnElements("a")
	p.RequireNoReferrerOnLinks(true)
	return &Sanitizer{p: p}
}

// HTML returns the cleaned HTML.
func (s *Sanitizer) HTML(html string) string { return s.p.Sanitize(html) }
