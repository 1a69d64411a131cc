package upstream

import (
	"errors"
	"slices"
	"strconv"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/config"
)

// IdentityTTL is how long an identity JWT is good for: one request's worth, so a leaked one is
// soon useless and nothing needs revoking.
const IdentityTTL = 60 * time.Second

// Claims is the identity the BFF vouches for on every proxied request (docs/upstream.md). aud is a
// plain string (the prefix), as most verifiers expect, so the struct implements jwt.Claims itself.
type Claims struct {
	Subject  string   `json:"sub"` // the user's id
	Username string   `json:"username"`
	Kind     string   `json:"kind"`  // staff | channel
	Roles    []string `json:"roles"` // permission strings; ["admin"] for the superuser
	Dept     int64    `json:"dept"`  // department id, 0 when none
	SID      string   `json:"sid"`   // the BFF session
	Audience string   `json:"aud"`   // the upstream's prefix
	Issued   int64    `json:"iat"`
	Expires  int64    `json:"exp"`
}

// GetExpirationTime and the rest make Claims a jwt.Claims.
func (c Claims) GetExpirationTime() (*jwt.NumericDate, error) {
	return jwt.NewNumericDate(time.Unix(c.Expires, 0)), nil
}
func (c Claims) GetIssuedAt() (*jwt.NumericDate, error) {
	return jwt.NewNumericDate(time.Unix(c.Issued, 0)), nil
}
func (c Claims) GetNotBefore() (*jwt.NumericDate, error) { return nil, nil }
func (c Claims) GetIssuer() (string, error)              { return "", nil }
func (c Claims) GetSubject() (string, error)             { return c.Subject, nil }
func (c Claims) GetAudience() (jwt.ClaimStrings, error)  { return jwt.ClaimStrings{c.Audience}, nil }

// Signer mints identity JWTs with BFF_UPSTREAM_SECRET.
type Signer struct {
	key []byte
	now func() time.Time
}

// NewSigner signs with secret.
func NewSigner(secret string, now func() time.Time) *Signer {
	return &Signer{key: []byte(secret), now: now}
}

// ClaimsOf is the identity of p for the upstream at prefix.
func ClaimsOf(p *authz.Principal, prefix string, now time.Time) Claims {
	roles := p.Perms
	if p.IsAdmin {
		roles = []string{"admin"}
	}
	if roles == nil {
		roles = []string{}
	}
	return Claims{Subject: strconv.FormatInt(p.UserID, 10), Username: p.Username, Kind: p.Kind, Roles: roles,
		Dept: p.DeptID, SID: p.SessionID, Audience: prefix, Issued: now.Unix(), Expires: now.Add(IdentityTTL).Unix()}
}

// Sign is the bearer token for p at the upstream of prefix.
func (s *Signer) Sign(p *authz.Principal, prefix string) (string, error) {
	return jwt.NewWithClaims(jwt.SigningMethodHS256, ClaimsOf(p, prefix, s.now())).SignedString(s.key)
}

// Verifier is the origin role (BFF_TRUST_EDGE_SECRET): it serves a request bearing an edge BFF's
// identity JWT as the principal the edge vouches for, without a session of its own.
type Verifier struct {
	key []byte
	now func() time.Time
}

// NewVerifier trusts identities signed with secret.
func NewVerifier(secret string, now func() time.Time) *Verifier {
	return &Verifier{key: []byte(secret), now: now}
}

var errBadIdentity = errors.New("upstream: not a valid identity")

// Principal checks raw (HS256, the key, not expired, lifetime at most IdentityTTL, audience a
// prefix of path on whole segments, so a token minted for /api/goods opens nothing else) and
// gives the principal it names.
func (v *Verifier) Principal(raw, path string) (*authz.Principal, error) {
	var c Claims
	_, err := jwt.ParseWithClaims(raw, &c, func(*jwt.Token) (any, error) { return v.key, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}), jwt.WithTimeFunc(v.now), jwt.WithExpirationRequired(),
		jwt.WithIssuedAt())
	if err != nil {
		return nil, errBadIdentity
	}
	uid, err := strconv.ParseInt(c.Subject, 10, 64)
	if err != nil || c.SID == "" || c.Username == "" || c.Expires-c.Issued > int64(IdentityTTL/time.Second) ||
		c.Audience == "" || !config.UnderPrefix(path, c.Audience) ||
		(c.Kind != authz.KindStaff && c.Kind != authz.KindChannel) {
		return nil, errBadIdentity
	}
	perms := slices.Clone(c.Roles)
	slices.Sort(perms)
	perms = slices.Compact(perms)
	_, admin := slices.BinarySearch(perms, "admin")
	key := "edge:admin"
	if !admin {
		key = "edge:" + strconv.Quote(c.Username)
	}
	return &authz.Principal{UserID: uid, SessionID: "edge:" + c.SID, Kind: c.Kind, Username: c.Username,
		IsAdmin: admin, Perms: perms, RoleKey: key, DeptID: c.Dept}, nil
}
