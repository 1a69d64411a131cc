package auth

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"time"

	"mallconsole/bff/internal/platform/kv"
)

// limiter counts failed sign-ins per account and per source address. A counter lives for the
// lock window after its latest failure.
//
// The policy (so that a lock-out cannot be used to keep an owner out):
//   - an address at its limit is refused, whatever the account;
//   - an account's failures are counted per sign-in kind (staff, channel), and only once the
//     captcha has been passed;
//   - an account at its limit is refused only to addresses that have failed: the right password
//     from an address with no failures still gets in. Whoever guesses spends an address per
//     guess and then has it locked.
type limiter struct {
	kv      kv.Store
	maxUser int
	maxIP   int
	window  time.Duration
	now     func() time.Time
}

// account names the counter of the account a sign-in named: the account found (by ID, so that
// every spelling that finds it shares one counter), or, for a name that finds none, the exact
// name hashed (unknown names behave as known ones do and never share a counter with them).
type account struct {
	kind string
	id   int64  // 0: no account of this kind has the name
	name string // the name as typed
}

func (a account) key() string {
	if a.id != 0 {
		return "login:" + a.kind + ":id:" + strconv.FormatInt(a.id, 10)
	}
	sum := sha256.Sum256([]byte(a.name))
	return "login:" + a.kind + ":name:" + hex.EncodeToString(sum[:])
}

func ipKey(ip string) string {
	if len(ip) > 64 { // not an address; keep the key short
		sum := sha256.Sum256([]byte(ip))
		ip = "sha256:" + hex.EncodeToString(sum[:])
	}
	return "login:ip:" + ip
}

// wait is how long until the counter at key falls below max (0: it is below).
func (l limiter) wait(ctx context.Context, key string, max int) (time.Duration, int64, error) {
	n, until, err := l.kv.Count(ctx, key)
	if err != nil || n < int64(max) {
		return 0, n, err
	}
	return until.Sub(l.now()), n, nil
}

// ipLocked returns how long the address stays refused (0: not locked).
func (l limiter) ipLocked(ctx context.Context, ip string) (time.Duration, error) {
	w, _, err := l.wait(ctx, ipKey(ip), l.maxIP)
	return w, err
}

// accountLocked returns how long the account stays refused to this address: only an address
// that has failed before is refused (0: not locked for it).
func (l limiter) accountLocked(ctx context.Context, a account, ip string) (time.Duration, error) {
	w, _, err := l.wait(ctx, a.key(), l.maxUser)
	if err != nil || w <= 0 {
		return 0, err
	}
	_, ipFails, err := l.wait(ctx, ipKey(ip), l.maxIP)
	if err != nil || ipFails == 0 {
		return 0, err
	}
	return w, nil
}

// fail counts a failed sign-in against the account and the address.
func (l limiter) fail(ctx context.Context, a account, ip string) error {
	if _, err := l.kv.Incr(ctx, a.key(), l.window); err != nil {
		return err
	}
	_, err := l.kv.Incr(ctx, ipKey(ip), l.window)
	return err
}

// succeed clears the account's failures (the address's stay: one right password must not
// wash away a spray of guesses at other accounts).
func (l limiter) succeed(ctx context.Context, a account) error {
	return l.kv.Delete(ctx, a.key())
}
