package initsetup

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

	"mallconsole/bff/internal/platform/httpx"
)

// TestEveryErrorHasAnAnswer: each of the set-up's errors, wrapped or not, becomes its answer,
// never a 500.
func TestEveryErrorHasAnAnswer(t *testing.T) {
	want := map[error]int{
		ErrInitialized:   http.StatusConflict,
		ErrBadToken:      http.StatusBadRequest,
		ErrUsernameTaken: http.StatusConflict,
	}
	for err, status := range want {
		for _, e := range []error{err, fmt.Errorf("setting up: %w", err)} {
			if got := httpx.StatusOf(httpError(e)); got != status {
				t.Errorf("%v answers %d, want %d", e, got, status)
			}
		}
	}
	if other := errors.New("disk full"); httpError(other) != other {
		t.Error("an unknown error must stay the server's fault")
	}
}
