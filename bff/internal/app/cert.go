package app

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/attach"
	"mallconsole/bff/internal/cert"
	"mallconsole/bff/internal/cert/ocr"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/config"
)

// defaultTesseract is where Debian's tesseract-ocr puts the program.
const defaultTesseract = "/usr/bin/tesseract"

// ocrProvider is the identity-card reader the configuration names (config.Load resolved
// "auto"); an empty provider (a Config built by hand, as in tests) is auto as well.
func ocrProvider(c config.OCR) ocr.Provider {
	path := c.Tesseract
	if path == "" {
		path = defaultTesseract
	}
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = 20 * time.Second
	}
	switch c.Provider {
	case config.OCRCloud:
		return &ocr.Baidu{Base: c.CloudURL, APIKey: c.CloudKey, SecretKey: c.CloudSec, Client: &http.Client{Timeout: timeout}}
	case config.OCROff:
		return ocr.Off{}
	case config.OCRTesseract:
		return ocr.Tesseract{Path: path, Timeout: timeout}
	}
	if st, err := os.Stat(path); err == nil && !st.IsDir() {
		return ocr.Tesseract{Path: path, Timeout: timeout}
	}
	return ocr.Off{}
}

// wireCert registers the enterprise certification and the pictures it keeps. The agencies' cert_status is kept in step
// through cert.Agencies once the agency feature has the column (agencies may be nil until then).
func wireCert(routes *authz.Router, g *gorm.DB, uploads *attach.Service, agencies cert.Agencies, cfg config.OCR,
	now func() time.Time, log *slog.Logger) {
	certs := cert.NewService(cert.NewStore(g), cert.Uploads{Attach: uploads}, agencies, ocrProvider(cfg), now, log)
	certs.FileRules(uploads)
	certs.Routes(routes)
}

// certAgencies keeps agencies.cert_status in step with the certification (the one write the
// agency feature allows the cert feature).
type certAgencies struct{ store *agency.Store }

func (a certAgencies) SetCertStatus(ctx context.Context, agencyID int64, status string) error {
	found, err := a.store.SetCertStatus(ctx, agencyID, status)
	if err == nil && !found {
		return fmt.Errorf("certification of agency %d: no such agency", agencyID)
	}
	return err
}
