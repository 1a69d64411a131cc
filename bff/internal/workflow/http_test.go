package workflow

import (
	"errors"
	"fmt"
	"testing"

	"mallconsole/bff/internal/platform/httpx"
)

// TestEveryErrorHasAnAnswer: each of the service's errors, wrapped or not, becomes a 400 on its
// field with its message, never a 500.
func TestEveryErrorHasAnAnswer(t *testing.T) {
	want := map[error]string{
		ErrUnknownType:  "type: 不是有效的请假类型",
		ErrAttachment:   "attachments: 附件不存在",
		ErrSelfApproval: "approver: 审批人不能是申请人本人",
		&UnknownPerson{Field: "cc", Role: "抄送人", Name: "bob"}:            "cc: 抄送人bob不存在或不在可选范围内",
		&ShortBalance{Applicant: "ann", Left: 150, Asked: 200}:           "type: 年假余额不足：剩余1.5天，本次申请2天",
		&ShortBalance{Applicant: "ann", Batch: true, Left: 0, Asked: 50}: "applicants: ann年假余额不足：剩余0天，本次申请0.5天",
	}
	for err, msg := range want {
		for _, e := range []error{err, fmt.Errorf("saving: %w", err)} {
			var he *httpx.Error
			if !errors.As(httpError(e), &he) || he.Status != 400 || he.Message != msg {
				t.Errorf("%v answers %v, want 400 %s", e, httpError(e), msg)
			}
		}
	}
	if other := errors.New("disk full"); httpError(other) != other {
		t.Error("an unknown error must stay the server's fault")
	}
}
