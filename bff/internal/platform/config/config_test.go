package config

import (
	"bytes"
	"errors"
	"flag"
	"log/slog"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func load(t *testing.T, args []string, env ...string) (Config, error) {
	t.Helper()
	var usage bytes.Buffer
	return Load(args, env, &usage)
}

func TestDefaults(t *testing.T) {
	c, err := load(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := Config{Addr: "127.0.0.1:8000", DB: DB{Driver: "sqlite", DSN: filepath.Join("data", "bff.db")}, DataDir: "data",
		Captcha: true, SessionTTL: 8 * time.Hour, LoginMaxFails: 5, LoginLock: 15 * time.Minute, LogLevel: slog.LevelInfo}
	if c.Addr != want.Addr || c.DB != want.DB || c.DataDir != want.DataDir || c.Captcha != want.Captcha || c.Demo ||
		c.SessionTTL != want.SessionTTL || c.LoginMaxFails != 5 || c.LoginLock != want.LoginLock ||
		c.LogLevel != want.LogLevel || c.StaticDir != "" || c.Redis != "" || c.PortalSecret != "" || c.PublicURL != "" ||
		c.MetricsAddr != "" || c.LogFormat != "text" {
		t.Fatalf("defaults = %+v", c)
	}
}

func TestFlagsWinOverEnvironment(t *testing.T) {
	c, err := load(t, []string{"--addr=0.0.0.0:9000", "--captcha", "off"},
		"BFF_ADDR=127.0.0.1:1234", "BFF_CAPTCHA=on", "BFF_DEMO=on", "OTHER=ignored")
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "0.0.0.0:9000" || c.Captcha || !c.Demo {
		t.Fatalf("got addr %q captcha %v demo %v", c.Addr, c.Captcha, c.Demo)
	}
	// An empty variable counts as unset.
	if c, err := load(t, nil, "BFF_ADDR="); err != nil || c.Addr != "127.0.0.1:8000" {
		t.Fatalf("empty BFF_ADDR: %q %v", c.Addr, err)
	}
}

func TestMetricsAddr(t *testing.T) {
	c, err := load(t, []string{"--metrics-addr=127.0.0.1:9100"})
	if err != nil || c.MetricsAddr != "127.0.0.1:9100" {
		t.Fatalf("metrics addr %q %v", c.MetricsAddr, err)
	}
	// Both on port 0 (tests) are two listeners all the same.
	if c, err := load(t, nil, "BFF_METRICS_ADDR=127.0.0.1:9100", "BFF_PPROF=on"); err != nil || !c.Profiles {
		t.Errorf("BFF_PPROF=on: %+v, %v", c.Profiles, err)
	}
	if c, err := load(t, nil, "BFF_ADDR=127.0.0.1:0", "BFF_METRICS_ADDR=127.0.0.1:0"); err != nil || c.MetricsAddr != "127.0.0.1:0" {
		t.Fatalf("port 0: %q %v", c.MetricsAddr, err)
	}
}

func TestFlagNames(t *testing.T) {
	for env, flagName := range map[string]string{"BFF_ADDR": "addr", "BFF_DATA_DIR": "data-dir",
		"BFF_LOGIN_MAX_FAILS": "login-max-fails", "BFF_TRUSTED_PROXIES": "trusted-proxies"} {
		if got := FlagName(env); got != flagName {
			t.Errorf("FlagName(%s) = %s, want %s", env, got, flagName)
		}
	}
	var usage bytes.Buffer
	if _, err := Load([]string{"-h"}, nil, &usage); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("-h gave %v", err)
	}
	for _, s := range settings() {
		if !strings.Contains(usage.String(), "-"+FlagName(s.env)) || !strings.Contains(usage.String(), s.env) {
			t.Errorf("usage does not list %s", s.env)
		}
	}
}

func TestDatabaseLocation(t *testing.T) {
	cases := []struct {
		env  []string
		want DB
	}{
		{[]string{"BFF_DATA_DIR=/var/lib/bff"}, DB{"sqlite", "/var/lib/bff/bff.db"}},
		{[]string{"BFF_DATA_DIR=/var/lib/bff", "BFF_DB=sqlite:shop.db"}, DB{"sqlite", "/var/lib/bff/shop.db"}},
		{[]string{"BFF_DB=sqlite:./x/shop.db"}, DB{"sqlite", "x/shop.db"}},
		{[]string{"BFF_DATA_DIR=/d", "BFF_DB=sqlite:/abs/shop.db"}, DB{"sqlite", "/abs/shop.db"}},
	}
	for _, c := range cases {
		got, err := load(t, nil, c.env...)
		if err != nil || got.DB != c.want {
			t.Errorf("%v: got %+v %v, want %+v", c.env, got.DB, err, c.want)
		}
	}
	got, err := load(t, nil, "BFF_DB=mysql://bff:s3cret@tcp(db:3306)/mall?timeout=5s")
	if err != nil {
		t.Fatal(err)
	}
	if got.DB.Driver != "mysql" || !strings.Contains(got.DB.DSN, "bff:s3cret@tcp(db:3306)/mall?") ||
		!strings.Contains(got.DB.DSN, "parseTime=true") || !strings.Contains(got.DB.DSN, "charset=utf8mb4") ||
		!strings.Contains(got.DB.DSN, "timeout=5s") {
		t.Fatalf("mysql DSN = %q", got.DB.DSN)
	}
}

func TestBadValuesNameTheirVariable(t *testing.T) {
	cases := map[string]string{
		"BFF_ADDR=nonsense":                              "BFF_ADDR",
		"BFF_ADDR=127.0.0.1:99999":                       "BFF_ADDR",
		"BFF_DB=postgres://x":                            "BFF_DB",
		"BFF_DB=mysql://u:pw@tcp(h:1)/":                  "BFF_DB",
		"BFF_DB=sqlite:":                                 "BFF_DB",
		"BFF_CAPTCHA=maybe":                              "BFF_CAPTCHA",
		"BFF_DEMO=2":                                     "BFF_DEMO",
		"BFF_API_DOCS=open":                              "BFF_API_DOCS",
		"BFF_ADMIN_PASSWORD=abc":                         "BFF_ADMIN_PASSWORD",
		"BFF_DEMO_PASSWORD=" + strings.Repeat("x", 73):   "BFF_DEMO_PASSWORD",
		"BFF_JWT_SECRET=short":                           "BFF_JWT_SECRET",
		"BFF_STATIC_DIR=/no/such/dir":                    "BFF_STATIC_DIR",
		"BFF_PORTAL_ORIGINS=portal.com":                  "BFF_PORTAL_ORIGINS",
		"BFF_PORTAL_ORIGINS=https://a/b":                 "BFF_PORTAL_ORIGINS",
		"BFF_PORTAL_SECRET=short":                        "BFF_PORTAL_SECRET",
		"BFF_PUBLIC_URL=/relative/":                      "BFF_PUBLIC_URL",
		"BFF_PUBLIC_URL=https://x/\"><":                  "BFF_PUBLIC_URL",
		"BFF_REDIS=http://localhost":                     "BFF_REDIS",
		"BFF_SETUP_TOKEN=" + strings.Repeat("t", 31):     "BFF_SETUP_TOKEN",
		"BFF_SETUP_TOKEN= " + strings.Repeat("t", 40):    "BFF_SETUP_TOKEN",
		"BFF_SESSION_TTL=forever":                        "BFF_SESSION_TTL",
		"BFF_SESSION_TTL=1s":                             "BFF_SESSION_TTL",
		"BFF_LOGIN_MAX_FAILS=0":                          "BFF_LOGIN_MAX_FAILS",
		"BFF_LOGIN_MAX_FAILS=five":                       "BFF_LOGIN_MAX_FAILS",
		"BFF_LOGIN_LOCK=-1m":                             "BFF_LOGIN_LOCK",
		"BFF_REFUND_APPROVAL_OVER=-1":                    "BFF_REFUND_APPROVAL_OVER",
		"BFF_REFUND_APPROVAL_OVER=1000.00":               "BFF_REFUND_APPROVAL_OVER",
		"BFF_RETURN_ADDRESS=" + strings.Repeat("址", 256): "BFF_RETURN_ADDRESS",
		"BFF_TRUSTED_PROXIES=10.0.0.0/99":                "BFF_TRUSTED_PROXIES",
		"BFF_LOG_LEVEL=loud":                             "BFF_LOG_LEVEL",
		"BFF_UPLOAD_MAX_MB=0":                            "BFF_UPLOAD_MAX_MB",
		"BFF_UPLOAD_MAX_MB=2048":                         "BFF_UPLOAD_MAX_MB",
		"BFF_LOG_FORMAT=xml":                             "BFF_LOG_FORMAT",
		"BFF_METRICS_ADDR=9100":                          "BFF_METRICS_ADDR",
		"BFF_METRICS_ADDR=127.0.0.1:70000":               "BFF_METRICS_ADDR",
		"BFF_METRICS_ADDR=127.0.0.1:8000":                "BFF_METRICS_ADDR", // the API's own address
		"BFF_PPROF=yes":                                  "BFF_PPROF",
		"BFF_PPROF=on":                                   "BFF_PPROF", // without a metrics listener
	}
	for env, name := range cases {
		_, err := load(t, nil, env)
		if err == nil || !strings.Contains(err.Error(), name+" (--"+FlagName(name)+")") {
			t.Errorf("%s: error %v does not name %s", env, err, name)
		}
	}
	// Passwords in a bad DSN are not repeated in the message.
	_, err := load(t, nil, "BFF_DB=postgres://user:hunter2@db/x")
	if err == nil || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("error leaks the password: %v", err)
	}
	// Several bad values are all reported.
	_, err = load(t, []string{"--log-level=x"}, "BFF_DEMO=x")
	if err == nil || !strings.Contains(err.Error(), "BFF_DEMO") || !strings.Contains(err.Error(), "BFF_LOG_LEVEL") {
		t.Errorf("combined error = %v", err)
	}
	if _, err := load(t, []string{"stray"}); err == nil {
		t.Error("a stray argument was accepted")
	}
}

