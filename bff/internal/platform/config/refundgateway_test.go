package config

import (
	"strings"
	"testing"
)

func TestRefundGatewayOffByDefault(t *testing.T) {
	c, err := load(t, nil)
	if err != nil || c.RefundGateway != (RefundGateway{}) {
		t.Fatalf("%+v %v", c.RefundGateway, err)
	}
}

func TestRefundGatewaySettings(t *testing.T) {
	const (
		url      = "BFF_REFUND_GATEWAY_URL=https://pay.example.com/gw/"
		merchant = "BFF_REFUND_GATEWAY_MERCHANT=M100"
		key      = "BFF_REFUND_GATEWAY_KEY=0123456789abcdef"
		notify   = "BFF_REFUND_GATEWAY_NOTIFY_KEY=fedcba9876543210"
		public   = "BFF_PUBLIC_URL=https://console.example.com"
	)
	c, err := load(t, nil, url, merchant, key, notify, public)
	if err != nil {
		t.Fatal(err)
	}
	want := RefundGateway{URL: "https://pay.example.com/gw", MerchantID: "M100", Key: "0123456789abcdef", NotifyKey: "fedcba9876543210",
		NotifyURL: "https://console.example.com/api/aftersales/gateway/notify"}
	if c.RefundGateway != want {
		t.Fatalf("%+v", c.RefundGateway)
	}
	// Flags work as for every setting.
	if c, err := load(t, []string{"--refund-gateway-url=http://127.0.0.1:9000"}, merchant, key, notify, public); err != nil || c.RefundGateway.URL != "http://127.0.0.1:9000" {
		t.Fatalf("flag: %+v %v", c.RefundGateway, err)
	}

	for _, tc := range []struct {
		name string
		env  []string
		want []string // every one in the error
	}{
		{"URL alone", []string{url, public}, []string{"BFF_REFUND_GATEWAY_MERCHANT (--refund-gateway-merchant): required with BFF_REFUND_GATEWAY_URL",
			"BFF_REFUND_GATEWAY_KEY (--refund-gateway-key): required", "BFF_REFUND_GATEWAY_NOTIFY_KEY (--refund-gateway-notify-key): required"}},
		{"no notify key", []string{url, merchant, key, public}, []string{"BFF_REFUND_GATEWAY_NOTIFY_KEY"}},
		{"no public URL", []string{url, merchant, key, notify}, []string{"BFF_REFUND_GATEWAY_URL (--refund-gateway-url): needs BFF_PUBLIC_URL"}},
		{"keys without a URL", []string{key, notify}, []string{"BFF_REFUND_GATEWAY_KEY (--refund-gateway-key): set, but BFF_REFUND_GATEWAY_URL is not",
			"BFF_REFUND_GATEWAY_NOTIFY_KEY"}},
		{"merchant without a URL", []string{merchant}, []string{"BFF_REFUND_GATEWAY_MERCHANT"}},
		{"short key", []string{url, merchant, "BFF_REFUND_GATEWAY_KEY=changeme", notify, public}, []string{"BFF_REFUND_GATEWAY_KEY (--refund-gateway-key): must be at least 16"}},
		{"spaced key", []string{url, merchant, key, "BFF_REFUND_GATEWAY_NOTIFY_KEY= fedcba9876543210 ", public}, []string{"BFF_REFUND_GATEWAY_NOTIFY_KEY"}},
		{"merchant with a space", []string{url, "BFF_REFUND_GATEWAY_MERCHANT=M 1", key, notify, public}, []string{"BFF_REFUND_GATEWAY_MERCHANT"}},
		{"not http", []string{"BFF_REFUND_GATEWAY_URL=ftp://pay.example.com", merchant, key, notify, public}, []string{"BFF_REFUND_GATEWAY_URL"}},
		{"relative", []string{"BFF_REFUND_GATEWAY_URL=/pay", merchant, key, notify, public}, []string{"BFF_REFUND_GATEWAY_URL"}},
		{"query", []string{"BFF_REFUND_GATEWAY_URL=https://pay.example.com/?k=1", merchant, key, notify, public}, []string{"BFF_REFUND_GATEWAY_URL"}},
	} {
		err := wantRefused(t, tc.name, tc.env, tc.want)
		if err != nil && strings.Contains(err.Error(), "0123456789abcdef") || strings.Contains(err.Error(), "fedcba9876543210") {
			t.Errorf("%s: the error repeats a key: %v", tc.name, err)
		}
	}
	// Credentials in the URL are not repeated.
	if _, err := load(t, nil, "BFF_REFUND_GATEWAY_URL=https://u:hunter2@pay.example.com", merchant, key, notify, public); err == nil || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("credentials: %v", err)
	}
}
