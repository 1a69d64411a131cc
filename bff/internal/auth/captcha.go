package auth

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"image"
	"image/color"
	"image/png"
	mrand "math/rand/v2"
	"strconv"
	"time"

	"golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"mallconsole/bff/internal/platform/kv"
)

// captchaTTL is how long a captcha can be answered.
const captchaTTL = 2 * time.Minute

// captchas issues arithmetic captchas and checks answers, each once.
type captchas struct{ kv kv.Store }

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

// issue stores a new captcha's answer and returns its id and PNG.
func (c captchas) issue(ctx context.Context) (id string, img []byte, err error) {
	text, answer := question()
	raw := make([]byte, 16)
	if _, err := rand.Read(raw); err != nil {
		return "", nil, err
	}
	id = hex.EncodeToString(raw)
	if err := c.kv.Put(ctx, "captcha:"+id, strconv.Itoa(answer), captchaTTL); err != nil {
		return "", nil, err
	}
	img, err = drawCaptcha(text)
	return id, img, err
}

// check takes the captcha (right or wrong, it is gone afterwards) and compares the answer.
func (c captchas) check(ctx context.Context, id, code string) (ok, found bool, err error) {
	if len(id) != 32 {
		return false, false, nil
	}
	want, found, err := c.kv.Take(ctx, "captcha:"+id)
	if err != nil || !found {
		return false, found, err
	}
	return want == code, true, nil
}

// Captcha picture: drawn small with the 7x13 bitmap font, then scaled up to 111x36, with noise
// lines on top so that it is not plain text to a machine.
const (
	captchaW, captchaH       = 37, 13
	captchaOutW, captchaOutH = 111, 36
)

func drawCaptcha(text string) ([]byte, error) {
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
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, big); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

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
