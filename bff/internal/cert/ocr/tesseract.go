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

// prepare decodes the picture and re-encodes it as a grayscale PNG of a width the engine reads
// well. Not a picture: ErrNotImage.
func prepare(b []byte) ([]byte, error) {
	if err := CheckImage(b); err != nil {
		return nil, err
	}
	src, _, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, ErrNotImage
	}
	r := src.Bounds()
	w, h := r.Dx(), r.Dy()
	switch {
	case w < minWidth:
		w, h = minWidth, h*minWidth/w
	case w > maxWidth:
		w, h = maxWidth, h*maxWidth/w
	}
	gray := image.NewGray(image.Rect(0, 0, w, max(h, 1)))
	draw.CatmullRom.Scale(gray, gray.Bounds(), src, r, draw.Src, nil)
	var out bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&out, gray); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
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
