package richtext_test

import (
	"strings"
	"testing"

	"mallconsole/bff/internal/platform/richtext"
)

func TestSanitize(t *testing.T) {
	s := richtext.New()
	for _, c := range []struct{ in, want string }{
		{`<p>你好<script>alert(1)</script></p>`, `<p>你好</p>`},
		{`<img src="x" onerror="alert(1)">`, `<img src="x">`},
		{`<img src="/api/files/0123456789abcdef0123456789abcdef.png" onerror="alert(1)">`, `<img src="/api/files/0123456789abcdef0123456789abcdef.png">`},
		{`<img src="https://cdn.example.com/a.png" alt="a">`, `<img src="https://cdn.example.com/a.png" alt="a">`},
		{`<img src="data:image/png;base64,iVBORw0KGgo=">`, `<img src="data:image/png;base64,iVBORw0KGgo=">`},
		{`<img src="javascript:alert(1)">`, ``},
		{`<a href="javascript:alert(1)">x</a>`, `x`},
		{`<a href="https://example.com" target="_blank">x</a>`, `<a href="https://example.com" target="_blank" rel="nofollow noreferrer noopener">x</a>`},
		{`<p style="color: red; position: fixed">红</p>`, `<p style="color: red">红</p>`},
		{`<iframe src="https://evil"></iframe><form><input></form>`, ``},
		{`<table><tr><td>1</td></tr></table>`, `<table><tr><td>1</td></tr></table>`},
		{`<h1>标题</h1><ul><li><strong>粗</strong><em>斜</em></li></ul><pre><code>x</code></pre>`, `<h1>标题</h1><ul><li><strong>粗</strong><em>斜</em></li></ul><pre><code>x</code></pre>`},
		{`<div onclick="x()">a</div><style>body{}</style>`, `<div>a</div>`},
	} {
		if got := strings.TrimSpace(s.HTML(c.in)); got != c.want {
			t.Errorf("HTML(%s) = %s, want %s", c.in, got, c.want)
		}
	}
}
