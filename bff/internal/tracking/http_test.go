package tracking

import (
	"fmt"
	"net/http"
	"testing"

	"mallconsole/bff/internal/platform/httpx"
)

// TestEveryErrorHasAnAnswer: each domain error, wrapped or not, answers its status, never 500.
func TestEveryErrorHasAnAnswer(t *testing.T) {
	for err, status := range map[error]int{
		ErrOrderNotFound: http.StatusNotFound, ErrNotShipped: http.StatusConflict, ErrOff: http.StatusNotFound,
		ErrBadSignature: http.StatusBadRequest, ErrBadPush: http.StatusBadRequest,
	} {
		for _, e := range []error{err, fmt.Errorf("wrapped: %w", err)} {
			if got := httpx.StatusOf(httpError(e)); got != status {
				t.Errorf("%v: %d, want %d", e, got, status)
			}
		}
	}
}
