package order

import (
	"bytes"
	"context"
	"errors"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/gate"
	"mallconsole/bff/internal/platform/httpx"
)

// postSheet sends file to the import handler and returns its answer.
func postSheet(s *Service, file []byte) error {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	part, _ := w.CreateFormFile("file", "发货.xlsx")
	_, _ = part.Write(file)
	_ = w.Close()
	req := httptest.NewRequest(http.MethodPost, ImportRoute, &body)
	req.Header.Set(echo.HeaderContentType, w.FormDataContentType())
	return s.handleImport(echo.New().NewContext(req, httptest.NewRecorder()))
}

// TestImportsShareTwoSlots: while two imports run, a third waits no longer than the gate's wait
// and answers 503 系统繁忙，请稍后重试; once a slot is free it is read (here refused, not being
// a workbook).
func TestImportsShareTwoSlots(t *testing.T) {
	s := &Service{imports: gate.New(importSlots, 50*time.Millisecond)}
	var held []func()
	for range importSlots {
		release, err := s.imports.Enter(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, release)
	}
	start := time.Now()
	var he *httpx.Error
	if err := postSheet(s, []byte("not a workbook")); !errors.As(err, &he) || he.Status != http.StatusServiceUnavailable || he.Message != MsgBusy {
		t.Errorf("a third import: %v, want 503 %s", err, MsgBusy)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("the third import waited %s", d)
	}
	held[0]()
	if err := postSheet(s, []byte("not a workbook")); !errors.As(err, &he) || he.Status != http.StatusBadRequest {
		t.Errorf("with a slot free: %v, want the file refused", err)
	}
	held[1]()
}
