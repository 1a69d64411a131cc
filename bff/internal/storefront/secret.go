package storefront

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
)

// ErrSealed: a sealed secret does not open (the key changed, or the row was altered).
var ErrSealed = errors.New("storefront: the client secret does not open with this key")

// Sealer keeps client secrets encrypted at rest. Its key is derived from the server's secret
// (BFF_JWT_SECRET) with HKDF under a label of its own, so the same bytes never serve two
// purposes and nothing secret is written in code; a new BFF_JWT_SECRET therefore means every
// client is rotated (docs/storefront.md).
type Sealer struct {
	aead cipher.AEAD
}

// sealLabel is HKDF's info: what the derived key is for.
const sealLabel = "mallconsole storefront client secrets v1"

// NewSealer derives the sealing key from master.
func NewSealer(master []byte) (*Sealer, error) {
	if len(master) < 32 {
		return nil, errors.New("storefront: the master secret is shorter than 32 bytes")
	}
	key, err := hkdf.Key(sha256.New, master, nil, sealLabel, 32)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Sealer{aead: aead}, nil
}

// Seal encrypts secret bound to clientID (the additional data), so a sealed secret copied onto
// another client's row does not open there.
func (s *Sealer) Seal(clientID, secret string) (string, error) {
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	out := s.aead.Seal(nonce, nonce, []byte(secret), []byte(clientID))
	return base64.StdEncoding.EncodeToString(out), nil
}

// Open decrypts what Seal made for clientID.
func (s *Sealer) Open(clientID, sealed string) (string, error) {
	raw, err := base64.StdEncoding.DecodeString(sealed)
	n := s.aead.NonceSize()
	if err != nil || len(raw) < n {
		return "", ErrSealed
	}
	plain, err := s.aead.Open(nil, raw[:n], raw[n:], []byte(clientID))
	if err != nil {
		return "", ErrSealed
	}
	return string(plain), nil
}

// Fingerprint is the hex SHA-256 of a secret.
func Fingerprint(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// newSecret is 32 random bytes as unpadded base64url with a prefix that says what it is.
func newSecret() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return "sk_" + base64.RawURLEncoding.EncodeToString(b), nil
}

// newClientID is the public id: a prefix and 20 hex digits.
func newClientID() (string, error) {
	b := make([]byte, 10)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return "ck_" + hex.EncodeToString(b), nil
}
