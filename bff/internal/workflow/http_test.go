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

// TestEngineErrorsHaveAnswers: every engine error becomes its documented status and message;
// the leave errors still reach httpError; anything else stays the server's fault.
func TestEngineErrorsHaveAnswers(t *testing.T) {
	for err, want := range map[error]string{
		&Invalid{Field: "fields[2].key", Message: "字段标识a重复"}: "400 fields[2].key: 字段标识a重复",
		ErrForbidden:        "403 当前无权操作",
		ErrTaskGone:         "409 该任务已被处理，请刷新",
		ErrFormNotFound:     "404 表单不存在",
		ErrNotPublished:     "400 formId: 表单尚未发布",
		ErrInstanceNotFound: "404 流程实例不存在",
		ErrBatchNotFound:    "404 批次不存在",
		ErrFormInUse:        "409 表单已有流程实例，已停用而未删除",
		ErrPublishRace:      "409 表单已被他人发布，请刷新后重试",
		&FinishRefused{Message: "售后单已撤销，不能再审批退款"}:              "409 售后单已撤销，不能再审批退款",
		&ShortBalance{Applicant: "ann", Left: 100, Asked: 200}: "400 type: 年假余额不足：剩余1天，本次申请2天",
	} {
		for _, e := range []error{err, fmt.Errorf("step: %w", err)} {
			var he *httpx.Error
			if !errors.As(engineError(e), &he) || fmt.Sprintf("%d %s", he.Status, he.Message) != want {
				t.Errorf("%v answers %v, want %s", e, engineError(e), want)
			}
		}
	}
	if other := errors.New("disk full"); engineError(other) != other {
		t.Error("an unknown error must stay the server's fault")
	}
}
