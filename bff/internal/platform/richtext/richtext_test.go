package richtext_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"mallconsole/bff/internal/platform/richtext"
)

// The editor's own output (testdata/editor-output.json, written by the front end's
// richtext.fixtures.test.ts with the editor's extensions) is stored as it is.
func TestEditorOutputSurvives(t *testing.T) {
	raw, err := os.ReadFile("testdata/editor-output.json")
	if err != nil {
		t.Fatal(err)
	}
	var samples map[string]string
	if err := json.Unmarshal(raw, &samples); err != nil {
		t.Fatal(err)
	}
	if len(samples) < 20 {
		t.Fatalf("only %d samples in testdata/editor-output.json", len(samples))
	}
	s := richtext.New()
	for name, html := range samples {
		if got := s.HTML(html); got != html {
			t.Errorf("%s: cleaning changed the editor's HTML\n got: %s\nwant: %s", name, got, html)
		}
	}
}

func TestDangerousInputGoes(t *testing.T) {
	s := richtext.New()
	for _, c := range []struct{ name, in, want string }{
		{"script element", `<p>你好<script>alert(1)</script></p>`, `<p>你好</p>`},
		{"event attribute on a picture", `<img src="/api/files/a.png" onerror="alert(1)">`, `<img src="/api/files/a.png">`},
		{"event attribute on text", `<p onclick="x()" onmouseover="y()">a</p>`, `<p>a</p>`},
		{"javascript: picture", `<img src="javascript:alert(1)">`, ``},
		{"data: picture", `<img src="data:image/png;base64,iVBORw0KGgo=">`, ``},
		{"picture from a plain-http stranger", `<img src="http://evil.example/a.png">`, ``},
		{"javascript: link", `<a href="javascript:alert(1)">x</a>`, `x`},
		{"JaVaScRiPt: link with spaces", `<a href=" JaVaScRiPt:alert(1)">x</a>`, `x`},
		{"relative link", `<a href="/api/users">x</a>`, `x`},
		{"vbscript: link", `<a href="vbscript:msgbox(1)">x</a>`, `x`},
		{"web link without a host", `<a href="https://#0000">x</a>`, `x`},
		{"https picture without a host", `<img src="https://?a.png">`, ``},
		{"link without rel gets one", `<a href="https://example.com">x</a>`, `<a href="https://example.com" rel="nofollow noreferrer">x</a>`},
		{"other target", `<a href="https://example.com" target="_parent" rel="noopener noreferrer nofollow">x</a>`, `<a href="https://example.com" rel="noopener noreferrer nofollow">x</a>`},
		{"style with url()", `<span style="color: red; background: url(javascript:alert(1))">x</span>`, `<span>x</span>`},
		{"style with expression()", `<span style="color: expression(alert(1))">x</span>`, `<span>x</span>`},
		{"style other than colour on text", `<span style="position: fixed; top: 0">x</span>`, `<span>x</span>`},
		{"colour on a paragraph", `<p style="color: red">x</p>`, `<p>x</p>`},
		{"alignment with more behind it", `<p style="text-align: center; background-image: url(x)">x</p>`, `<p>x</p>`},
		{"style element", `<style>body{display:none}</style><p>a</p>`, `<p>a</p>`},
		{"iframe", `<iframe src="https://evil.example"></iframe>`, ``},
		{"form", `<form action="https://evil.example"><input name="p"><button>go</button></form>`, `go`},
		{"object and embed", `<object data="x.swf"></object><embed src="x.swf">`, ``},
		{"svg with script", `<svg><script>alert(1)</script></svg>`, ``},
		{"class and id", `<p class="x" id="y">a</p>`, `<p>a</p>`},
		{"event attribute beside a colour", `<span style="color: red" onclick="x()">a</span>`, `<span style="color: red">a</span>`},
		{"colspan not a number", `<table><tbody><tr><td colspan="2;x">a</td></tr></tbody></table>`, `<table><tbody><tr><td>a</td></tr></tbody></table>`},
	} {
		if got := strings.TrimSpace(s.HTML(c.in)); got != c.want {
			t.Errorf("%s: HTML(%s) = %s, want %s", c.name, c.in, got, c.want)
		}
	}
}
