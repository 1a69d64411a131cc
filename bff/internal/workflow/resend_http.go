package workflow

import (
	"errors"
	"net/http"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
)

// ResendInput is the body of POST /api/workflow/instances/{id}/resend: the new request's data.
type ResendInput struct {
	Data map[string]any `json:"data"`
}

// ApproveManyInput is the body of POST /api/workflow/tasks/approve.
type ApproveManyInput struct {
	InstanceIDs []int64 `json:"instanceIds"`
	Comment     string  `json:"comment,omitempty"`
}

// ApproveManyResult answers a batch approval, one row per instance.
type ApproveManyResult struct {
	Results []ApprovedRow `json:"results"`
}

// ApprovedRow is one instance of a batch approval: approved, or why not.
type ApprovedRow struct {
	InstanceID int64  `json:"instanceId"`
	OK         bool   `json:"ok"`
	Message    string `json:"message,omitempty"`
}

// resendRoutes registers sending a rejected request again and the batch approval of 我的待办.
func (s *Service) resendRoutes(r *authz.Router) {
	r.POST("/api/workflow/instances/:id/resend", authz.SignedIn(), s.handleResend).
		Doc(authz.Doc{Params: httpx.IDPath{}, Summary: "send a rejected request again as a new instance", Body: ResendInput{},
			Resp: httpx.Created{}, Status: http.StatusCreated})
	r.POST("/api/workflow/tasks/approve", authz.SignedIn(), s.handleApproveMany).
		Doc(authz.Doc{Summary: "approve my tasks of several instances of one form", Body: ApproveManyInput{}, Resp: ApproveManyResult{}})
}

func (s *Service) handleResend(c echo.Context) error {
	p, err := staff(c)
	if err != nil {
		return err
	}
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	var in ResendInput
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	nid, err := s.Resend(c.Request().Context(), p, id, in.Data)
	if err != nil {
		return resendError(err)
	}
	return httpx.Saved(c, true, nid)
}

func (s *Service) handleApproveMany(c echo.Context) error {
	p, err := staff(c)
	if err != nil {
		return err
	}
	var in ApproveManyInput
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	switch {
	case len(in.InstanceIDs) == 0:
		return httpx.BadRequest("instanceIds", "请选择待办")
	case len(in.InstanceIDs) > maxApproveMany:
		return httpx.BadRequest("instanceIds", "一次最多同意100条")
	case utf8.RuneCountInString(in.Comment) > maxComment:
		return httpx.BadRequest("comment", "最多500个字符")
	}
	done, err := s.ApproveMany(c.Request().Context(), p, in.InstanceIDs, in.Comment)
	if err != nil {
		return resendError(err)
	}
	out := ApproveManyResult{Results: make([]ApprovedRow, len(done))}
	for i, d := range done {
		out.Results[i] = ApprovedRow{InstanceID: d.InstanceID, OK: d.Err == nil}
		if d.Err == nil {
			continue
		}
		var answer *httpx.Error
		if errors.As(engineError(d.Err), &answer) {
			out.Results[i].Message = answer.Message
		} else {
			// The server's fault: logged, its text not sent; the other rows stand.
			c.Logger().Errorf("workflow: approving instance %d: %v", d.InstanceID, d.Err)
			out.Results[i].Message = "处理失败，请稍后重试"
		}
	}
	return c.JSON(http.StatusOK, out)
}

// resendError answers the refusals of resend and batch approval; others go on to engineError.
func resendError(err error) error {
	switch {
	case errors.Is(err, ErrNotRejected):
		return &httpx.Error{Status: http.StatusConflict, Message: "只有已拒绝的申请可以重新提交"}
	case errors.Is(err, ErrResent):
		return &httpx.Error{Status: http.StatusConflict, Message: "该申请已重新提交过"}
	case errors.Is(err, ErrMixedForms):
		return httpx.BadRequest("instanceIds", "只能批量同意同一表单的申请")
	case errors.Is(err, ErrForbidden):
		return httpx.Forbidden("只有申请人本人可以重新提交")
	}
	return engineError(err)
}
