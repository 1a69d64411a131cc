package config

import (
	"strings"
	"testing"
)

func TestOCRSettings(t *testing.T) {
	there := func(string) bool { return true }
	missing := func(string) bool { return false }
	for _, c := range []struct {
		provider string
		exists   func(string) bool
		key, sec string
		want     string // the resolved provider, or the error's words
		fails    bool
	}{
		{"auto", there, "", "", OCRTesseract, false},
		{"auto", missing, "", "", OCROff, false},
		{OCRTesseract, missing, "", "", "is not installed", true},
		{OCRCloud, missing, "", "", "BFF_OCR_CLOUD_KEY and BFF_OCR_CLOUD_SECRET", true},
		{OCRCloud, missing, "k", "", "BFF_OCR_CLOUD_SECRET", true},
		{OCRCloud, missing, "k", "s", OCRCloud, false},
		{OCROff, there, "", "", OCROff, false},
	} {
		cfg := Config{OCR: OCR{Provider: c.provider, Tesseract: "/usr/bin/tesseract", CloudKey: c.key, CloudSec: c.sec}}
		err := resolveOCR(&cfg, c.exists)
		switch {
		case c.fails && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s (key %q secret %q): %v, want an error naming %q", c.provider, c.key, c.sec, err, c.want)
		case !c.fails && (err != nil || cfg.OCR.Provider != c.want):
			t.Errorf("%s: %q %v, want %q", c.provider, cfg.OCR.Provider, err, c.want)
		}
	}
	if _, err := load(t, nil, "BFF_OCR=ocrmagic"); err == nil || !strings.Contains(err.Error(), "BFF_OCR") {
		t.Errorf("an unknown provider: %v", err)
	}
	if _, err := load(t, nil, "BFF_OCR_CLOUD_URL=ftp://x"); err == nil || !strings.Contains(err.Error(), "BFF_OCR_CLOUD_URL") {
		t.Errorf("a bad vendor URL: %v", err)
	}
}