func TestListsAndURLs(t *testing.T) {
	c, err := load(t, nil,
		"BFF_PORTAL_ORIGINS=https://portal.example.com/, http://localhost:5173",
		"BFF_TRUSTED_PROXIES=10.0.0.0/8, 127.0.0.1",
		"BFF_PUBLIC_URL=https://console.example.com/app",
		"BFF_REDIS=redis://127.0.0.1:6379/2",
		"BFF_LOG_LEVEL=debug")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(c.PortalOrigins, " ") != "https://portal.example.com http://localhost:5173" {
		t.Errorf("origins = %v", c.PortalOrigins)
	}
	if len(c.TrustedProxy) != 2 || c.TrustedProxy[0] != netip.MustParsePrefix("10.0.0.0/8") ||
		c.TrustedProxy[1] != netip.MustParsePrefix("127.0.0.1/32") {
		t.Errorf("proxies = %v", c.TrustedProxy)
	}
	if c.PublicURL != "https://console.example.com/app/" || c.Redis == "" || c.LogLevel != slog.LevelDebug {
		t.Errorf("public url %q redis %q level %v", c.PublicURL, c.Redis, c.LogLevel)
	}
}

func TestStaticDirNeedsIndex(t *testing.T) {
	dir := t.TempDir()
	if _, err := load(t, nil, "BFF_STATIC_DIR="+dir); err == nil || !strings.Contains(err.Error(), "index.html") {
		t.Fatalf("no index.html: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<html>"), 0o644); err != nil {
		t.Fatal(err)
	}
	if c, err := load(t, nil, "BFF_STATIC_DIR="+dir); err != nil || c.StaticDir != dir {
		t.Fatalf("static dir = %q %v", c.StaticDir, err)
	}
}

