package ratelimit

import (
	"testing"
	"time"
)

func TestLimiter(t *testing.T) {
	now := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	l := New(3, 2, func() time.Time { return now })
	for i := range 3 {
		if !l.Allow("a") {
			t.Fatalf("event %d refused", i)
		}
	}
	if l.Allow("a") {
		t.Fatal("fourth event in a minute allowed")
	}
	if !l.Allow("b") {
		t.Fatal("another key refused")
	}
	// the table is full (a and b): a newcomer waits until a bucket has refilled
	if l.Allow("c") {
		t.Fatal("newcomer allowed past the key limit")
	}
	now = now.Add(20 * time.Second) // one event back for a
	if !l.Allow("a") || l.Allow("a") {
		t.Fatal("refill is not one event per 20 s")
	}
	now = now.Add(time.Minute)
	if !l.Allow("c") {
		t.Fatal("newcomer refused after the others refilled")
	}
	if off := New(0, 1, nil); !off.Allow("x") || !off.Allow("y") {
		t.Fatal("limit 0 refused")
	}
}

func TestAddressKey(t *testing.T) {
	for in, want := range map[string]string{
		"203.0.113.9":          "203.0.113.9",
		"2001:db8:1:2:3:4:5:6": "2001:db8:1:2::/64",
		"2001:db8:1:2::ffff":   "2001:db8:1:2::/64",
		"::ffff:203.0.113.9":   "::ffff:203.0.113.9",
		"unknown":              "unknown",
	} {
		if got := AddressKey(in); got != want {
			t.Errorf("AddressKey(%q) = %q, want %q", in, got, want)
		}
	}
}
