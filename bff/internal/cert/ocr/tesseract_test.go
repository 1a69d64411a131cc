package ocr_test

import (
	"context"
	"errors"
	"os"
	"testing"
	"time"

	"mallconsole/bff/internal/cert/ocr"
	"mallconsole/bff/internal/cert/ocr/specimen"
)

const tesseractPath = "/usr/bin/tesseract"

// reader is the local provider, or a skip saying what to install.
func reader(t *testing.T) ocr.Tesseract {
	t.Helper()
	if _, err := os.Stat(tesseractPath); err != nil {
		t.Skip("tesseract is not installed: apt-get install tesseract-ocr tesseract-ocr-chi-sim")
	}
	return ocr.Tesseract{Path: tesseractPath, Timeout: 30 * time.Second}
}

// images draws the specimen's sides, or skips when the font is missing.
func images(t *testing.T) (front, back []byte) {
	t.Helper()
	front, err := specimen.FrontPNG(specimen.SampleFront)
	if errors.Is(err, specimen.ErrNoFont) {
		t.Skip("no CJK font to draw the specimen card: apt-get install fonts-noto-cjk")
	}
	if err != nil {
		t.Fatal(err)
	}
	back, err = specimen.BackPNG(specimen.SampleBack)
	if err != nil {
		t.Fatal(err)
	}
	return front, back
}

func TestTesseractReadsTheSpecimenCard(t *testing.T) {
	tess := reader(t)
	front, back := images(t)
	ctx := context.Background()

	start := time.Now()
	got, err := tess.Read(ctx, front, ocr.Front)
	t.Logf("OCR time, front (%d bytes PNG, 856×540): %s", len(front), time.Since(start).Round(time.Millisecond))
	if err != nil {
		t.Fatalf("front: %v", err)
	}
	want := ocr.Card{Name: "王小明", Gender: "男", Ethnicity: "汉", Birth: "1990-03-07",
		Address: "北京市东城区示例路一号院二号楼", Number: "110101199003070011"}
	if got != want {
		t.Errorf("front read\n got %+v\nwant %+v", got, want)
	}

	start = time.Now()
	got, err = tess.Read(ctx, back, ocr.Back)
	t.Logf("OCR time, back (%d bytes PNG, 856×540): %s", len(back), time.Since(start).Round(time.Millisecond))
	if err != nil {
		t.Fatalf("back: %v", err)
	}
	if want := (ocr.Card{Authority: "北京市公安局东城分局", Validity: "2020.01.01-2040.01.01"}); got != want {
		t.Errorf("back read\n got %+v\nwant %+v", got, want)
	}
}

func TestTesseractFailures(t *testing.T) {
	tess := reader(t)
	ctx := context.Background()
	if _, err := tess.Read(ctx, []byte("%PDF-1.4 not a picture"), ocr.Front); !errors.Is(err, ocr.ErrNotImage) {
		t.Errorf("not an image: %v, want ErrNotImage", err)
	}
	blank, err := specimen.BlankPNG()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tess.Read(ctx, blank, ocr.Front); !errors.Is(err, ocr.ErrUnreadable) {
		t.Errorf("blank card, front: %v, want ErrUnreadable", err)
	}
	if _, err := tess.Read(ctx, blank, ocr.Back); !errors.Is(err, ocr.ErrUnreadable) {
		t.Errorf("blank card, back: %v, want ErrUnreadable", err)
	}
	// the program missing is the provider being down, not the image's fault
	gone := ocr.Tesseract{Path: "/nonexistent/tesseract", Timeout: time.Second}
	if _, err := gone.Read(ctx, blank, ocr.Front); !errors.Is(err, ocr.ErrUnavailable) {
		t.Errorf("missing program: %v, want ErrUnavailable", err)
	}
	// a program that hangs is killed at the timeout
	slow := ocr.Tesseract{Path: "/bin/sleep", Timeout: 200 * time.Millisecond}
	start := time.Now()
	if _, err := slow.Read(ctx, blank, ocr.Front); !errors.Is(err, ocr.ErrUnavailable) {
		t.Errorf("hanging program: %v, want ErrUnavailable", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the hanging program ran %s, past its timeout", d)
	}
}
