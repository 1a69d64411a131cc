package config

import (
	"strings"
	"testing"
	"time"
)

func TestTrackingOffByDefault(t *testing.T) {
	c, err := load(t, nil)
	if err != nil || c.Tracking != (Tracking{Provider: TrackingOff, Timeout: 5 * time.Second}) {
		t.Fatalf("%+v %v", c.Tracking, err)
	}
}

// TestTrackingSettings: a provider needs all four settings and BFF_PUBLIC_URL, each missing one
// named; none of them may be given with the provider off; placeholders are refused.
func TestTrackingSettings(t *testing.T) {
	const (
		provider = "BFF_TRACKING_PROVIDER=kuaidi100"
		url      = "BFF_TRACKING_URL=https://poll.kuaidi100.com/"
		customer = "BFF_TRACKING_CUSTOMER=C0FFEE01"
		key      = "BFF_TRACKING_KEY=abcdefgh12"
		salt     = "BFF_TRACKING_SALT=saltsalt34"
		public   = "BFF_PUBLIC_URL=https://console.example.com"
	)
	c, err := load(t, nil, provider, url, customer, key, salt, public)
	if err != nil {
		t.Fatal(err)
	}
	want := Tracking{Provider: TrackingKuaidi100, URL: "https://poll.kuaidi100.com", Customer: "C0FFEE01", Key: "abcdefgh12",
		Salt: "saltsalt34", PushURL: "https://console.example.com/api/tracking/push", Timeout: 5 * time.Second}
	if c.Tracking != want {
		t.Fatalf("%+v", c.Tracking)
	}
	for _, tc := range []struct {
		name string
		env  []string
		want []string
	}{
		{"provider alone", []string{provider, public}, []string{"BFF_TRACKING_URL (--tracking-url): required with BFF_TRACKING_PROVIDER=kuaidi100",
			"BFF_TRACKING_CUSTOMER (--tracking-customer): required", "BFF_TRACKING_KEY (--tracking-key): required", "BFF_TRACKING_SALT (--tracking-salt): required"}},
		{"no salt", []string{provider, url, customer, key, public}, []string{"BFF_TRACKING_SALT"}},
		{"no public URL", []string{provider, url, customer, key, salt}, []string{"needs BFF_PUBLIC_URL"}},
		{"key with the provider off", []string{key}, []string{"BFF_TRACKING_KEY (--tracking-key): set, but BFF_TRACKING_PROVIDER is off"}},
		{"unknown provider", []string{"BFF_TRACKING_PROVIDER=kuaidi", url, customer, key, salt, public}, []string{"BFF_TRACKING_PROVIDER"}},
		{"placeholder key", []string{provider, url, customer, "BFF_TRACKING_KEY=key", salt, public}, []string{"BFF_TRACKING_KEY (--tracking-key): must be at least 8"}},
		{"not http", []string{provider, "BFF_TRACKING_URL=ftp://x", customer, key, salt, public}, []string{"BFF_TRACKING_URL"}},
		{"timeout too long", []string{"BFF_TRACKING_TIMEOUT=1m"}, []string{"BFF_TRACKING_TIMEOUT"}},
	} {
		_ = wantRefused(t, tc.name, tc.env, tc.want) // the refusal itself is what is checked
	}
}

// wantRefused loads env and fails unless it is refused with an error saying each of want.
func wantRefused(t *testing.T, name string, env, want []string) error {
	t.Helper()
	_, err := load(t, nil, env...)
	if err == nil {
		t.Errorf("%s: accepted", name)
		return nil
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("%s: %v, want it to say %q", name, err, w)
		}
	}
	return err
}
