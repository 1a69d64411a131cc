package richtext_test

import (
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"mallconsole/bff/internal/platform/richtext"
)

// scriptURL is a javascript:/vbscript: URL even when the scheme is split by spaces or control
// characters, as browsers read it.
var scriptURL = regexp.MustCompile(`(?i)^[\x00-\x20]*(j[\s\x00]*a[\s\x00]*v[\s\x00]*a|v[\s\x00]*b)[\s\x00]*s[\s\x00]*c[\s\x00]*r[\s\x00]*i[\s\x00]*p[\s\x00]*t[\s\x00]*:`)

// FuzzSanitize checks the sanitiser's promises on any input, reading its output the way a browser
// does (the HTML5 tokenizer): no script, style, frame or form element, no on* attribute, no
// script URL in any attribute, and sanitising again changes nothing.
func FuzzSanitize(f *testing.F) {
	for _, s := range []string{
		`<p style="color: red">hi <b>there</b></p>`, `<script>alert(1)</script>`, `<img src=x onerror=alert(1)>`,
		`<a href="javascript:alert(1)">x</a>`, `<a href="jav&#x09;ascript:alert(1)">x</a>`, `<svg onload=alert(1)>`,
		`<iframe src="//evil"></iframe>`, `<scr<script>ipt>alert(1)</script>`, `<img src="data:image/png;base64,iVBORw0KGgo=">`,
		`<a href="https://example.com" target="_blank">ok</a>`, `<style>*{}</style><p>x`, `<<p>>`, `<!--<script>-->`,
		`<math><mi xlink:href="javascript:1">`, `<p style="background:url(javascript:alert(1))">`, `<table><tr><td>1</td></tr></table>`,
	} {
		f.Add(s)
	}
	s := richtext.New()
	f.Fuzz(func(t *testing.T, in string) {
		out := s.HTML(in)
		if again := s.HTML(out); again != out {
			t.Fatalf("not stable:\n in   %q\n once %q\n twice %q", in, out, again)
		}
		z := html.NewTokenizer(strings.NewReader(out))
		for {
			tt := z.Next()
			if tt == html.ErrorToken {
				return
			}
			if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
				continue
			}
			tok := z.Token()
			switch tok.Data {
			case "script", "style", "iframe", "frame", "object", "embed", "form", "base", "meta", "link":
				t.Fatalf("%q kept a <%s>: %q", in, tok.Data, out)
			}
			for _, a := range tok.Attr {
				if strings.HasPrefix(strings.ToLower(a.Key), "on") {
					t.Fatalf("%q kept attribute %s: %q", in, a.Key, out)
				}
				if scriptURL.MatchString(a.Val) || strings.Contains(strings.ToLower(a.Val), "javascript:") && a.Key == "style" {
					t.Fatalf("%q kept a script URL in %s: %q", in, a.Key, out)
				}
			}
		}
	})
}
