package config

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"strings"
	"testing"
)

func TestLoginDefaultsLocal(t *testing.T) {
	c, err := load(t, nil)
	if err != nil || c.StaffLogin != LoginLocal || c.ChannelLogin != LoginLocal || c.UpstreamRSAKey != nil {
		t.Fatalf("%q %q %v %v", c.StaffLogin, c.ChannelLogin, c.UpstreamRSAKey, err)
	}
	if _, ok := c.RelayUpstream(); ok {
		t.Fatal("a relay upstream without any upstream")
	}
	if _, err := load(t, nil, "BFF_STAFF_LOGIN=ldap"); err == nil || !strings.Contains(err.Error(), "BFF_STAFF_LOGIN") {
		t.Fatalf("bad value: %v", err)
	}
}

func TestRelayRules(t *testing.T) {
	relay := "BFF_UPSTREAMS=/api/legacy=http://h|identity:relay"
	for _, tc := range []struct {
		name string
		env  []string
		want string // "" : accepted
	}{
		{"staff upstream", []string{relay, "BFF_STAFF_LOGIN=upstream"}, ""},
		{"channel upstream", []string{relay, "BFF_CHANNEL_LOGIN=upstream"}, ""},
		{"relay without an upstream sign-in", []string{relay}, "needs BFF_STAFF_LOGIN=upstream"},
		{"staff upstream without relay", []string{"BFF_STAFF_LOGIN=upstream"}, "BFF_STAFF_LOGIN (--staff-login): upstream needs one"},
		{"channel upstream, jwt prefix only", []string{"BFF_CHANNEL_LOGIN=upstream", "BFF_UPSTREAMS=/background=http://h"},
			"BFF_CHANNEL_LOGIN (--channel-login): upstream needs one"},
		{"two relays", []string{"BFF_STAFF_LOGIN=upstream", "BFF_UPSTREAMS=/a=http://h|identity:relay,/b=http://g|identity:relay"},
			"only one prefix may be identity:relay"},
	} {
		c, err := load(t, nil, append(tc.env, upstreamSecret)...)
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.name, err)
			} else if u, ok := c.RelayUpstream(); !ok || u.Prefix != "/api/legacy" {
				t.Errorf("%s: relay = %+v %v", tc.name, u, ok)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", tc.name, err, tc.want)
		}
	}
}

func TestRSAKeyForms(t *testing.T) {
	k, err := rsa.GenerateKey(rand.Reader, 1024)
	if err != nil {
		t.Fatal(err)
	}
	pkix, _ := x509.MarshalPKIXPublicKey(&k.PublicKey)
	pkcs1 := x509.MarshalPKCS1PublicKey(&k.PublicKey)
	for name, v := range map[string]string{
		"base64 DER (eladmin-web)": base64.StdEncoding.EncodeToString(pkix),
		"PEM":                      string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pkix})),
		"PKCS#1 PEM":               string(pem.EncodeToMemory(&pem.Block{Type: "RSA PUBLIC KEY", Bytes: pkcs1})),
		"PEM with \\n escapes":     strings.ReplaceAll(string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pkix})), "\n", `\n`),
	} {
		c, err := load(t, nil, "BFF_UPSTREAM_RSA_PUBLIC_KEY="+v)
		if err != nil || c.UpstreamRSAKey == nil || !c.UpstreamRSAKey.Equal(&k.PublicKey) {
			t.Errorf("%s: %v", name, err)
		}
	}
	for _, v := range []string{"not a key", base64.StdEncoding.EncodeToString([]byte("garbage"))} {
		if _, err := load(t, nil, "BFF_UPSTREAM_RSA_PUBLIC_KEY="+v); err == nil || !strings.Contains(err.Error(), "BFF_UPSTREAM_RSA_PUBLIC_KEY") {
			t.Errorf("%q: %v", v, err)
		}
	}
}
