package dept

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/tree"
)

// TestEveryErrorHasAnAnswer: each of the service's errors, wrapped or not, becomes its answer,
// never a 500.
func TestEveryErrorHasAnAnswer(t *testing.T) {
	want := map[error]int{
		ErrNotFound:         http.StatusNotFound,
		ErrNoParent:         http.StatusBadRequest,
		ErrOutOfScope:       http.StatusForbidden,
		ErrInUse:            http.StatusConflict,
		tree.ErrUnderItself: http.StatusBadRequest,
		tree.ErrLoop:        http.StatusConflict,
	}
	for err, status := range want {
		for _, e := range []error{err, fmt.Errorf("saving: %w", err)} {
			if got := httpx.StatusOf(answer(e)); got != status {
				t.Errorf("%v answers %d, want %d", e, got, status)
			}
		}
	}
	if other := errors.New("disk full"); answer(other) != other {
		t.Error("an unknown error must stay the server's fault")
	}
}
