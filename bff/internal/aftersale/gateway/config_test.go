package gateway_test

import (
	"testing"

	"mallconsole/bff/internal/aftersale/gateway"
	"mallconsole/bff/internal/platform/config"
)

// The app wires the settings with a plain conversion: the two structs keep the same fields in
// the same order, and this stops compiling when one of them drifts.
func TestConfigFromSettings(t *testing.T) {
	s := config.RefundGateway{URL: "https://pay.example.com", MerchantID: "M1", Key: "k", NotifyKey: "nk", NotifyURL: "https://c/api/aftersales/gateway/notify"}
	if g := gateway.Config(s); g.URL != s.URL || g.MerchantID != "M1" || g.Key != "k" || g.NotifyKey != "nk" || g.NotifyURL != s.NotifyURL {
		t.Fatalf("%+v", g)
	}
	if gateway.New(gateway.Config(config.RefundGateway{}), nil, nil) != nil {
		t.Fatal("no URL, yet a client")
	}
}
