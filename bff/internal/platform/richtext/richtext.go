// Package richtext cleans HTML from the rich-text editor before it is stored. It lets through
// exactly what the console's editor (Tiptap, frontend/src/shared/ui/richtext) produces: headings,
// paragraphs, marks, colour, alignment, lists, links, pictures and tables. Anything else goes,
// and with it whatever could run script: script/style elements, event attributes, javascript:
// and data: URLs, CSS beyond a colour or an alignment, frames and forms.
package richtext

import (
	"regexp"

	"github.com/microcosm-cc/bluemonday"
)

var (
	// The editor writes styles through the browser's CSSOM, which spells colours rgb(r, g, b) and
	// ends with a semicolon; hex and names come from pasted HTML kept by the source view.
	colorStyle = regexp.MustCompile(`^color: ?(#[0-9a-fA-F]{3,8}|rgba?\(\d{1,3}, ?\d{1,3}, ?\d{1,3}(, ?(0|1|0?\.\d+))?\)|[a-zA-Z]{3,20});?$`)
	alignStyle = regexp.MustCompile(`^text-align: ?(left|center|right|justify);?$`)
	// Links leave for the web or a mail program, never a script or a page of the console. A web
	// address must name its host: Go writes `https://#x` back as `https:#x`, which a second
	// cleaning would drop, so stored text would not survive being saved again.
	linkHref = regexp.MustCompile(`(?i)^(https?://[^/\s?#]+\S*|mailto:\S+)$`)
	// Pictures are the BFF's uploaded files (relative, or under an absolute API base when the
	// console is embedded) or any https address (object storage, a CDN).
	imageSrc = regexp.MustCompile(`^((https?://[^/\s?#]+)?(/[^\s?#]*)?/api/files/[^\s/?#]+|https://[^/\s?#]+\S*)$`)
	linkRel  = regexp.MustCompile(`^(noopener|noreferrer|nofollow)( (noopener|noreferrer|nofollow))*$`)
)

// Sanitizer is safe for concurrent use; build one and share it.
type Sanitizer struct{ p *bluemonday.Policy }

// New builds the policy. Styles are attributes matched whole rather than bluemonday's CSS
// policies, which would rewrite them (dropping the final semicolon) and so change every colour
// the editor writes.
func New() *Sanitizer {
	p := bluemonday.NewPolicy()
	p.AllowElements("p", "br", "hr", "h1", "h2", "h3", "blockquote", "pre", "code",
		"strong", "em", "u", "s", "ul", "ol", "li", "table", "thead", "tbody", "tr", "th", "td")
	p.AllowAttrs("style").Matching(alignStyle).OnElements("p", "h1", "h2", "h3")
	p.AllowAttrs("style").Matching(colorStyle).OnElements("span", "mark")
	p.AllowAttrs("start").Matching(bluemonday.Integer).OnElements("ol")
	p.AllowAttrs("colspan", "rowspan").Matching(bluemonday.Integer).OnElements("th", "td")

	p.RequireParseableURLs(true)
	p.AllowURLSchemes("http", "https", "mailto")
	p.AllowRelativeURLs(true) // for /api/files/…; links are held to linkHref
	p.AllowAttrs("href").Matching(linkHref).OnElements("a")
	p.AllowAttrs("target").Matching(regexp.MustCompile(`^_blank$`)).OnElements("a")
	p.AllowAttrs("rel").Matching(linkRel).OnElements("a")
	p.RequireNoFollowOnLinks(true)
	p.RequireNoReferrerOnLinks(true)
	p.AllowAttrs("src").Matching(imageSrc).OnElements("img")
	p.AllowAttrs("alt", "title").OnElements("img")
	return &Sanitizer{p: p}
}

// HTML returns the cleaned HTML.
func (s *Sanitizer) HTML(html string) string { return s.p.Sanitize(html) }
