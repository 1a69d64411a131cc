package auth

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	mrand "math/rand/v2"
	"strings"
	"time"

	"github.com/dchest/captcha"

	"mallconsole/bff/internal/platform/kv"
)

// captchaTTL is how long a captcha can be answered.
const captchaTTL = 2 * time.Minute

// captchas issues digit captchas and checks answers, each once. Handing one out stores
// nothing (an unauthenticated caller could otherwise fill the store): the id carries a random
// nonce, the expiry and a MAC over both and the answer, so only the server can tell whether an
// answer is right. Checking marks the nonce used until the expiry — one short-lived entry per
// answer, swept with the rest.
type captchas struct {
	kv  kv.Store
	key []byte // MAC key, derived from the token key
	now func() time.Time
}

// id layout: nonce (6 bytes) | expiry, unix seconds (4) | MAC (6) = 16 bytes, 32 hex digits.
const (
	captchaNonceLen = 6
	captchaIDLen    = 16
)

func newCaptchas(store kv.Store, tokenKey []byte, now func() time.Time) captchas {
	m := hmac.New(sha256.New, tokenKey)
	m.Write([]byte("mallconsole captcha key"))
	return captchas{kv: store, key: m.Sum(nil), now: now}
}

// mac binds nonce, expiry and answer; 48 bits are plenty against guesses made one request each.
func (c captchas) mac(head []byte, answer string) []byte {
	m := hmac.New(sha256.New, c.key)
	m.Write(head)
	m.Write([]byte(answer))
	return m.Sum(nil)[:captchaIDLen-captchaNonceLen-4]
}

// captchaDigits is how many digits a captcha shows: one guess in 10,000, quick to type.
const captchaDigits = 4

// question draws the digits of a new captcha; the answer is them as typed.
func question() (digits []byte, answer string) {
	digits = make([]byte, captchaDigits)
	for i := range digits {
		digits[i] = byte(mrand.IntN(10))
	}
	var b strings.Builder
	for _, d := range digits {
		b.WriteByte('0' + d)
	}
	return digits, b.String()
}

// issue makes a new captcha and returns its id and PNG.
func (c captchas) issue() (id string, img []byte, err error) {
	digits, answer := question()
	head := make([]byte, captchaNonceLen+4, captchaIDLen)
	if _, err := rand.Read(head[:captchaNonceLen]); err != nil {
		return "", nil, err
	}
	binary.BigEndian.PutUint32(head[captchaNonceLen:], uint32(c.now().Add(captchaTTL).Unix()))
	id = hex.EncodeToString(append(head, c.mac(head, answer)...))
	img, err = drawCaptcha(id, digits)
	return id, img, err
}

// check uses the captcha up (right or wrong, it is gone afterwards) and compares the answer.
// found is false for an id that is malformed, expired or used.
func (c captchas) check(ctx context.Context, id, code string) (ok, found bool, err error) {
	raw, err := hex.DecodeString(id)
	if err != nil || len(raw) != captchaIDLen {
		return false, false, nil
	}
	head := raw[:captchaNonceLen+4]
	left := time.Unix(int64(binary.BigEndian.Uint32(head[captchaNonceLen:])), 0).Sub(c.now())
	if left <= 0 || left > captchaTTL {
		return false, false, nil
	}
	fresh, err := c.kv.PutNew(ctx, "captcha:used:"+hex.EncodeToString(head[:captchaNonceLen]), "1", left)
	if err != nil || !fresh {
		return false, false, err
	}
	return hmac.Equal(raw[len(head):], c.mac(head, code)), true, nil
}

// CaptchaAnswer reads a captcha's answer from its id, as only the holder of the token key can
// (tests use it to answer the way a person reading the picture would); "" when none fits.
func CaptchaAnswer(tokenKey []byte, id string) string {
	c := newCaptchas(nil, tokenKey, nil)
	raw, err := hex.DecodeString(id)
	if err != nil || len(raw) != captchaIDLen {
		return ""
	}
	for n := range 10_000 {
		if a := fmt.Sprintf("%04d", n); hmac.Equal(raw[captchaNonceLen+4:], c.mac(raw[:captchaNonceLen+4], a)) {
			return a
		}
	}
	return ""
}

// Captcha picture: dchest/captcha's distorted digits with a stroke and noise across, at the size
// the sign-in page shows it. (Libraries that draw captcha text with fonts parse them when the
// package loads — base64Captcha: +17 MB of memory in every BFF process; these digits come from
// the library's own small glyphs.)
const captchaOutW, captchaOutH = 120, 40

func drawCaptcha(id string, digits []byte) ([]byte, error) {
	var buf bytes.Buffer
	if _, err := captcha.NewImage(id, digits, captchaOutW, captchaOutH).WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// dataURL wraps a PNG for the JSON answer.
func dataURL(png []byte) string {
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(png)
}
