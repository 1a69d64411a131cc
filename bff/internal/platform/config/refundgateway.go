package config

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"unicode"
)

// RefundGateway is the payment gateway refunds of after-sales cases go through
// (docs/aftersale-gateway.md). URL empty: no gateway; staff record refunds by hand.
type RefundGateway struct {
	URL        string // base of the refund API, without a trailing "/"
	MerchantID string
	Key        string // signs our requests
	NotifyKey  string // checks the gateway's answers and notifications
	NotifyURL  string // where the gateway posts notifications: BFF_PUBLIC_URL + NotifyPath
}

// NotifyPath is the console's notification endpoint, under BFF_PUBLIC_URL.
const NotifyPath = "api/aftersales/gateway/notify"

// minGatewayKeyLen refuses placeholders ("changeme") as signing keys.
const minGatewayKeyLen = 16

func refundGatewaySettings() []setting {
	key := func(dst func(*Config) *string) func(*Config, string) error {
		return func(c *Config, v string) error {
			if v != "" && (len(v) < minGatewayKeyLen || strings.TrimSpace(v) != v) {
				return fmt.Errorf("must be at least %d characters, without surrounding spaces", minGatewayKeyLen)
			}
			*dst(c) = v
			return nil
		}
	}
	return []setting{
		{"BFF_REFUND_GATEWAY_URL", "", "base URL of the payment gateway's refund API, http(s)://host[:port][/path]; empty: no gateway (refunds recorded by hand)", parseRefundGatewayURL},
		{"BFF_REFUND_GATEWAY_MERCHANT", "", "with BFF_REFUND_GATEWAY_URL: the shop's merchant id at the gateway (required, no default)", func(c *Config, v string) error {
			if v != "" && (len(v) > 64 || strings.IndexFunc(v, unicode.IsSpace) >= 0) {
				return errors.New("must be at most 64 characters without spaces")
			}
			c.RefundGateway.MerchantID = v
			return nil
		}},
		{"BFF_REFUND_GATEWAY_KEY", "", "with BFF_REFUND_GATEWAY_URL: the key our requests are signed with (HMAC-SHA256, at least 16 characters; required, no default)",
			key(func(c *Config) *string { return &c.RefundGateway.Key })},
		{"BFF_REFUND_GATEWAY_NOTIFY_KEY", "", "with BFF_REFUND_GATEWAY_URL: the key the gateway signs its answers and notifications with (at least 16 characters; required, no default)",
			key(func(c *Config) *string { return &c.RefundGateway.NotifyKey })},
	}
}

func parseRefundGatewayURL(c *Config, v string) error {
	if v == "" {
		return nil
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return fmt.Errorf("must be http(s)://host[:port][/path] without query or credentials, got %q", redact(v))
	}
	c.RefundGateway.URL = strings.TrimSuffix(v, "/")
	return nil
}

// checkRefundGateway requires the merchant and both keys with a gateway URL, and none without
// it (a key for a gateway that is not used is a mistake worth stopping for), and derives the
// notification address from BFF_PUBLIC_URL: the gateway must be told where to post, and the
// request's own host is not known when a refund is sent from a job.
func checkRefundGateway(c *Config) error {
	g := &c.RefundGateway
	given := map[string]bool{
		"BFF_REFUND_GATEWAY_MERCHANT":   g.MerchantID != "",
		"BFF_REFUND_GATEWAY_KEY":        g.Key != "",
		"BFF_REFUND_GATEWAY_NOTIFY_KEY": g.NotifyKey != "",
	}
	var errs []error
	for _, name := range []string{"BFF_REFUND_GATEWAY_MERCHANT", "BFF_REFUND_GATEWAY_KEY", "BFF_REFUND_GATEWAY_NOTIFY_KEY"} {
		switch {
		case g.URL != "" && !given[name]:
			errs = append(errs, fmt.Errorf("%s (--%s): required with BFF_REFUND_GATEWAY_URL", name, FlagName(name)))
		case g.URL == "" && given[name]:
			errs = append(errs, fmt.Errorf("%s (--%s): set, but BFF_REFUND_GATEWAY_URL is not (no refund gateway)", name, FlagName(name)))
		}
	}
	if g.URL != "" && c.PublicURL == "" {
		errs = append(errs, fmt.Errorf("BFF_REFUND_GATEWAY_URL (--refund-gateway-url): needs BFF_PUBLIC_URL, the console's address, for the gateway to post notifications to (BFF_PUBLIC_URL/%s)", NotifyPath))
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	if g.URL != "" {
		g.NotifyURL = c.PublicURL + NotifyPath // PublicURL ends with "/"
	}
	return nil
}
