package ocr

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"image/jpeg"
	"image/png"
	"testing"
	"time"

	"mallconsole/bff/internal/cert/ocr/specimen"
	"mallconsole/bff/internal/platform/memtest"
)

// jpegOf is the header of a w × h baseline 4:2:0 JPEG (what image/jpeg writes), or of a
// progressive one: a small picture whose frame header is given the size, which is all the
// header check reads.
func jpegOf(t *testing.T, w, h int, progressive bool) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, image.NewYCbCr(image.Rect(0, 0, 16, 16), image.YCbCrSubsampleRatio420), nil); err != nil {
		t.Fatal(err)
	}
	out := b.Bytes()
	sof := bytes.Index(out, []byte{0xff, 0xc0})
	if progressive {
		out[sof+1] = 0xc2
	}
	// marker (2), length (2), precision (1), then the height and the width
	binary.BigEndian.PutUint16(out[sof+5:], uint16(h))
	binary.BigEndian.PutUint16(out[sof+7:], uint16(w))
	return out
}

// TestCheckImageBounds: the header alone refuses what no card photo is — a strip, a square
// too large, a picture whose decoding would take more than MaxDecodeBytes — and lets a phone's
// photo through.
func TestCheckImageBounds(t *testing.T) {
	blank, err := specimen.BlankPNG()
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		img  []byte
		want error
	}{
		"the specimen card, 856 × 540":         {blank, nil},
		"a 12 Mpx phone photo, JPEG":           {jpegOf(t, 4032, 3024, false), nil},
		"the same, progressive (90 MB)":        {jpegOf(t, 4032, 3024, true), nil},
		"40 Mpx progressive JPEG (300 MB)":     {jpegOf(t, 8000, 5000, true), ErrImageSize},
		"40 Mpx baseline JPEG (60 MB)":         {jpegOf(t, 8000, 5000, false), nil},
		"a 1 × 40,000,000 strip":               {specimen.ZeroPNG(1, 40_000_000, false), ErrImageSize},
		"a 40,000,000 × 1 strip":               {specimen.ZeroPNG(40_000_000, 1, false), ErrImageSize},
		"a 1 × 3000 strip":                     {specimen.ZeroPNG(1, 3000, false), ErrImageSize},
		"5:1":                                  {specimen.ZeroPNG(2500, 500, false), ErrImageSize},
		"a side over 8000":                     {specimen.ZeroPNG(8001, 3000, false), ErrImageSize},
		"50,000 × 50,000 of zeros":             {specimen.ZeroPNG(50_000, 50_000, false), ErrImageSize},
		"8000 × 5000 RGBA64 of zeros (320 MB)": {specimen.ZeroPNG(8000, 5000, true), ErrImageSize},
		"1:4 upright":                          {specimen.ZeroPNG(500, 2000, false), nil},
		"not a picture":                        {[]byte("%PDF-1.4"), ErrNotImage},
	} {
		if err := CheckImage(c.img); !errors.Is(err, c.want) || (c.want == nil && err != nil) {
			t.Errorf("%s: %v, want %v", name, err, c.want)
		}
	}
}

// TestPrepareBoundsTheWork: prepare refuses the strips and bombs from their header, in
// milliseconds and without the memory decoding them would take (the 1 × 40,000,000 strip once
// asked for a 1000 × 40,000,000,000 picture and killed the process), and what it makes of an
// accepted picture is within maxWidth × MaxAspect·maxWidth.
func TestPrepareBoundsTheWork(t *testing.T) {
	for name, img := range map[string][]byte{
		"1 × 40,000,000":                  specimen.ZeroPNG(1, 40_000_000, false),
		"40,000,000 × 1":                  specimen.ZeroPNG(40_000_000, 1, false),
		"50,000 × 50,000 of zeros":        specimen.ZeroPNG(50_000, 50_000, false),
		"8000 × 5000 RGBA64 of zeros":     specimen.ZeroPNG(8000, 5000, true),
		"40 Mpx progressive JPEG (300MB)": jpegOf(t, 8000, 5000, true),
	} {
		var err error
		start := time.Now()
		grown, ok := memtest.RSSGrowth(func() { _, err = prepare(img) })
		took := time.Since(start)
		t.Logf("%s (%d KB): %v in %s, memory +%d MB", name, len(img)>>10, err, took.Round(time.Millisecond), grown>>20)
		if !errors.Is(err, ErrImageSize) {
			t.Errorf("%s: %v, want ErrImageSize", name, err)
		}
		if took > time.Second || (ok && grown > 100<<20) {
			t.Errorf("%s: took %s and %d MB", name, took, grown>>20)
		}
	}
	for _, c := range []struct{ w, h, tw, th int }{
		{856, 540, 1000, 630}, {4032, 3024, 2000, 1500}, {500, 2000, 1000, 4000}, {2000, 8000, 2000, 8000},
	} {
		out, err := prepare(specimen.ZeroPNG(c.w, c.h, false))
		if err != nil {
			t.Fatalf("%d × %d: %v", c.w, c.h, err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(out))
		if err != nil || cfg.Width != c.tw || cfg.Height != c.th {
			t.Errorf("%d × %d made %d × %d (%v), want %d × %d", c.w, c.h, cfg.Width, cfg.Height, err, c.tw, c.th)
		}
	}
	// the sizes made never exceed the bound, whatever a decoder hands over
	for _, c := range [][2]int{{1, 40_000_000}, {40_000_000, 1}, {1, 1}, {3, 100_000}} {
		if w, h := target(c[0], c[1]); w < minWidth || w > maxWidth || h < 1 || h > MaxAspect*w {
			t.Errorf("target(%d, %d) = %d × %d", c[0], c[1], w, h)
		}
	}
}
