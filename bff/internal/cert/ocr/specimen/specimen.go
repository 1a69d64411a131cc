// Package specimen draws SPECIMEN identity cards (居民身份证 样本) for the OCR tests and the
// browser test: card-sized PNGs with made-up data, never a real person's card. The text is drawn
// with a CJK font from the machine (fonts-noto-cjk), so a missing font is told apart from a
// failing reader.
package specimen

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// FontPaths are where Debian's fonts-noto-cjk puts the font, tried in order.
var fontPaths = []string{
	"/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
	"/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
	"/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
}

// ErrNoFont: no CJK font is installed (apt-get install fonts-noto-cjk).
var ErrNoFont = errors.New("specimen: no CJK font (install fonts-noto-cjk)")

// Front is what the front of the specimen card says.
type Front struct {
	Name, Gender, Ethnicity string
	Year, Month, Day        int
	Address                 []string // the address in the lines it is printed on
	Number                  string
}

// Back is what the back says.
type Back struct {
	Authority string
	Validity  string // 2020.01.01-2040.01.01
}

// Sample data: a made-up person. The number's check character is right (GB 11643), its
// birth date is the card's.
var (
	SampleFront = Front{Name: "王小明", Gender: "男", Ethnicity: "汉", Year: 1990, Month: 3, Day: 7,
		Address: []string{"北京市东城区示例路", "一号院二号楼"}, Number: "110101199003070011"}
	SampleBack = Back{Authority: "北京市公安局东城分局", Validity: "2020.01.01-2040.01.01"}
)

// Card size: 85.6 mm × 54 mm at 10 pixels a millimetre.
const width, height = 856, 540

type pen struct {
	img  *image.RGBA
	face font.Face
	big  font.Face
}

func newPen() (*pen, error) {
	var raw []byte
	for _, p := range fontPaths {
		if b, err := os.ReadFile(p); err == nil {
			raw = b
			break
		}
	}
	if raw == nil {
		return nil, ErrNoFont
	}
	coll, err := opentype.ParseCollection(raw)
	if err != nil {
		return nil, fmt.Errorf("specimen: font: %w", err)
	}
	f, err := coll.Font(0)
	if err != nil {
		return nil, fmt.Errorf("specimen: font: %w", err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: 26, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, err
	}
	big, err := opentype.NewFace(f, &opentype.FaceOptions{Size: 34, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, err
	}
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	// a pale card with a darker frame, as a photographed card would be
	draw.Draw(img, img.Bounds(), &image.Uniform{color.RGBA{0xf4, 0xf6, 0xf8, 0xff}}, image.Point{}, draw.Src)
	frame := color.RGBA{0x9a, 0xa8, 0xb8, 0xff}
	for x := range width {
		for _, y := range []int{0, 1, height - 2, height - 1} {
			img.Set(x, y, frame)
		}
	}
	for y := range height {
		for _, x := range []int{0, 1, width - 2, width - 1} {
			img.Set(x, y, frame)
		}
	}
	return &pen{img: img, face: face, big: big}, nil
}

func (p *pen) text(face font.Face, x, y int, s string, c color.Color) {
	d := font.Drawer{Dst: p.img, Src: image.NewUniform(c), Face: face, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

func (p *pen) png() ([]byte, error) {
	var b bytes.Buffer
	if err := png.Encode(&b, p.img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

var (
	label = color.RGBA{0x25, 0x4a, 0x80, 0xff}
	ink   = color.RGBA{0x10, 0x10, 0x10, 0xff}
	mark  = color.RGBA{0xc8, 0x60, 0x60, 0xff}
)

// FrontPNG draws the front of a specimen card.
func FrontPNG(f Front) ([]byte, error) {
	p, err := newPen()
	if err != nil {
		return nil, err
	}
	p.text(p.face, 50, 80, "姓名", label)
	p.text(p.face, 140, 80, f.Name, ink)
	p.text(p.face, 50, 140, "性别", label)
	p.text(p.face, 140, 140, f.Gender, ink)
	p.text(p.face, 240, 140, "民族", label)
	p.text(p.face, 330, 140, f.Ethnicity, ink)
	p.text(p.face, 50, 200, "出生", label)
	p.text(p.face, 140, 200, fmt.Sprintf("%d 年 %d 月 %d 日", f.Year, f.Month, f.Day), ink)
	p.text(p.face, 50, 260, "住址", label)
	for i, line := range f.Address {
		p.text(p.face, 140, 260+i*44, line, ink)
	}
	p.text(p.face, 50, 470, "公民身份号码", label)
	p.text(p.big, 260, 472, f.Number, ink)
	// the photo's place, and the specimen mark away from the text
	draw.Draw(p.img, image.Rect(600, 60, 800, 320), &image.Uniform{color.RGBA{0xdd, 0xe3, 0xea, 0xff}}, image.Point{}, draw.Src)
	p.text(p.face, 640, 380, "样本", mark)
	return p.png()
}

// BackPNG draws the back of a specimen card.
func BackPNG(b Back) ([]byte, error) {
	p, err := newPen()
	if err != nil {
		return nil, err
	}
	p.text(p.big, 260, 120, "中华人民共和国", ink)
	p.text(p.big, 300, 200, "居民身份证", ink)
	p.text(p.face, 120, 400, "签发机关", label)
	p.text(p.face, 260, 400, b.Authority, ink)
	p.text(p.face, 120, 460, "有效期限", label)
	p.text(p.face, 260, 460, b.Validity, ink)
	p.text(p.face, 720, 80, "样本", mark)
	return p.png()
}

// BlankPNG is a card-sized image with nothing on it (the unreadable case).
func BlankPNG() ([]byte, error) {
	img := image.NewGray(image.Rect(0, 0, width, height))
	draw.Draw(img, img.Bounds(), &image.Uniform{color.Gray{0xf0}}, image.Point{}, draw.Src)
	var b bytes.Buffer
	err := png.Encode(&b, img)
	return b.Bytes(), err
}
