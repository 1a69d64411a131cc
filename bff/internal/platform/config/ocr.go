package config

import (
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"
)

// OCR is how identity cards are read (docs/decisions.md "Identity-card OCR").
type OCR struct {
	// Provider: OCRTesseract, OCRCloud or OCROff. "auto" (the default) resolves to tesseract
	// when the program exists, else off.
	Provider  string
	Tesseract string        // the program
	Timeout   time.Duration // per read
	CloudURL  string        // the vendor's base URL (Baidu AI: https://aip.baidubce.com)
	CloudKey  string        // API key
	CloudSec  string        // secret key
}

// The OCR providers.
const (
	OCRTesseract = "tesseract"
	OCRCloud     = "cloud"
	OCROff       = "off"
)

func ocrSettings() []setting {
	return []setting{
		{"BFF_OCR", "auto", "identity-card OCR: auto (tesseract when installed, else off) | tesseract | cloud | off", func(c *Config, v string) error {
			c.OCR.Provider = strings.ToLower(strings.TrimSpace(v))
			switch c.OCR.Provider {
			case "auto", OCRTesseract, OCRCloud, OCROff:
				return nil
			}
			return fmt.Errorf("must be auto, tesseract, cloud or off, got %q", v)
		}},
		{"BFF_OCR_TESSERACT", "/usr/bin/tesseract", "the tesseract program (Debian tesseract-ocr + tesseract-ocr-chi-sim)", func(c *Config, v string) error {
			c.OCR.Tesseract = v
			return nil
		}},
		{"BFF_OCR_TIMEOUT", "20s", "how long one identity-card read may take (Go duration, 1s..2m)", func(c *Config, v string) (err error) {
			c.OCR.Timeout, err = parseDuration(v, time.Second, 2*time.Minute)
			return err
		}},
		{"BFF_OCR_CLOUD_URL", "https://aip.baidubce.com", "with BFF_OCR=cloud: the Baidu AI OCR endpoint, http(s)://host[:port]", func(c *Config, v string) error {
			u, err := url.Parse(v)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
				return fmt.Errorf("must be http(s)://host[:port], got %q", redact(v))
			}
			c.OCR.CloudURL = strings.TrimSuffix(v, "/")
			return nil
		}},
		{"BFF_OCR_CLOUD_KEY", "", "with BFF_OCR=cloud: the API key (required)", func(c *Config, v string) error {
			c.OCR.CloudKey = v
			return nil
		}},
		{"BFF_OCR_CLOUD_SECRET", "", "with BFF_OCR=cloud: the secret key (required)", func(c *Config, v string) error {
			c.OCR.CloudSec = v
			return nil
		}},
	}
}

// resolveOCR turns auto into a provider and checks that the chosen one can work, once at start.
func resolveOCR(c *Config, exists func(string) bool) error {
	o := &c.OCR
	switch o.Provider {
	case "auto", "":
		o.Provider = OCROff
		if exists(o.Tesseract) {
			o.Provider = OCRTesseract
		}
	case OCRTesseract:
		if !exists(o.Tesseract) {
			return fmt.Errorf("BFF_OCR=tesseract: %s is not installed (apt-get install tesseract-ocr tesseract-ocr-chi-sim)", o.Tesseract)
		}
	case OCRCloud:
		var missing []string
		if o.CloudKey == "" {
			missing = append(missing, "BFF_OCR_CLOUD_KEY")
		}
		if o.CloudSec == "" {
			missing = append(missing, "BFF_OCR_CLOUD_SECRET")
		}
		if len(missing) > 0 {
			return fmt.Errorf("BFF_OCR=cloud needs %s", strings.Join(missing, " and "))
		}
	}
	return nil
}

// fileExists tells whether the program is there.
func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}
