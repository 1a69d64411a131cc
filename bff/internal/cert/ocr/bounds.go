package ocr

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
)

// Bounds of a picture that is read: an identity card photographed or scanned is a few Mpx at
// about 8:5 (or 5:8 upright), so these leave room for any camera and margin while a picture
// that is no card photo — a 1 × 40,000,000 strip, a 50,000-pixel square of zeros — is refused
// from its header, before a byte of it is decoded (docs/decisions.md "Identity-card OCR").
const (
	MaxSide   = 8000       // pixels, either side
	MaxPixels = 40_000_000 // a 48 Mpx phone's full-size photo is over; its usual 12 Mpx is not
	MaxAspect = 4          // the long side at most 4 times the short one
	// MaxDecodeBytes bounds the memory decoding may take, estimated from the header: a
	// 16-bit or progressive picture costs several times its pixel count, and may have few
	// pixels and a small file. A 12 Mpx phone photo costs 18 MB (baseline JPEG) to 90 MB
	// (progressive).
	MaxDecodeBytes = 128 << 20
)

// ErrImageSize: a picture whose size or shape is out of the bounds above.
var ErrImageSize = errors.New("ocr: the picture's size is out of bounds")

// CheckImage tells whether b is a picture this package can read (else ErrNotImage) and within
// the bounds (else ErrImageSize). Only the header is read.
func CheckImage(b []byte) error {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(b))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return ErrNotImage
	}
	w, h := int64(cfg.Width), int64(cfg.Height)
	long, short := max(w, h), min(w, h)
	cost := decodeCost(b, format, cfg)
	if long > MaxSide || w*h > MaxPixels || long > MaxAspect*short || cost > MaxDecodeBytes {
		return fmt.Errorf("%w: %s %d×%d, about %d MB to decode", ErrImageSize, format, w, h, cost>>20)
	}
	return nil
}

// decodeCost is the memory decoding takes, at the most, as the standard decoders work.
func decodeCost(b []byte, format string, cfg image.Config) int64 {
	w, h := int64(cfg.Width), int64(cfg.Height)
	switch format {
	case "jpeg":
		// whole blocks: a minimum coded unit is at most 32 pixels a side
		return int64(float64(roundUp(w, 32)*roundUp(h, 32)) * jpegBytesPerPixel(b, cfg.ColorModel))
	case "png":
		return int64(float64(w*h) * pngBytesPerPixel(b, cfg.ColorModel))
	}
	return int64(float64(w*h) * otherBytesPerPixel(cfg.ColorModel))
}

func roundUp(n, to int64) int64 { return (n + to - 1) / to * to }

// otherBytesPerPixel: GIF, BMP and WebP hold little besides the picture.
func otherBytesPerPixel(model color.Model) float64 {
	switch model.(type) {
	case color.Palette:
		return 1
	}
	switch model {
	case color.YCbCrModel: // lossy WebP, 4:2:0
		return 2
	case color.NYCbCrAModel:
		return 3
	}
	return 8 // lossless WebP works on 32-bit pixels besides its NRGBA picture; BMP is less
}

// pngBytesPerPixel: the picture (a transparency chunk, which the header does not tell, makes
// grey or RGB pixels NRGBA: 4 bytes, 8 at 16 bits), half as much again when interlaced (the
// largest pass is held besides it).
func pngBytesPerPixel(b []byte, model color.Model) float64 {
	per := 4.0
	switch model {
	case color.Gray16Model, color.RGBA64Model, color.NRGBA64Model:
		per = 8
	}
	if _, ok := model.(color.Palette); ok {
		per = 1
	}
	// the IHDR chunk's last byte: the signature (8), length and type (8), 12 bytes of fields
	if len(b) > 28 && b[28] == 1 {
		per *= 1.5
	}
	return per
}

// jpegBytesPerPixel: a byte per sample of each component at its sampling, four more per
// sample when progressive (the coefficients are kept until the last scan), and 4 for the RGBA
// or CMYK picture converted from the components.
func jpegBytesPerPixel(b []byte, model color.Model) float64 {
	progressive, samples, ok := jpegLayout(b)
	if !ok { // the decoder found a frame the walk did not: the dearest layout
		progressive, samples = true, 4
	}
	per := samples
	if progressive {
		per += 4 * samples
	}
	if model == color.RGBAModel || model == color.CMYKModel {
		per += 4
	}
	return per
}

// jpegLayout walks the markers to the frame header (SOF0, SOF1 or SOF2, what image/jpeg reads)
// and tells whether it is progressive and how many samples a pixel has across the components
// (3 at 4:4:4, 1.5 at 4:2:0).
func jpegLayout(b []byte) (progressive bool, samples float64, ok bool) {
	for i := 2; i+4 <= len(b); {
		if b[i] != 0xff {
			return false, 0, false
		}
		marker := b[i+1]
		if marker == 0xff { // fill byte
			i++
			continue
		}
		n := int(binary.BigEndian.Uint16(b[i+2:]))
		if marker >= 0xc0 && marker <= 0xc2 {
			samples, ok := frameSamples(b[i+4 : min(i+2+n, len(b))])
			return marker == 0xc2, samples, ok
		}
		if marker == 0xd8 || marker >= 0xd0 && marker <= 0xd7 || marker == 0x01 { // no length
			i += 2
			continue
		}
		if marker == 0xda || marker == 0xd9 { // a scan or the end before the frame
			return false, 0, false
		}
		i += 2 + n
	}
	return false, 0, false
}

// frameSamples reads the components' sampling factors from a frame header's fields.
func frameSamples(f []byte) (float64, bool) {
	if len(f) < 6 {
		return 0, false
	}
	n := int(f[5])
	if n < 1 || len(f) < 6+3*n {
		return 0, false
	}
	if n == 1 {
		return 1, true // one component is never subsampled (image/jpeg ignores its factors)
	}
	hmax, vmax := 1, 1
	for c := range n {
		hv := f[7+3*c]
		hmax, vmax = max(hmax, int(hv>>4)), max(vmax, int(hv&0x0f))
	}
	samples := 0.0
	for c := range n {
		hv := f[7+3*c]
		samples += float64(int(hv>>4)*int(hv&0x0f)) / float64(hmax*vmax)
	}
	return samples, true
}
