package upstream

import (
	"io"
	"log/slog"
	"net/url"
	"strings"
	"testing"

	"mallconsole/bff/internal/platform/config"
)

// TestRelayNeedsTheSessionsTokens: a relay prefix cannot be built without where the sessions keep
// the upstream's tokens (package app passes package auth).
func TestRelayNeedsTheSessionsTokens(t *testing.T) {
	u, _ := url.Parse("http://upstream")
	_, err := New(Options{Upstreams: []config.Upstream{{Prefix: "/api/legacy", URL: u, Identity: config.IdentityRelay}},
		Secret: "0123456789abcdef0123456789abcdef", Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err == nil || !strings.Contains(err.Error(), "/api/legacy") || !strings.Contains(err.Error(), "identity:relay") {
		t.Fatalf("err = %v", err)
	}
}
