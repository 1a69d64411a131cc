package printing

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html/template"
	"image"
	"image/color"
	"image/png"

	"github.com/boombuler/barcode/code128"

	"mallconsole/bff/internal/platform/money"
)

// document is what a paper shows, HTML or PDF.
type document struct {
	Title, Shop, Printed, Size string
	Orders                     int // the orders a picking list covers
	Lines                      []PickLine
	Notes                      []note
}

// Units are the picking list's units over every line.
func (d document) Units() int64 {
	var n int64
	for _, l := range d.Lines {
		n += l.Units
	}
	return n
}

// note is one order's delivery note.
type note struct {
	Order
	Lines   []noteLine
	Goods   money.Fen // the lines' total; Amount less Freight
	Barcode []byte    // PNG of the order number as Code128
}

type noteLine struct {
	Item
	Amount money.Fen
}

// BarcodeURL is the barcode as a data URI; made here from our own PNG, so html/template may
// put it in src.
func (n note) BarcodeURL() template.URL {
	return template.URL("data:image/png;base64," + base64.StdEncoding.EncodeToString(n.Barcode)) //nolint:gosec // our PNG, not input
}

// onePool lends one encoder again and again: a zlib writer is costly to make, and 200 notes
// made 200 of them.
type onePool struct{ b *png.EncoderBuffer }

func (p *onePool) Get() *png.EncoderBuffer  { return p.b }
func (p *onePool) Put(b *png.EncoderBuffer) { p.b = b }

func notes(orders []Order) ([]note, error) {
	out := make([]note, len(orders))
	enc := &png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &onePool{}}
	for i, o := range orders {
		n := note{Order: o, Lines: make([]noteLine, len(o.Items))}
		var err error
		for j, it := range o.Items {
			n.Lines[j] = noteLine{Item: it}
			if n.Lines[j].Amount, err = it.UnitPrice.Times(it.Quantity); err != nil {
				return nil, err
			}
			if n.Goods, err = money.Sum(n.Goods, n.Lines[j].Amount); err != nil {
				return nil, err
			}
		}
		if n.Barcode, err = barcodePNG(enc, o.OrderNo); err != nil {
			return nil, err
		}
		out[i] = n
	}
	return out, nil
}

// barcodePNG draws text as Code128, one pixel a module and one pixel high: the paper stretches
// it to its size without smoothing (image-rendering: pixelated; PDF images are not
// interpolated), and 200 notes need no more than 200 tiny images.
func barcodePNG(enc *png.Encoder, text string) ([]byte, error) {
	bc, err := code128.Encode(text)
	if err != nil {
		return nil, fmt.Errorf("barcode of %q: %w", text, err)
	}
	w := bc.Bounds().Dx()
	// a quiet zone of ten modules each side, which scanners need
	img := image.NewGray(image.Rect(0, 0, w+20, 1))
	for x := range img.Pix {
		img.Pix[x] = 0xff
	}
	for x := range w {
		if c := color.GrayModel.Convert(bc.At(bc.Bounds().Min.X+x, 0)).(color.Gray); c.Y < 0x80 {
			img.Pix[10+x] = 0
		}
	}
	var buf bytes.Buffer
	if err := enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
