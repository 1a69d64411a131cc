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
	"image"
	"image/color"
	"image/png"
	mrand "math/rand/v2"
	"strconv"
	"sync"
	"time"

	"golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"mallconsole/bff/internal/platform/kv"
)

// captchaTTL is how long a captcha can be answered.
const captchaTTL = 2 * time.Minute

// captchas issues arithmetic captchas and checks answers, each once. Handing one out stores
// nothing (an unauthenticated caller could otherwise fill the store): the id carries a random
// nonce, the expiry and a MAC over both and the answer, so only the server can tell whether an
// answer is right. Checking marks the nonce used until the expiry — one short-lived entry per
// answer, swept with the rest.
type captchas struct {
	kv  kv.Store
	key []byte // MAC key, derived from the token key
	now func() time.Time
	png *pngPool
}

// id layout: nonce (6 bytes) | expiry, unix seconds (4) | MAC (6) = 16 bytes, 32 hex digits.
const (
	captchaNonceLen = 6
	captchaIDLen    = 16
)

func newCaptchas(store kv.Store, tokenKey []byte, now func() time.Time) captchas {
	m := hmac.New(sha256.New, tokenKey)
	m.Write([]byte("mallconsole captcha key"))
	return captchas{kv: store, key: m.Sum(nil), now: now, png: &pngPool{}}
}

// mac binds nonce, expiry and answer; 48 bits are plenty against guesses made one request each.
func (c captchas) mac(head []byte, answer string) []byte {
	m := hmac.New(sha256.New, c.key)
	m.Write(head)
	m.Write([]byte(answer))
	return m.Sum(nil)[:captchaIDLen-captchaNonceLen-4]
}

// question makes "a op b" with a small, non-negative answer.
func question() (text string, answer int) {
	a, b := mrand.IntN(9)+1, mrand.IntN(9)+1
	switch mrand.IntN(3) {
	case 0:
		return fmt.Sprintf("%d+%d=?", a, b), a + b
	case 1:
		if a < b {
			a, b = b, a
		}
		return fmt.Sprintf("%d-%d=?", a, b), a - b
	default:
		return fmt.Sprintf("%dx%d=?", a, b), a * b
	}
}

// issue makes a new captcha and returns its id and PNG.
func (c captchas) issue() (id string, img []byte, err error) {
	text, answer := question()
	head := make([]byte, captchaNonceLen+4, captchaIDLen)
	if _, err := rand.Read(head[:captchaNonceLen]); err != nil {
		return "", nil, err
	}
	binary.BigEndian.PutUint32(head[captchaNonceLen:], uint32(c.now().Add(captchaTTL).Unix()))
	id = hex.EncodeToString(append(head, c.mac(head, strconv.Itoa(answer))...))
	img, err = drawCaptcha(text, c.png)
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
	for answer := range 100 {
		if a := strconv.Itoa(answer); hmac.Equal(raw[captchaNonceLen+4:], c.mac(raw[:captchaNonceLen+4], a)) {
			return a
		}
	}
	return ""
}

// Captcha picture: drawn small with the 7x13 bitmap font, then scaled up to 111x36, with noise
// lines on top so that it is not plain text to a machine.
const (
	captchaW, captchaH       = 37, 13
	captchaOutW, captchaOutH = 111, 36
)

func drawCaptcha(text string, pool png.EncoderBufferPool) ([]byte, error) {
	small := image.NewRGBA(image.Rect(0, 0, captchaW, captchaH))
	draw.Draw(small, small.Bounds(), image.NewUniform(color.RGBA{0xf4, 0xf6, 0xfb, 0xff}), image.Point{}, draw.Src)
	x := 1
	for _, r := range text {
		d := font.Drawer{
			Dst:  small,
			Src:  image.NewUniform(randomInk()),
			Face: basicfont.Face7x13,
			Dot:  fixed.P(x, 11+mrand.IntN(2)),
		}
		d.DrawString(string(r))
		x += 7
	}
	big := image.NewRGBA(image.Rect(0, 0, captchaOutW, captchaOutH))
	draw.NearestNeighbor.Scale(big, big.Bounds(), small, small.Bounds(), draw.Src, nil)
	for range 4 {
		line(big, image.Pt(mrand.IntN(big.Bounds().Dx()), mrand.IntN(big.Bounds().Dy())),
			image.Pt(mrand.IntN(big.Bounds().Dx()), mrand.IntN(big.Bounds().Dy())), randomInk())
	}
	for range 60 {
		big.Set(mrand.IntN(big.Bounds().Dx()), mrand.IntN(big.Bounds().Dy()), randomInk())
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: pool}).Encode(&buf, big); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// pngPool keeps the PNG encoder's compressor between pictures: making one costs more than
// drawing and encoding the picture.
type pngPool struct{ p sync.Pool }

func (p *pngPool) Get() *png.EncoderBuffer {
	b, _ := p.p.Get().(*png.EncoderBuffer)
	return b
}

func (p *pngPool) Put(b *png.EncoderBuffer) { p.p.Put(b) }

func randomInk() color.RGBA {
	return color.RGBA{uint8(mrand.IntN(140)), uint8(mrand.IntN(140)), uint8(60 + mrand.IntN(140)), 0xff}
}

// line draws a straight line (Bresenham).
func line(img *image.RGBA, a, b image.Point, c color.RGBA) {
	dx, dy := abs(b.X-a.X), -abs(b.Y-a.Y)
	sx, sy := sign(b.X-a.X), sign(b.Y-a.Y)
	e := dx + dy
	for {
		img.SetRGBA(a.X, a.Y, c)
		if a == b {
			return
		}
		e2 := 2 * e
		if e2 >= dy {
			e += dy
			a.X += sx
		}
		if e2 <= dx {
			e += dx
			a.Y += sy
		}
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func sign(v int) int {
	switch {
	case v < 0:
		return -1
	case v > 0:
		return 1
	}
	return 0
}

// dataURL wraps a PNG for the JSON answer.
func dataURL(png []byte) string {
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(png)
}
