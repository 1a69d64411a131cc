// Package cachetest checks the time bound of what an instance remembers: a change it cannot see
// (made by another instance) must not show before the bound, and must show at it.
package cachetest

import (
	"testing"
	"time"
)

// ShowsAfter moves the clock (advance) to one second before ttl, where read must still answer
// stale, then to ttl, where it must answer fresh.
func ShowsAfter(t testing.TB, ttl time.Duration, advance func(time.Duration), read func() string, stale, fresh string) {
	t.Helper()
	advance(ttl - time.Second)
	if got := read(); got != stale {
		t.Fatalf("a change made elsewhere showed before %v: %q, want still %q", ttl, got, stale)
	}
	advance(time.Second)
	if got := read(); got != fresh {
		t.Fatalf("after %v: %q, want %q", ttl, got, fresh)
	}
}
