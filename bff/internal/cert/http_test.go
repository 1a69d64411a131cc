package cert

import (
	"fmt"
	"testing"

	"mallconsole/bff/internal/cert/ocr"
	"mallconsole/bff/internal/platform/gate"
	"mallconsole/bff/internal/platform/httpx"
)

// TestEveryErrorHasAnAnswer: each domain error, wrapped or not, gets its answer and not a 500.
func TestEveryErrorHasAnAnswer(t *testing.T) {
	for _, err := range []error{ErrNotFound, ErrState, ErrNoAgency, ErrFile, ErrNoFile, ErrNoReason,
		ocr.ErrNotImage, ocr.ErrImageSize, gate.ErrBusy, ocr.ErrUnreadable, ocr.ErrUnavailable, ocr.ErrOff} {
		for _, e := range []error{err, fmt.Errorf("wrapped: %w", err)} {
			if st := httpx.StatusOf(httpError(e)); st < 400 || st == 500 {
				t.Errorf("%v → %d", e, st)
			}
		}
	}
}
