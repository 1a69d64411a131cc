package statement

import (
	"fmt"
	"net/http"
	"testing"

	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/pdf"
)

// TestEveryErrorHasAnAnswer: each domain error, wrapped or not, is answered, never a 500.
func TestEveryErrorHasAnAnswer(t *testing.T) {
	for err, status := range map[error]int{
		ErrNotFound: http.StatusNotFound, ErrFrozen: http.StatusConflict, ErrFutureMonth: http.StatusBadRequest,
		ErrUnknownAgency: http.StatusBadRequest, ErrStaffOnly: http.StatusForbidden, pdf.ErrOff: http.StatusServiceUnavailable,
	} {
		for _, e := range []error{err, fmt.Errorf("wrapped: %w", err)} {
			if got := httpx.StatusOf(httpError(e)); got != status {
				t.Errorf("%v: %d, want %d", e, got, status)
			}
		}
	}
}
