// Package ocr reads Chinese resident identity cards (居民身份证) from images: a Provider is
// either the local Tesseract program or a cloud vendor's ID-card API (Baidu AI 身份证识别).
// The certification asks it through this one interface, so the vendor is a setting
// (docs/decisions.md "Identity-card OCR").
package ocr

import (
	"context"
	"errors"
	_ "image/gif"  // decoders of the kinds an upload may be: DecodeConfig tells an image apart
	_ "image/jpeg" // from anything else before a provider is asked
	_ "image/png"

	_ "golang.org/x/image/bmp"
	_ "golang.org/x/image/webp"
)

// Side of the card.
type Side string

// The two sides: the front has the person, the back the issuing authority and validity.
const (
	Front Side = "front"
	Back  Side = "back"
)

// Card is what was read. Fields of the other side stay empty.
type Card struct {
	Name      string `json:"name"`
	Gender    string `json:"gender"`
	Ethnicity string `json:"ethnicity"`
	Birth     string `json:"birth"` // YYYY-MM-DD
	Address   string `json:"address"`
	Number    string `json:"number"`
	Authority string `json:"authority"`
	Validity  string `json:"validity"` // 2020.01.01-2040.01.01 or 2020.01.01-长期
}

// Provider reads one side of a card from an image.
type Provider interface {
	Read(ctx context.Context, img []byte, side Side) (Card, error)
	Name() string
}

// The failures a caller tells apart.
var (
	ErrNotImage    = errors.New("ocr: not an image")
	ErrUnreadable  = errors.New("ocr: no identity card could be read")
	ErrUnavailable = errors.New("ocr: the provider did not answer")
	ErrOff         = errors.New("ocr: no provider configured")
)

// Off is the provider when OCR is switched off: every read says so.
type Off struct{}

// Read always fails with ErrOff.
func (Off) Read(context.Context, []byte, Side) (Card, error) { return Card{}, ErrOff }

// Name is "off".
func (Off) Name() string { return "off" }

// complete tells whether a side was read well enough to fill a form: the front needs the name
// and the number, the back the authority or the validity.
func complete(c Card, side Side) bool {
	if side == Front {
		return c.Name != "" && c.Number != ""
	}
	return c.Authority != "" || c.Validity != ""
}
