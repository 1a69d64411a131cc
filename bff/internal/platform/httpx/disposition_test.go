package httpx_test

import (
	"testing"

	"mallconsole/bff/internal/platform/httpx"
)

func TestDisposition(t *testing.T) {
	for in, want := range map[string]string{
		"a b.xlsx":    `attachment; filename="a b.xlsx"; filename*=UTF-8''a%20b.xlsx`,
		`x"/\.xlsx`:   `attachment; filename="x___.xlsx"; filename*=UTF-8''x%22%2F%5C.xlsx`,
		"在线用户数据.xlsx": `attachment; filename="______.xlsx"; filename*=UTF-8''%E5%9C%A8%E7%BA%BF%E7%94%A8%E6%88%B7%E6%95%B0%E6%8D%AE.xlsx`,
	} {
		if got := httpx.Disposition("attachment", in); got != want {
			t.Errorf("Disposition(%q) = %s, want %s", in, got, want)
		}
	}
}
