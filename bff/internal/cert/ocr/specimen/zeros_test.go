package specimen

import (
	"bytes"
	"image"
	"image/png"
	"testing"
)

// TestZeroPNGDecodes: the made pictures are PNGs the standard decoder reads whole, every pixel
// zero, across the sizes where one, several or a part of a repeated block make the data.
func TestZeroPNGDecodes(t *testing.T) {
	for _, c := range []struct {
		w, h int
		deep bool
	}{{1, 1, false}, {300, 200, false}, {1500, 1000, false}, {700, 500, true}} {
		b := ZeroPNG(c.w, c.h, c.deep)
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		if img.Bounds() != image.Rect(0, 0, c.w, c.h) {
			t.Fatalf("%+v: bounds %v", c, img.Bounds())
		}
		for y := range c.h {
			for x := range c.w {
				if r, g, bl, a := img.At(x, y).RGBA(); r|g|bl != 0 || (c.deep && a != 0) {
					t.Fatalf("%+v: pixel %d,%d is %d %d %d %d", c, x, y, r, g, bl, a)
				}
			}
		}
	}
	if b := ZeroPNG(8000, 5000, true); len(b) > 1<<20 {
		t.Errorf("an 8000 × 5000 RGBA64 of zeros weighs %d bytes", len(b))
	}
}
