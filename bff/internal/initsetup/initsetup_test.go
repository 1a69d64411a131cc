package initsetup_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/netip"
	"strings"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/initsetup"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/user"
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

const setupToken = "setup-token-0123456789-0123456789-abc"

// TestSetup: only the setup token opens /api/init — neither loopback nor the public origin does —,
// a text/plain body is refused, and the set-up ends every session opened before it.
func TestSetup(t *testing.T) {
	apptest.Each(t, testSetup, func(c *config.Config) {
		c.Demo = false
		c.TrustedProxy = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
		c.PublicURL = "https://shop.example.com/"
		c.SetupToken = setupToken
	})
}

func testSetup(t *testing.T, s *apptest.Server) {
	remote := http.Header{"X-Forwarded-For": {"203.0.113.5"}}
	body := map[string]any{"username": "boss", "nickName": "店长", "email": "boss@example.com",
		"password": "boss-pass-1", "shopName": "好物商城", "shopPhone": "13800000009", "shopAddress": "上海",
		"shopIntro": `<p onclick="steal()">好物<strong>优选</strong><script>alert(1)</script><img src="/api/files/abc" onerror="steal()"></p>` +
			`<a href="javascript:steal()">链接</a>`}
	with := func(tok string) map[string]any {
		b := map[string]any{"setupToken": tok}
		for k, v := range body {
			b[k] = v
		}
		return b
	}
	post := func(b any, h http.Header) apptest.Response {
		return s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/init", JSON: b, Header: h})
	}
	wantErr := func(r apptest.Response, status int, msg string) {
		t.Helper()
		if e := r.Error(t); e.Status != status || e.Message != msg {
			t.Fatalf("got %+v, want %d %s", e, status, msg)
		}
	}
	// A session opened before the set-up (the seeded administrator's) ends with it.
	before := s.Login(t, "admin", apptest.AdminPassword)
	// Without the token nothing opens the door: not loopback, not the public origin.
	const refused = "setupToken: 初始化令牌错误（见BFF启动日志或BFF_SETUP_TOKEN）"
	wantErr(post(body, nil), 400, refused)
	wantErr(post(body, http.Header{"X-Forwarded-For": {"203.0.113.5"}, "Origin": {"https://shop.example.com"}}), 400, refused)
	wantErr(post(with("setup-token-0123456789-0123456789-abd"), nil), 400, refused)
	wantErr(post(with(setupToken[:10]), remote), 400, refused)
	// A page of another site can post text/plain without a preflight: refused before anything.
	raw, _ := json.Marshal(with(setupToken))
	r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/init", Raw: raw, RawType: "text/plain"})
	wantErr(r, 415, "Content-Type: 请求体必须是application/json")
	bad := with(setupToken)
	bad["password"] = "short"
	wantErr(post(bad, nil), 400, "password: 长度必须在8到72个字符之间")
	bad["password"], bad["shopName"] = "boss-pass-1", ""
	wantErr(post(bad, nil), 400, "shopName: 不能为空")
	bad["shopName"], bad["shopPhone"] = "好物商城", ""
	wantErr(post(bad, nil), 400, "shopPhone: 不能为空")
	bad["shopPhone"] = "12345678901"
	wantErr(post(bad, nil), 400, "shopPhone: 请输入正确的手机号码")
	bad["shopPhone"] = "13800000009"
	bad["shopName"], bad["shopIntro"] = "好物商城", strings.Repeat("长", 20001)
	wantErr(post(bad, nil), 400, "shopIntro: 太长（最多20000个字符）")
	// A hidden or direction-changing character would let the superuser's name pass for another's.
	bad["shopIntro"] = ""
	for _, name := range []string{"bo\u202ess", "bo\u200bss"} {
		bad["username"] = name
		wantErr(post(bad, nil), 400, "username: "+user.ReasonInvisible)
	}
	if check(t, s) {
		t.Fatal("refused set-ups initialised the system")
	}
	done := post(with(setupToken), remote)
	if done.Status != 201 {
		t.Fatalf("setup: %d %s", done.Status, done.Body)
	}
	// The set-up answers like a sign-in: the new administrator is signed in (issue 16).
	var signed struct {
		Token string `json:"token"`
		User  struct {
			User struct {
				Username string `json:"username"`
			} `json:"user"`
		} `json:"user"`
	}
	done.JSON(t, &signed)
	if signed.User.User.Username != "boss" || signed.Token == "" {
		t.Fatalf("setup answer: %s", done.Body)
	}
	if r := s.Get(t, "/api/auth/info", signed.Token); r.Status != 200 || !strings.Contains(string(r.Body), `"username":"boss"`) {
		t.Fatalf("the set-up's session: %d %s", r.Status, r.Body)
	}
	if !check(t, s) {
		t.Fatal("not initialised after the setup")
	}
	if r := s.Get(t, "/api/auth/info", before); r.Status != 401 {
		t.Fatalf("a session from before the set-up still works: %d", r.Status)
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
	for _, keep := range []string{"好物", "<strong>优选</strong>", `<img src="/api/files/abc">`, "链接"} {
		if !strings.Contains(intro, keep) {
			t.Errorf("intro %q lost %q", intro, keep)
		}
	}
	for _, gone := range []string{"<script", "alert(1)", "onclick", "onerror", "javascript:", "steal"} {
		if strings.Contains(intro, gone) {
			t.Errorf("intro %q keeps %q", intro, gone)
		}
	}
	// Afterwards: refused, the token included.
	wantErr(post(with(setupToken), nil), 409, "系统已初始化")
	wantErr(post(body, remote), 409, "系统已初始化")
}

// TestGeneratedSetupToken: without BFF_SETUP_TOKEN a start on a new system makes a random token;
// only the latest one opens /api/init (on every instance of the database), and only once.
func TestGeneratedSetupToken(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		ctx := context.Background()
		other := initsetup.NewSetup(initsetup.NewStore(s.DB), nil, nil, nil, "", 0) // a second instance starting
		old, err := other.Prepare(ctx)
		if err != nil || len(old) < 40 {
			t.Fatalf("token %q %v", old, err)
		}
		tok, _ := other.Prepare(ctx)
		if tok == old {
			t.Fatal("a restart printed the same token")
		}
		body := map[string]any{"username": "boss", "nickName": "店长", "email": "boss@example.com",
			"password": "boss-pass-1", "shopName": "好物商城", "shopPhone": "13800000009", "setupToken": old}
		post := func() apptest.Response {
			return s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/init", JSON: body})
		}
		if r := post(); r.Status != 400 {
			t.Fatalf("a replaced token: %d %s", r.Status, r.Body)
		}
		body["setupToken"] = tok
		if r := post(); r.Status != 201 {
			t.Fatalf("setup: %d %s", r.Status, r.Body)
		}
		if r := post(); r.Status != 409 {
			t.Fatalf("second use: %d %s", r.Status, r.Body)
		}
		if _, ok, _ := initsetup.NewStore(s.DB).Get(ctx, initsetup.KeySetupToken); ok {
			t.Fatal("the used token's hash is kept")
		}
		if again, err := other.Prepare(ctx); again != "" || err != nil {
			t.Fatalf("a start after set-up made a token: %q %v", again, err)
		}
	}, func(c *config.Config) { c.Demo = false })
}