func TestJWTSecretFile(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	c := Config{DataDir: dir}
	k1, err := c.JWTKey()
	if err != nil {
		t.Fatal(err)
	}
	if len(k1) < 32 {
		t.Fatalf("generated key %q is short", k1)
	}
	path := filepath.Join(dir, SecretFile)
	st, err := os.Stat(path)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("secret file mode = %v %v, want 0600", st.Mode().Perm(), err)
	}
	k2, err := c.JWTKey()
	if err != nil || string(k1) != string(k2) {
		t.Fatalf("second start got another key (%v)", err)
	}
	// A loosened file is tightened again.
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := c.JWTKey(); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Fatalf("mode after restart = %v", st.Mode().Perm())
	}
	// A given secret wins and writes nothing.
	other := Config{DataDir: filepath.Join(t.TempDir(), "d2"), JWTSecret: strings.Repeat("s", 32)}
	if k, err := other.JWTKey(); err != nil || string(k) != other.JWTSecret {
		t.Fatalf("given secret: %q %v", k, err)
	}
	if _, err := os.Stat(filepath.Join(other.DataDir, SecretFile)); err == nil {
		t.Fatal("a secret file was written although BFF_JWT_SECRET was set")
	}
	// A truncated file is an error, not a weak key.
	if err := os.WriteFile(path, []byte("tiny\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := c.JWTKey(); err == nil {
		t.Fatal("accepted a short secret file")
	}
}

