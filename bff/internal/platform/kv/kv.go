// Package kv is a small store of short-lived values and counters (captcha answers, login-failure
// counters, used nonces) kept in the database by default or in Redis, so that several BFF
// instances share them. Every implementation takes its clock from the caller, so expiry can be
// tested without waiting.
package kv

import (
	"context"
	"time"
)

// Store keeps values that expire. Keys are at most 191 bytes.
type Store interface {
	// Put stores value under key until ttl has passed, replacing whatever was there.
	Put(ctx context.Context, key, value string, ttl time.Duration) error
	// PutNew stores value only if key holds no live value; it reports whether it did.
	PutNew(ctx context.Context, key, value string, ttl time.Duration) (bool, error)
	// Take returns the live value and removes it: of concurrent callers only one gets it.
	Take(ctx context.Context, key string) (string, bool, error)
	// Incr adds one to the counter at key (starting from 0 when absent or expired) and makes it
	// live for ttl from now; it returns the new count.
	Incr(ctx context.Context, key string, ttl time.Duration) (int64, error)
	// Count returns the live counter at key and when it expires (0 and zero time when none).
	Count(ctx context.Context, key string) (int64, time.Time, error)
	// Delete removes key.
	Delete(ctx context.Context, key string) error
	// Sweep removes expired entries (the database keeps them until then; Redis on its own).
	Sweep(ctx context.Context) error
}

// MaxKeyLen bounds keys so they fit an indexed column on every database.
const MaxKeyLen = 191
