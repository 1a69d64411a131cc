package ocr

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"os/exec"
	"time"

	"golang.org/x/image/draw"
)

// Tesseract runs the local tesseract program (Debian tesseract-ocr with tesseract-ocr-chi-sim)
// on the image: one process a read, killed after Timeout, its output cut at maxOutput.
type Tesseract struct {
	Path    string        // the program, e.g. /usr/bin/tesseract
	Timeout time.Duration // per read
}

// maxOutput bounds what is kept of the program's output: a card's text is a few hundred bytes.
const maxOutput = 64 << 10

// Name is "tesseract".
func (t Tesseract) Name() string { return "tesseract" }

// Read preprocesses the image (grayscale, scaled so the text is tall enough for the engine),
// hands it to tesseract on stdin as PNG and parses the text it prints.
func (t Tesseract) Read(ctx context.Context, img []byte, side Side) (Card, error) {
	prepared, err := prepare(img)
	if err != nil {
		return Card{}, err
	}
	timeout := t.Timeout
	if timeout <= 0 {
		timeout = 20 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	// psm 6: one uniform block of text, which reads a card's label/value lines in order.
	cmd := exec.CommandContext(ctx, t.Path, "stdin", "stdout", "-l", "chi_sim", "--psm", "6")
	cmd.Stdin = bytes.NewReader(prepared)
	var out, stderr limitedBuffer
	out.max, stderr.max = maxOutput, 4<<10
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return Card{}, fmt.Errorf("%w: tesseract took longer than %s", ErrUnavailable, timeout)
		}
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			return Card{}, fmt.Errorf("%w: tesseract: %v: %s", ErrUnavailable, err, stderr.String())
		}
		return Card{}, fmt.Errorf("%w: %v", ErrUnavailable, err) // not installed, not runnable
	}
	c := Parse(out.String(), side)
	if !complete(c, side) {
		return Card{}, ErrUnreadable
	}
	return c, nil
}

// minWidth is the width the card is scaled up to: at 856 pixels its 26-pixel text reads well;
// a phone's small thumbnail does not.
const minWidth = 1000

// maxWidth is the width a large photo is scaled down to: more pixels only cost time.
const maxWidth = 2000

// maxScratch bounds the buffer of the smooth scaler: draw.CatmullRom keeps the picture scaled
// across and not yet down, 32 bytes a pixel (output width × input height), which is 17 MB for a
// 856 × 540 card but 193 MB for a 4032 × 3024 photo. Past it the picture is scaled by
// ApproxBiLinear, which reads four source pixels a pixel and keeps nothing: at those sizes the
// text is large enough for the engine either way.
const maxScratch = 48 << 20

// prepare decodes the picture and re-encodes it as a grayscale PNG of a width the engine reads
// well. Not a picture: ErrNotImage; out of CheckImage's bounds: ErrImageSize, before decoding.
func prepare(b []byte) ([]byte, error) {
	if err := CheckImage(b); err != nil {
		return nil, err
	}
	src, _, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, ErrNotImage
	}
	r := src.Bounds()
	w, h := target(r.Dx(), r.Dy())
	gray := image.NewGray(image.Rect(0, 0, w, h))
	scaler(w, r.Dy()).Scale(gray, gray.Bounds(), src, r, draw.Src, nil)
	var out bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&out, gray); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// target is the size handed to the engine: the width brought within minWidth–maxWidth, the
// height in proportion and never more than MaxAspect widths, so the picture made is at most
// maxWidth × MaxAspect·maxWidth (16 MB) whatever the decoder was given.
func target(w, h int) (int, int) {
	tw := min(max(w, minWidth), maxWidth)
	th := int64(max(h, 1)) * int64(tw) / int64(max(w, 1))
	return tw, int(min(max(th, 1), int64(MaxAspect*tw)))
}

// scaler is the smooth scaler while its buffer for an output width and input height stays within
// maxScratch, else the one that needs none.
func scaler(outWidth, inHeight int) draw.Interpolator {
	if int64(outWidth)*int64(inHeight)*32 <= maxScratch {
		return draw.CatmullRom
	}
	return draw.ApproxBiLinear
}

// limitedBuffer keeps the first max bytes written and drops the rest (still "accepting" them, so
// the program is not killed by a broken pipe).
type limitedBuffer struct {
	bytes.Buffer
	max int
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := b.max - b.Len(); room > 0 {
		b.Buffer.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}
