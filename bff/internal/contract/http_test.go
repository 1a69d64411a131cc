package contract

import (
	"fmt"
	"testing"

	"mallconsole/bff/internal/platform/httpx"
)

// TestEveryErrorHasAnAnswer: each domain error, wrapped or not, becomes a 4xx, never a 500.
func TestEveryErrorHasAnAnswer(t *testing.T) {
	for _, err := range []error{ErrNotFound, ErrTemplateNotFound, ErrTemplateInUse, ErrAlreadyReceived, ErrNotOffered,
		ErrNoConflict, ErrUnknownAgency, ErrFile, ErrNoScan, ErrDates, ErrIllegalMove,
		&MoveError{From: Signed, To: Terminated}, &MoveError{From: Signed, To: "edited"}} {
		for _, e := range []error{err, fmt.Errorf("wrapped: %w", err)} {
			if st := httpx.StatusOf(httpError(e)); st < 400 || st > 499 {
				t.Errorf("%v → %d", e, st)
			}
		}
	}
}
