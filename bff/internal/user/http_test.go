package user

import (
	"errors"
	"fmt"
	"net/http"
	"testing"
	"time"

	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/role"
)

// TestEveryErrorHasAnAnswer: each of the service's errors, wrapped or not, becomes its answer,
// never a 500.
func TestEveryErrorHasAnAnswer(t *testing.T) {
	want := map[error]int{
		ErrOwnRoles:         http.StatusForbidden,
		ErrNotFound:         http.StatusNotFound,
		ErrOutOfScope:       http.StatusForbidden,
		ErrNoDept:           http.StatusBadRequest,
		ErrNoRole:           http.StatusBadRequest,
		ErrNameTaken:        http.StatusConflict,
		ErrNameLookFake:     http.StatusConflict,
		ErrEmpNoTaken:       http.StatusBadRequest,
		ErrDisableSelf:      http.StatusBadRequest,
		ErrDeleteSelf:       http.StatusBadRequest,
		ErrDeleteAdmin:      http.StatusBadRequest,
		ErrDisableAdmin:     http.StatusBadRequest,
		role.ErrHigherLevel: http.StatusForbidden,
	}
	for err, status := range want {
		for _, e := range []error{err, fmt.Errorf("saving: %w", err)} {
			if got := httpx.StatusOf(httpError(e)); got != status {
				t.Errorf("%v answers %d, want %d", e, got, status)
			}
		}
	}
	if other := errors.New("disk full"); httpError(other) != other {
		t.Error("an unknown error must stay the server's fault")
	}
	var he *httpx.Error
	if !errors.As(httpError(ErrEmpNoTaken), &he) || len(he.Fields) != 1 || he.Fields[0].Field != "empNo" || he.Fields[0].Message != "工号已存在" {
		t.Errorf("a taken 工号 answers %v, want empNo: 工号已存在", httpError(ErrEmpNoTaken))
	}
}

// TestEveryCenterErrorHasAnAnswer: the password change's refusals keep their answers.
func TestEveryCenterErrorHasAnAnswer(t *testing.T) {
	for err, want := range map[error]string{
		ErrWrongOldPass: "oldPass: " + msgWrongOldPass,
		ErrSamePass:     "newPass: " + msgSamePass,
		fmt.Errorf("changing: %w", &OldPassLocked{Wait: 90 * time.Second}): "旧密码错误次数过多，请2分钟后再试",
	} {
		var he *httpx.Error
		if !errors.As(centerError(err), &he) || he.Message != want {
			t.Errorf("%v answers %v, want %s", err, centerError(err), want)
		}
	}
	if other := errors.New("disk full"); centerError(other) != other {
		t.Error("an unknown error must stay the server's fault")
	}
}
