package agency

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

	"mallconsole/bff/internal/platform/httpx"
)

// TestEveryErrorHasAnAnswer: each domain error, wrapped or not, is an answer and never a 500.
func TestEveryErrorHasAnAnswer(t *testing.T) {
	for err, status := range map[error]int{
		ErrNotFound: http.StatusNotFound, ErrStaffOnly: http.StatusForbidden, ErrNoAgency: http.StatusNotFound,
		ErrCodeConflict: http.StatusConflict, ErrHasOperator: http.StatusConflict, ErrHasOrders: http.StatusConflict,
		ErrHasGoods: http.StatusConflict, ErrOperatorNotFound: http.StatusNotFound, ErrNameTaken: http.StatusConflict,
		ErrNameLookFake: http.StatusConflict, ErrCertStatus: http.StatusBadRequest,
	} {
		for _, e := range []error{err, fmt.Errorf("wrapped: %w", err)} {
			var he *httpx.Error
			if !errors.As(httpError(e), &he) || he.Status != status || he.Message == "" {
				t.Errorf("%v: %v, want %d", e, httpError(e), status)
			}
		}
	}
}

func TestValidCode(t *testing.T) {
	for code, ok := range map[string]bool{"HZYQ": true, "a-b_9": true, "a b": false, "渠道": false, "x/y": false} {
		if validCode(code) != ok {
			t.Errorf("validCode(%q) = %v", code, !ok)
		}
	}
}
