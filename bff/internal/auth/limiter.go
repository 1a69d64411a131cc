package auth

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"time"

	"mallconsole/bff/internal/platform/kv"
)

// limiter counts failed sign-ins per user name and per IP address. A counter lives for the lock
// window after its latest failure; at the limit, sign-in is refused until it dies.
type limiter struct {
	kv      kv.Store
	maxUser int
	maxIP   int
	window  time.Duration
	now     func() time.Time
}

// userKey names the counter of a user name; long names are hashed to fit the store's keys.
func userKey(name string) string {
	name = strings.ToLower(name)
	if len(name) > 64 {
		sum := sha256.Sum256([]byte(name))
		name = "sha256:" + hex.EncodeToString(sum[:])
	}
	return "login:user:" + name
}

func ipKey(ip string) string { return "login:ip:" + ip }

// locked returns how long sign-in stays refused for this user name or address (0: not locked).
func (l limiter) locked(ctx context.Context, name, ip string) (time.Duration, error) {
	var wait time.Duration
	for _, k := range []struct {
		key string
		max int
	}{{userKey(name), l.maxUser}, {ipKey(ip), l.maxIP}} {
		n, until, err := l.kv.Count(ctx, k.key)
		if err != nil {
			return 0, err
		}
		if n >= int64(k.max) {
			wait = max(wait, until.Sub(l.now()))
		}
	}
	return wait, nil
}

// fail counts a failed sign-in against the user name and the address.
func (l limiter) fail(ctx context.Context, name, ip string) error {
	if _, err := l.kv.Incr(ctx, userKey(name), l.window); err != nil {
		return err
	}
	_, err := l.kv.Incr(ctx, ipKey(ip), l.window)
	return err
}

// succeed clears the user name's failures (the address's stay: one right password must not
// wash away a spray of guesses at other accounts).
func (l limiter) succeed(ctx context.Context, name string) error {
	return l.kv.Delete(ctx, userKey(name))
}
