package config

import (
	"io"
	"strings"
	"testing"
)

// FuzzLoad sets one BFF_* variable to a fuzzed value: Load never panics, and when it refuses, the
// message names that variable (the operator must know which line of the environment to fix). An
// accepted value loads the same way twice.
func FuzzLoad(f *testing.F) {
	all := settings()
	names := make([]string, len(all))
	for i, s := range all {
		names[i] = s.env
	}
	seeds := map[string][]string{
		"BFF_ADDR": {"127.0.0.1:0", ":http", "[::1]:99999", "host"}, "BFF_DB": {"sqlite:", "mysql://", "mysql://u:p@tcp(h:1)/d?parseTime=maybe", "postgres://x"},
		"BFF_SESSION_TTL": {"2h", "-1s", "9999999h"}, "BFF_TRUSTED_PROXIES": {"10.0.0.0/8,::1", "10.0.0.0/33"},
		"BFF_UPSTREAMS": {"/api/x=http://127.0.0.1:1", "/=ftp://x", "x=y=z"}, "BFF_BRAND_TITLES": {"a.com=商城,b=", "=x"},
		"BFF_PORTAL_ORIGINS": {"https://a.example,http://b:8080", "*"}, "BFF_PUBLIC_URL": {"https://x/", "x"},
		"BFF_UPLOAD_MAX_MB": {"0", "1024", "1e3"}, "BFF_LOG_LEVEL": {"debug", "verbose"}, "BFF_UPSTREAM_RSA_PUBLIC_KEY": {"MIIB", "-----BEGIN PUBLIC KEY-----\\nAA==\\n-----END PUBLIC KEY-----"},
		"BFF_CAPTCHA": {"on", "maybe"}, "BFF_ADMIN_PASSWORD": {"short", "long-enough-password"},
	}
	for i, n := range names {
		f.Add(uint8(i), "\x00")
		for _, v := range seeds[n] {
			f.Add(uint8(i), v)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, value string) {
		name := names[int(which)%len(names)]
		env := []string{"BFF_DATA_DIR=" + t.TempDir(), name + "=" + value}
		c, err := Load(nil, env, io.Discard)
		if err != nil {
			if !strings.Contains(err.Error(), name) {
				t.Fatalf("%s=%q: the error does not name the variable: %v", name, value, err)
			}
			return
		}
		again, err := Load(nil, env, io.Discard)
		if err != nil || again.DB != c.DB || again.Addr != c.Addr || again.SessionTTL != c.SessionTTL {
			t.Fatalf("%s=%q loads differently the second time: %v", name, value, err)
		}
	})
}