func TestBrandTitles(t *testing.T) {
	c, err := load(t, nil, "BFF_BRAND_TITLES= Shop-A.Example.com=甲商城 , shop-b.example.com.=乙商城,127.0.0.1=测试商城,[::1]=六商城,")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"shop-a.example.com": "甲商城", "shop-b.example.com": "乙商城", "127.0.0.1": "测试商城", "::1": "六商城"}
	if len(c.BrandTitles) != len(want) {
		t.Fatalf("titles = %v", c.BrandTitles)
	}
	for h, title := range want {
		if c.BrandTitles[h] != title {
			t.Errorf("title of %s = %q, want %q", h, c.BrandTitles[h], title)
		}
	}
	if c, err := load(t, nil); err != nil || c.BrandTitles != nil {
		t.Fatalf("unset: %v %v", c.BrandTitles, err)
	}
	for value, reason := range map[string]string{
		"shop.example.com":                         "not host=title",
		"shop.example.com:8080=甲":                  "not a host name",
		"https://shop.example.com=甲":               "not a host name",
		"shop.example.com/x=甲":                     "not a host name",
		"=甲":                                       "not a host name",
		"shop.example.com=":                        "empty title",
		"a.example.com=甲,A.example.com=乙":          "given twice",
		"a.example.com=<b>":                        "control character or < >",
		"a.example.com=" + strings.Repeat("商", 31): "at most 30",
	} {
		_, err := load(t, nil, "BFF_BRAND_TITLES="+value)
		if err == nil || !strings.Contains(err.Error(), "BFF_BRAND_TITLES") || !strings.Contains(err.Error(), reason) {
			t.Errorf("%q: error %v, want one naming BFF_BRAND_TITLES and %q", value, err, reason)
		}
	}
}

func TestNormalizeHost(t *testing.T) {
	for in, want := range map[string]string{"Shop.Example.COM:8443": "shop.example.com", "shop.example.com.": "shop.example.com",
		"127.0.0.1:80": "127.0.0.1", "[::1]:8000": "::1", "::1": "::1", "": ""} {
		if got := NormalizeHost(in); got != want {
			t.Errorf("NormalizeHost(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFooter(t *testing.T) {
	c, err := load(t, nil, "BFF_FOOTER_TEXT= © 2026 好物商城 ", "BFF_CASE_NUMBER=浙ICP备12345678号-1")
	if err != nil {
		t.Fatal(err)
	}
	if c.Footer != (Footer{Text: "© 2026 好物商城", CaseNumber: "浙ICP备12345678号-1"}) {
		t.Fatalf("footer = %+v", c.Footer)
	}
	if c, err := load(t, nil); err != nil || c.Footer != (Footer{}) {
		t.Fatalf("unset: %+v %v", c.Footer, err)
	}
	for env, reason := range map[string]string{
		"BFF_FOOTER_TEXT=" + strings.Repeat("商", 101): "at most 100",
		"BFF_CASE_NUMBER=" + strings.Repeat("1", 51):  "at most 50",
		"BFF_FOOTER_TEXT=a\tb":                        "control character",
	} {
		_, err := load(t, nil, env)
		name := strings.SplitN(env, "=", 2)[0]
		if err == nil || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), reason) {
			t.Errorf("%s: error %v, want one naming %s and %q", env, err, name, reason)
		}
	}
}

func TestAftersaleSettings(t *testing.T) {
	c, err := load(t, nil)
	if err != nil || c.RefundApprovalOver != 100000 || c.ReturnAddress != "" {
		t.Fatalf("defaults: %v %v %q", err, c.RefundApprovalOver, c.ReturnAddress)
	}
	c, err = load(t, nil, "BFF_REFUND_APPROVAL_OVER=0", "BFF_RETURN_ADDRESS= 上海市浦东新区 退货组 ")
	if err != nil || c.RefundApprovalOver != 0 || c.ReturnAddress != "上海市浦东新区 退货组" {
		t.Fatalf("set: %v %v %q", err, c.RefundApprovalOver, c.ReturnAddress)
	}
}
