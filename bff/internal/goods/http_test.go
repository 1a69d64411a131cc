package goods

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/stock"
)

// TestEveryErrorHasAnAnswer: each of the service's errors, wrapped or not, becomes its answer,
// never a 500; a taken code is named in the message.
func TestEveryErrorHasAnAnswer(t *testing.T) {
	want := map[error]int{
		ErrNotFound:                               http.StatusNotFound,
		ErrCodeConflict:                           http.StatusConflict,
		&CodeTakenError{Code: "A-1"}:              http.StatusConflict,
		ErrUnknownCategory:                        http.StatusBadRequest,
		&SkuCodeTakenError{Code: "A-1-红"}:         http.StatusConflict,
		&SkuInUseError{Code: "A-1-红"}:             http.StatusConflict,
		&stock.ShortError{Code: "A-1-红"}:          http.StatusConflict,
		&InvalidError{Field: "skus", Reason: "x"}: http.StatusBadRequest,
		ErrUnknownSku:                             http.StatusBadRequest,
		ErrCategoryDisabled:                       http.StatusBadRequest,
	}
	for err, status := range want {
		for _, e := range []error{err, fmt.Errorf("saving: %w", err)} {
			if got := httpx.StatusOf(httpError(e)); got != status {
				t.Errorf("%v answers %d, want %d", e, got, status)
			}
		}
	}
	if msg := httpError(fmt.Errorf("x: %w", &CodeTakenError{Code: "A-1"})).Error(); msg != "409 code: 商品编码 A-1 已存在" {
		t.Errorf("taken code answers %q", msg)
	}
	if msg := httpError(&SkuCodeTakenError{Code: "A-1-红"}).Error(); msg != "409 skus: SKU编码 A-1-红 已存在" {
		t.Errorf("taken SKU code answers %q", msg)
	}
	if other := errors.New("disk full"); httpError(other) != other {
		t.Error("an unknown error must stay the server's fault")
	}
}
