package config

import (
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"strings"
)

// Where people sign in (BFF_STAFF_LOGIN, BFF_CHANNEL_LOGIN).
const (
	LoginLocal    = "local"    // the BFF's own accounts and passwords
	LoginUpstream = "upstream" // through the identity:relay upstream (docs/upstream.md)
)

func parseLogin(dst *string) func(*Config, string) error {
	return func(_ *Config, v string) error {
		switch v = strings.ToLower(strings.TrimSpace(v)); v {
		case LoginLocal, LoginUpstream:
			*dst = v
			return nil
		}
		return fmt.Errorf("must be local or upstream, got %q", v)
	}
}

func parseStaffLogin(c *Config, v string) error   { return parseLogin(&c.StaffLogin)(c, v) }
func parseChannelLogin(c *Config, v string) error { return parseLogin(&c.ChannelLogin)(c, v) }

// parseRSAKey reads the upstream's RSA public key the way eladmin-web holds it: base64 of the
// DER SubjectPublicKeyInfo, or the same (or a PKCS#1 key) in PEM.
func parseRSAKey(c *Config, v string) error {
	c.UpstreamRSAKey = nil
	v = strings.TrimSpace(v)
	if v == "" {
		return nil
	}
	var der []byte
	if b, _ := pem.Decode([]byte(strings.ReplaceAll(v, `\n`, "\n"))); b != nil {
		der = b.Bytes
	} else {
		var err error
		if der, err = base64.StdEncoding.DecodeString(strings.Join(strings.Fields(v), "")); err != nil {
			return errors.New("must be a PEM or base64 DER RSA public key")
		}
	}
	if k, err := x509.ParsePKIXPublicKey(der); err == nil {
		if rk, ok := k.(*rsa.PublicKey); ok {
			c.UpstreamRSAKey = rk
			return nil
		}
		return errors.New("is not an RSA key")
	}
	k, err := x509.ParsePKCS1PublicKey(der)
	if err != nil {
		return errors.New("must be a PEM or base64 DER RSA public key")
	}
	c.UpstreamRSAKey = k
	return nil
}

// RelayUpstream is the identity:relay upstream people sign in against; ok is false when none.
// checkRelay makes sure there is exactly one when a sign-in goes upstream.
func (c Config) RelayUpstream() (Upstream, bool) {
	for _, u := range c.Upstreams {
		if u.Identity == IdentityRelay {
			return u, true
		}
	}
	return Upstream{}, false
}

// checkRelay holds the rules of relayed identity: a relay prefix works only with the upstream's
// own tokens, which only a sign-in through it gives, and a sign-in through the upstream needs
// exactly one relay prefix to know where to go.
func checkRelay(c Config) error {
	var relays []string
	for _, u := range c.Upstreams {
		if u.Identity == IdentityRelay {
			relays = append(relays, u.Prefix)
		}
	}
	upstreamLogin := c.StaffLogin == LoginUpstream || c.ChannelLogin == LoginUpstream
	switch {
	case len(relays) > 1:
		return fmt.Errorf("BFF_UPSTREAMS (--upstreams): only one prefix may be identity:relay, got %s", strings.Join(relays, ", "))
	case len(relays) == 1 && !upstreamLogin:
		return fmt.Errorf("BFF_UPSTREAMS (--upstreams): %s is identity:relay, which needs BFF_STAFF_LOGIN=upstream or BFF_CHANNEL_LOGIN=upstream (the upstream's token comes from signing in through it)", relays[0])
	case len(relays) == 0 && c.StaffLogin == LoginUpstream:
		return errors.New("BFF_STAFF_LOGIN (--staff-login): upstream needs one BFF_UPSTREAMS prefix marked identity:relay to sign in against")
	case len(relays) == 0 && c.ChannelLogin == LoginUpstream:
		return errors.New("BFF_CHANNEL_LOGIN (--channel-login): upstream needs one BFF_UPSTREAMS prefix marked identity:relay to sign in against")
	}
	return nil
}
