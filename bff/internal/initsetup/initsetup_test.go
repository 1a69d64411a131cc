package initsetup_test

import (
	"context"
	"net/http"
	"net/netip"
	"strings"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/initsetup"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/dbtest"
)

func check(t *testing.T, s *apptest.Server) bool {
	t.Helper()
	var got struct {
		Initialized *bool `json:"initialized"`
	}
	r := s.Get(t, "/api/init/check", "")
	r.JSON(t, &got)
	if r.Status != 200 || got.Initialized == nil {
		t.Fatalf("check: %d %s", r.Status, r.Body)
	}
	return *got.Initialized
}

func TestCheck(t *testing.T) {
	if !check(t, apptest.Start(t, "sqlite")) {
		t.Fatal("demo data should mark the shop initialised")
	}
	s := apptest.Start(t, "sqlite", func(c *config.Config) { c.Demo = false })
	if check(t, s) {
		t.Fatal("a new database without demo data is not initialised")
	}
	// The admin exists all the same.
	if tok := s.Login(t, "admin", apptest.AdminPassword); tok == "" {
		t.Fatal("no admin")
	}
	if err := initsetup.NewStore(s.DB).Set(context.Background(), nil, initsetup.KeyInitialized, "x"); err != nil {
		t.Fatal(err)
	}
	if !check(t, s) {
		t.Fatal("saving the setting did not initialise")
	}
}

func TestSettingsStore(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		st := initsetup.NewStore(g)
		if _, ok, err := st.Get(ctx, "k"); ok || err != nil {
			t.Fatalf("empty get = %v %v", ok, err)
		}
		for _, v := range []string{"one", "two"} {
			if err := st.Set(ctx, nil, "k", v); err != nil {
				t.Fatal(err)
			}
			if got, ok, err := st.Get(ctx, "k"); !ok || err != nil || got != v {
				t.Fatalf("get = %q %v %v, want %q", got, ok, err, v)
			}
		}
	})
}

func TestSetup(t *testing.T) {
	remote := http.Header{"X-Forwarded-For": {"203.0.113.5"}}
	s := apptest.Start(t, "sqlite", func(c *config.Config) {
		c.Demo = false
		c.TrustedProxy = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
		c.PublicURL = "https://shop.example.com/"
	})
	body := map[string]any{"username": "boss", "nickName": "店长", "email": "boss@example.com",
		"password": "boss-pass-1", "shopName": "好物商城", "shopPhone": "13800000009", "shopAddress": "上海",
		"shopIntro": `<p onclick="steal()">好物<b>优选</b><script>alert(1)</script><img src="/api/files/abc" onerror="steal()"></p>` +
			`<a href="javascript:steal()">链接</a>`}
	post := func(b any, h http.Header) apptest.Response {
		return s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/init", JSON: b, Header: h})
	}
	wantErr := func(r apptest.Response, status int, msg string) {
		t.Helper()
		if e := r.Error(t); e.Status != status || e.Message != msg {
			t.Fatalf("got %+v, want %d %s", e, status, msg)
		}
	}
	// From elsewhere, before initialisation: refused, unless the page came from the public origin.
	wantErr(post(body, remote), 403, "只能在本机或配置的站点地址上初始化系统")
	wantErr(post(body, http.Header{"X-Forwarded-For": {"203.0.113.5"}, "Origin": {"https://evil.example.com"}}), 403,
		"只能在本机或配置的站点地址上初始化系统")
	bad := map[string]any{}
	for k, v := range body {
		bad[k] = v
	}
	bad["password"] = "short"
	wantErr(post(bad, nil), 400, "password: 长度必须在8到72个字符之间")
	bad["password"], bad["shopName"] = "boss-pass-1", ""
	wantErr(post(bad, nil), 400, "shopName: 不能为空")
	bad["shopName"], bad["shopIntro"] = "好物商城", strings.Repeat("长", 20001)
	wantErr(post(bad, nil), 400, "shopIntro: 太长(最多20000个字符)")
	if check(t, s) {
		t.Fatal("refused set-ups initialised the system")
	}
	if r := post(body, http.Header{"X-Forwarded-For": {"203.0.113.5"}, "Origin": {"https://shop.example.com"}}); r.Status != 201 {
		t.Fatalf("setup: %d %s", r.Status, r.Body)
	}
	if !check(t, s) {
		t.Fatal("not initialised after the setup")
	}
	// The administrator is now boss, with the new password; the shop's settings are saved.
	s.Login(t, "boss", "boss-pass-1")
	st := initsetup.NewStore(s.DB)
	if v, _, _ := st.Get(context.Background(), initsetup.KeyShopName); v != "好物商城" {
		t.Fatalf("shop name = %q", v)
	}
	// The introduction is stored cleaned: formatting and the picture stay; script, on* attributes
	// and javascript: links go.
	intro, _, _ := st.Get(context.Background(), initsetup.KeyShopIntro)
	for _, keep := range []string{"好物", "<b>优选</b>", `<img src="/api/files/abc">`, "链接"} {
		if !strings.Contains(intro, keep) {
			t.Errorf("intro %q lost %q", intro, keep)
		}
	}
	for _, gone := range []string{"<script", "alert(1)", "onclick", "onerror", "javascript:", "steal"} {
		if strings.Contains(intro, gone) {
			t.Errorf("intro %q keeps %q", intro, gone)
		}
	}
	// Afterwards: refused, from anywhere.
	wantErr(post(body, nil), 409, "系统已初始化")
	wantErr(post(body, remote), 409, "系统已初始化")
}
