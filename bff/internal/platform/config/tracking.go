package config

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode"
)

// Tracking is the parcel tracking provider (docs/decisions.md "Parcel tracking"). Provider
// off: the order detail says 未启用物流跟踪 and nothing is asked of anyone.
type Tracking struct {
	Provider string // TrackingOff or TrackingKuaidi100
	URL      string // base of the provider's API, without a trailing "/"
	Customer string // the account's customer id (kuaidi100: customer)
	Key      string // signs our queries and subscriptions (kuaidi100: key)
	Salt     string // the provider signs its pushes with it (kuaidi100: salt)
	PushURL  string // where the provider posts: BFF_PUBLIC_URL + TrackingPushPath
	// Timeout bounds one question to the provider: a page waits no longer, then shows the cache.
	Timeout time.Duration
}

// Tracking providers.
const (
	TrackingOff       = "off"
	TrackingKuaidi100 = "kuaidi100"
)

// TrackingPushPath is the console's push endpoint, under BFF_PUBLIC_URL.
const TrackingPushPath = "api/tracking/push"

// minTrackingSecretLen refuses placeholders ("changeme") as keys and salts.
const minTrackingSecretLen = 8

func trackingSettings() []setting {
	secret := func(dst func(*Config) *string) func(*Config, string) error {
		return func(c *Config, v string) error {
			if v != "" && (len(v) < minTrackingSecretLen || strings.IndexFunc(v, unicode.IsSpace) >= 0) {
				return fmt.Errorf("must be at least %d characters, without spaces", minTrackingSecretLen)
			}
			*dst(c) = v
			return nil
		}
	}
	return []setting{
		{"BFF_TRACKING_PROVIDER", TrackingOff, "parcel tracking: off | kuaidi100 (快递100's API shape: query, subscription, signed push)", func(c *Config, v string) error {
			switch strings.ToLower(v) {
			case TrackingOff, TrackingKuaidi100:
				c.Tracking.Provider = strings.ToLower(v)
				return nil
			}
			return fmt.Errorf("must be off or kuaidi100, got %q", v)
		}},
		{"BFF_TRACKING_URL", "", "with a tracking provider: base URL of its API, http(s)://host[:port][/path] (kuaidi100: https://poll.kuaidi100.com; required, no default)", func(c *Config, v string) error {
			if v == "" {
				return nil
			}
			u, err := url.Parse(v)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
				return fmt.Errorf("must be http(s)://host[:port][/path] without query or credentials, got %q", redact(v))
			}
			c.Tracking.URL = strings.TrimSuffix(v, "/")
			return nil
		}},
		{"BFF_TRACKING_CUSTOMER", "", "with a tracking provider: the account's customer id (required, no default)", func(c *Config, v string) error {
			if v != "" && (len(v) > 64 || strings.IndexFunc(v, unicode.IsSpace) >= 0) {
				return errors.New("must be at most 64 characters without spaces")
			}
			c.Tracking.Customer = v
			return nil
		}},
		{"BFF_TRACKING_KEY", "", "with a tracking provider: the key queries and subscriptions are signed with (at least 8 characters; required, no default)",
			secret(func(c *Config) *string { return &c.Tracking.Key })},
		{"BFF_TRACKING_SALT", "", "with a tracking provider: the salt its pushes are signed with, upper(MD5(param + salt)) (at least 8 characters; required, no default)",
			secret(func(c *Config) *string { return &c.Tracking.Salt })},
		{"BFF_TRACKING_TIMEOUT", "5s", "how long a tracking query may take before the order detail answers with the cached events (1s–30s)", func(c *Config, v string) error {
			d, err := parseDuration(v, time.Second, 30*time.Second)
			c.Tracking.Timeout = d
			return err
		}},
	}
}

// checkTracking requires every setting with a provider and none without one (a key for a
// provider that is not used is a mistake worth stopping for), and derives the push address
// from BFF_PUBLIC_URL: a subscription is made by a job, which knows no request's host.
func checkTracking(c *Config) error {
	t := &c.Tracking
	if t.Provider == "" {
		t.Provider = TrackingOff
	}
	on := t.Provider != TrackingOff
	names := []string{"BFF_TRACKING_URL", "BFF_TRACKING_CUSTOMER", "BFF_TRACKING_KEY", "BFF_TRACKING_SALT"}
	given := map[string]bool{names[0]: t.URL != "", names[1]: t.Customer != "", names[2]: t.Key != "", names[3]: t.Salt != ""}
	var errs []error
	for _, name := range names {
		switch {
		case on && !given[name]:
			errs = append(errs, fmt.Errorf("%s (--%s): required with BFF_TRACKING_PROVIDER=%s", name, FlagName(name), t.Provider))
		case !on && given[name]:
			errs = append(errs, fmt.Errorf("%s (--%s): set, but BFF_TRACKING_PROVIDER is off", name, FlagName(name)))
		}
	}
	if on && c.PublicURL == "" {
		errs = append(errs, fmt.Errorf("BFF_TRACKING_PROVIDER (--tracking-provider): needs BFF_PUBLIC_URL, the console's address, for the provider to push to (BFF_PUBLIC_URL/%s)", TrackingPushPath))
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	if on {
		t.PushURL = c.PublicURL + TrackingPushPath // PublicURL ends with "/"
	}
	return nil
}
