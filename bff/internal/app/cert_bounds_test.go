package app_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/cert/ocr/specimen"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/memtest"
	"mallconsole/bff/internal/seed"
)

// TestCertOCRRefusesPicturesNoCardIs: a channel operator asks to read strips and decompression
// bombs they uploaded; each is a 400 naming fileId within a second, and the process's memory
// does not grow by the picture's decoded size. The provider is tesseract (a stand-in program:
// the pictures must never reach it), the one that decodes; the 1 × 40,000,000 strip once asked
// it for a 1000 × 40,000,000,000 picture and killed the process.
func TestCertOCRRefusesPicturesNoCardIs(t *testing.T) {
	s := apptest.Start(t, "sqlite", func(cfg *config.Config) {
		cfg.OCR = config.OCR{Provider: config.OCRTesseract, Tesseract: "/bin/true"}
	})
	op := client{t, s, s.ChannelLogin(t, seed.ChannelUser, apptest.DemoPassword)}
	for _, c := range []struct {
		name string
		img  []byte
	}{
		{"1 × 40,000,000 grey", specimen.ZeroPNG(1, 40_000_000, false)},
		{"40,000,000 × 1 grey", specimen.ZeroPNG(40_000_000, 1, false)},
		{"50,000 × 50,000 of zeros", specimen.ZeroPNG(50_000, 50_000, false)},
		{"8000 × 5000 RGBA64 of zeros", specimen.ZeroPNG(8000, 5000, true)},
	} {
		id := uploadFile(t, s, op.tok, "card.png", c.img)
		var r apptest.Response
		start := time.Now()
		grown, measured := memtest.RSSGrowth(func() {
			r = op.do(http.MethodGet, fmt.Sprintf("/api/olEnterpriseCert/ocrIdCard?fileId=%d&side=front", id), nil)
		})
		took := time.Since(start)
		t.Logf("%s (%d KB): %d in %s, memory +%d MB", c.name, len(c.img)>>10, r.Status, took.Round(time.Millisecond), grown>>20)
		if r.Status != http.StatusBadRequest || !strings.Contains(string(r.Body), `"fileId"`) ||
			!strings.Contains(string(r.Body), "图片过大或不像身份证照片") {
			t.Errorf("%s: %d %s, want 400 naming fileId", c.name, r.Status, r.Body)
		}
		if took > time.Second {
			t.Errorf("%s: answered in %s", c.name, took)
		}
		if measured && grown > 100<<20 {
			t.Errorf("%s: memory grew %d MB", c.name, grown>>20)
		}
	}
}
