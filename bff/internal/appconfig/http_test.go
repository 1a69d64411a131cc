package appconfig_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"mallconsole/bff/internal/appconfig"
	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/initsetup"
	"mallconsole/bff/internal/platform/config"
)

func titleOf(t *testing.T, s *apptest.Server, req apptest.Request) *string {
	t.Helper()
	var got struct {
		Title *string `json:"title"`
	}
	r := s.Do(t, req)
	if r.Status != http.StatusOK {
		t.Fatalf("%s: %d %s", req.Path, r.Status, r.Body)
	}
	if !strings.Contains(string(r.Body), `"title"`) {
		t.Fatalf("%s: no title field in %s", req.Path, r.Body)
	}
	r.JSON(t, &got)
	return got.Title
}

func TestBrandTitleByHost(t *testing.T) {
	s := apptest.Start(t, "sqlite", func(c *config.Config) {
		c.BrandTitles = map[string]string{"shop-a.example.com": "甲商城", "127.0.0.1": "测试商城"}
	})
	cases := []struct {
		name string
		req  apptest.Request
		want string // "" : no brand (the app shows 商城)
	}{
		{"host parameter, port and case ignored", apptest.Request{Path: "/api/app/config?host=Shop-A.Example.com:8443"}, "甲商城"},
		{"request host when no parameter", apptest.Request{Path: "/api/app/config", Header: http.Header{"Host": {"SHOP-A.example.com"}}}, "甲商城"},
		{"the parameter wins over the request host", apptest.Request{Path: "/api/app/config?host=other.example.com", Header: http.Header{"Host": {"shop-a.example.com"}}}, ""},
		{"an IP host", apptest.Request{Path: "/api/app/config?host=127.0.0.1:5173"}, "测试商城"},
		{"another loopback name stays generic", apptest.Request{Path: "/api/app/config?host=localhost"}, ""},
		{"unknown host", apptest.Request{Path: "/api/app/config", Header: http.Header{"Host": {"elsewhere.example.com"}}}, ""},
		{"a forged forwarded host from an untrusted peer is ignored", apptest.Request{Path: "/api/app/config",
			Header: http.Header{"Host": {"elsewhere.example.com"}, "X-Forwarded-Host": {"shop-a.example.com"}}}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := titleOf(t, s, tc.req)
			switch {
			case tc.want == "" && got != nil:
				t.Fatalf("title %q, want null", *got)
			case tc.want != "" && (got == nil || *got != tc.want):
				t.Fatalf("title %v, want %q", got, tc.want)
			}
		})
	}

	r := s.Do(t, apptest.Request{Path: "/api/app/config?host=" + strings.Repeat("a", 254)})
	if e := r.Error(t); r.Status != http.StatusBadRequest || !strings.HasPrefix(e.Message, "host:") {
		t.Fatalf("long host: %d %s", r.Status, r.Body)
	}
}

func TestNoBrandsConfigured(t *testing.T) {
	s := apptest.Start(t, "sqlite")
	if got := titleOf(t, s, apptest.Request{Path: "/api/app/config?host=shop-a.example.com"}); got != nil {
		t.Fatalf("title %q without configuration", *got)
	}
}

// The shop name given at /init is the title wherever no host brand is configured; the footer
// comes from BFF_FOOTER_TEXT and BFF_CASE_NUMBER.
func TestShopNameAndFooter(t *testing.T) {
	s := apptest.Start(t, "sqlite", func(c *config.Config) {
		c.BrandTitles = map[string]string{"shop-a.example.com": "甲商城"}
		c.Footer = config.Footer{Text: "© 2026 好物商城", CaseNumber: "浙ICP备12345678号-1"}
	})
	if err := initsetup.NewStore(s.DB).Set(context.Background(), nil, initsetup.KeyShopName, "好物商城"); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Title      *string `json:"title"`
		FooterText string  `json:"footerText"`
		CaseNumber string  `json:"caseNumber"`
	}
	s.Do(t, apptest.Request{Path: "/api/app/config?host=elsewhere.example.com"}).JSON(t, &got)
	if got.Title == nil || *got.Title != "好物商城" || got.FooterText != "© 2026 好物商城" || got.CaseNumber != "浙ICP备12345678号-1" {
		t.Fatalf("config = %+v (title %v)", got, got.Title)
	}
	if title := titleOf(t, s, apptest.Request{Path: "/api/app/config?host=shop-a.example.com"}); title == nil || *title != "甲商城" {
		t.Fatalf("a host's brand should win over the shop name: %v", title)
	}
	if appconfig.ShopKey != initsetup.KeyShopName {
		t.Fatalf("the title reads %q, /init writes %q", appconfig.ShopKey, initsetup.KeyShopName)
	}
}
