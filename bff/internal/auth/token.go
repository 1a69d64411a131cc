package auth

import (
	"errors"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// claims is what a token carries: the session, the user and the kind of session, so that an
// expired or revoked token still tells whether to answer 401 (staff) or 405 (channel).
type claims struct {
	SID  string `json:"sid"`
	Kind string `json:"kind"`
	jwt.RegisteredClaims
}

// tokens signs and verifies HS256 JWTs. Verified tokens are remembered: a token never changes,
// and decoding its JSON on every request costs more than the session lookup.
type tokens struct {
	key []byte

	mu   sync.RWMutex
	seen map[string]parsed
}

type parsed struct {
	c   claims
	uid int64
}

// maxSeenTokens bounds the memory of verified tokens (the map starts afresh when full).
const maxSeenTokens = 8192

func newTokens(key []byte) *tokens { return &tokens{key: key, seen: map[string]parsed{}} }

func (t *tokens) sign(sid, kind string, userID int64, issued, expires time.Time) (string, error) {
	c := claims{SID: sid, Kind: kind, RegisteredClaims: jwt.RegisteredClaims{
		Subject:   strconv.FormatInt(userID, 10),
		IssuedAt:  jwt.NewNumericDate(issued),
		ExpiresAt: jwt.NewNumericDate(expires),
	}}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(t.key)
}

var errBadToken = errors.New("bad token")

// parse checks the signature (HS256 only) but not the expiry, which the caller judges with its
// own clock: an expired token's kind still decides the status of the refusal.
func (t *tokens) parse(raw string) (claims, int64, error) {
	t.mu.RLock()
	p, ok := t.seen[raw]
	t.mu.RUnlock()
	if ok {
		return p.c, p.uid, nil
	}
	var c claims
	_, err := jwt.ParseWithClaims(raw, &c, func(*jwt.Token) (any, error) { return t.key, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}), jwt.WithoutClaimsValidation(),
		// strict base64: else the last character of the signature has spellings that decode alike,
		// and one token would verify under several texts (and cache keys)
		jwt.WithStrictDecoding())
	if err != nil || c.SID == "" || c.ExpiresAt == nil {
		return claims{}, 0, errBadToken
	}
	uid, err := strconv.ParseInt(c.Subject, 10, 64)
	if err != nil {
		return claims{}, 0, errBadToken
	}
	t.mu.Lock()
	if len(t.seen) >= maxSeenTokens {
		clear(t.seen)
	}
	t.seen[raw] = parsed{c: c, uid: uid}
	t.mu.Unlock()
	return c, uid, nil
}

// bearer takes the token out of an Authorization header ("Bearer <jwt>", or the bare JWT).
func bearer(h string) string {
	h = strings.TrimSpace(h)
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return h
}
