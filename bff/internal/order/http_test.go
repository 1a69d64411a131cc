package order

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/stock"
)

// TestEveryErrorHasAnAnswer: each of the service's errors, wrapped or not, becomes its answer,
// never a 500; an illegal move names both states in Chinese.
func TestEveryErrorHasAnAnswer(t *testing.T) {
	want := map[error]int{
		ErrNotFound:                     http.StatusNotFound,
		ErrIllegalMove:                  http.StatusConflict,
		&MoveError{Shipped, Closed}:     http.StatusConflict,
		ErrUnknownExpress:               http.StatusBadRequest,
		ErrTrackingRequired:             http.StatusBadRequest,
		ErrOrderNoConflict:              http.StatusConflict,
		ErrNoItems:                      http.StatusBadRequest,
		ErrAmount:                       http.StatusBadRequest,
		&UnknownSkuError{"A-1"}:         http.StatusBadRequest,
		ErrUnknownSku:                   http.StatusBadRequest,
		&stock.ShortError{Code: "A"}:    http.StatusConflict,
		ErrAmountMismatch:               http.StatusBadRequest,
		ErrHasReturn:                    http.StatusConflict,
		ErrFixWindow:                    http.StatusConflict,
		&WindowError{Hours: 24}:         http.StatusConflict,
		&StateError{Shipped, OpAddress}: http.StatusConflict,
	}
	for err, status := range want {
		for _, e := range []error{err, fmt.Errorf("moving: %w", err)} {
			if got := httpx.StatusOf(httpError(e)); got != status {
				t.Errorf("%v answers %d, want %d", e, got, status)
			}
		}
	}
	if msg := httpError(&MoveError{Shipped, Closed}).Error(); msg != "409 status: 订单状态为已发货，不能变为已关闭" {
		t.Errorf("illegal move answers %q", msg)
	}
	if other := errors.New("disk full"); httpError(other) != other {
		t.Error("an unknown error must stay the server's fault")
	}
}

func TestMaskPhone(t *testing.T) {
	for in, want := range map[string]string{"13812345678": "138****5678", "+8613812345678": "+86****2345678",
		"1234567": "123****", "12": "12****", "": ""} {
		if got := maskPhone(in); got != want {
			t.Errorf("maskPhone(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestPhoneFilterReadsTails: four digits search the start and the 尾号; the masked form the list
// shows searches both parts; other text stays a prefix or is refused.
func TestPhoneFilterReadsTails(t *testing.T) {
	for in, want := range map[string][2]string{
		"1019":        {"", "1019"},
		"138****1019": {"138", "1019"},
		"13800":       {"13800", ""},
		"13800001019": {"13800001019", ""},
	} {
		q, err := parseQuery(func(name string) string {
			if name == "phone" {
				return in
			}
			return ""
		})
		if err != nil || q.Phone != want[0] || q.PhoneTail != want[1] {
			t.Errorf("%q: phone %q tail %q (%v), want %q %q", in, q.Phone, q.PhoneTail, err, want[0], want[1])
		}
	}
	for _, bad := range []string{"138**1019", "13 8", "*1019"} {
		if _, err := parseQuery(func(name string) string {
			if name == "phone" {
				return bad
			}
			return ""
		}); err == nil {
			t.Errorf("%q was taken", bad)
		}
	}
}
