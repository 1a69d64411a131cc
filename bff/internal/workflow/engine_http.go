package workflow

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/perm"
)

// StartInput is the body of POST /api/workflow/instances and /batches.
type StartInput struct {
	FormID     int64          `json:"formId"`
	Data       map[string]any `json:"data"`
	Applicants []int64        `json:"applicants,omitempty"`
}

// BatchCreated answers a batch.
type BatchCreated struct {
	ID          int64   `json:"id"`
	InstanceIDs []int64 `json:"instanceIds"`
}

// TaskCount is the header's badge.
type TaskCount struct {
	Todo int64 `json:"todo"`
}

// TaskParams filter GET /api/workflow/tasks.
type TaskParams struct {
	Box    string `query:"box" enum:"todo,done,cc,mine"`
	Blurry string `query:"blurry" maxLength:"64"`
	Page   int    `query:"page"`
	Size   int    `query:"size"`
}

// engineRoutes registers instances, their actions, batches and task lists.
func (s *Service) engineRoutes(r *authz.Router) {
	r.POST("/api/workflow/instances", authz.SignedIn(), s.handleStart).
		Doc(authz.Doc{Summary: "start an instance of a published form", Body: StartInput{}, Resp: httpx.Created{}, Status: http.StatusCreated})
	r.GET("/api/workflow/instances/:id", authz.SignedIn(), s.handleDetail).
		Doc(authz.Doc{Params: httpx.IDPath{}, Summary: "an instance as the caller may see it", Resp: InstanceView{}})
	for _, a := range []string{AApprove, AReject, AWithdraw, AReturn, ATransfer, AResubmit} {
		r.POST("/api/workflow/instances/:id/"+a, authz.SignedIn(), s.handleAct(a)).
			Doc(authz.Doc{Params: httpx.IDPath{}, Summary: a + " an instance", Body: Action{}, Resp: InstanceView{}})
	}
	r.POST("/api/workflow/batches", authz.Perm(perm.LeaveBatch), s.handleStartBatch).
		Doc(authz.Doc{Summary: "start a form for several applicants", Body: StartInput{}, Resp: BatchCreated{}, Status: http.StatusCreated})
	r.GET("/api/workflow/batches/:id", authz.SignedIn(), s.handleBatchView).
		Doc(authz.Doc{Params: httpx.IDPath{}, Summary: "a batch and its instances", Resp: BatchView{}})
	r.GET("/api/workflow/tasks", authz.SignedIn(), s.handleTasks).
		Doc(authz.Doc{Summary: "my todo, done, cc and started lists", Params: TaskParams{}, Resp: httpx.List[TaskRow]{}})
	r.GET("/api/workflow/tasks/count", authz.SignedIn(), s.handleCount).
		Doc(authz.Doc{Summary: "my pending tasks", Resp: TaskCount{}})
	s.resendRoutes(r)
}

// engineError maps the engine's errors to answers; others go on to httpError.
func engineError(err error) error {
	var inv *Invalid
	var refused *FinishRefused
	switch {
	case errors.As(err, &inv):
		return httpx.BadRequest(inv.Field, inv.Message)
	case errors.As(err, &refused):
		return &httpx.Error{Status: http.StatusConflict, Message: refused.Message}
	case errors.Is(err, ErrForbidden):
		return httpx.Forbidden("当前无权操作")
	case errors.Is(err, ErrTaskGone):
		return &httpx.Error{Status: http.StatusConflict, Message: "该任务已被处理，请刷新"}
	case errors.Is(err, ErrFormNotFound):
		return httpx.NotFound("表单不存在")
	case errors.Is(err, ErrNotPublished):
		return httpx.BadRequest("formId", "表单尚未发布")
	case errors.Is(err, ErrInstanceNotFound):
		return httpx.NotFound("流程实例不存在")
	case errors.Is(err, ErrBatchNotFound):
		return httpx.NotFound("批次不存在")
	case errors.Is(err, ErrPublishRace):
		return &httpx.Error{Status: http.StatusConflict, Message: "表单已被他人发布，请刷新后重试"}
	case errors.Is(err, ErrFormInUse):
		return &httpx.Error{Status: http.StatusConflict, Message: "表单已有流程实例，已停用而未删除"}
	}
	return httpError(err)
}

func (s *Service) handleStart(c echo.Context) error {
	p, err := staff(c)
	if err != nil {
		return err
	}
	var in StartInput
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	_, ids, err := s.Start(c.Request().Context(), p, in.FormID, in.Data, nil)
	if err != nil {
		return engineError(err)
	}
	return httpx.Saved(c, true, ids[0])
}

func (s *Service) handleStartBatch(c echo.Context) error {
	p, err := staff(c)
	if err != nil {
		return err
	}
	var in StartInput
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	if len(in.Applicants) == 0 {
		return httpx.BadRequest("applicants", "请选择申请人")
	}
	b, ids, err := s.Start(c.Request().Context(), p, in.FormID, in.Data, in.Applicants)
	if err != nil {
		return engineError(err)
	}
	return c.JSON(http.StatusCreated, BatchCreated{ID: *b, InstanceIDs: ids})
}

func (s *Service) handleDetail(c echo.Context) error {
	p, err := staff(c)
	if err != nil {
		return err
	}
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	v, err := s.Detail(c.Request().Context(), p, id)
	if err != nil {
		return engineError(err)
	}
	return c.JSON(http.StatusOK, v)
}

func (s *Service) handleAct(name string) echo.HandlerFunc {
	return func(c echo.Context) error {
		p, err := staff(c)
		if err != nil {
			return err
		}
		id, err := httpx.PathID(c, "id")
		if err != nil {
			return err
		}
		var a Action
		if err := httpx.JSON(c, &a); err != nil {
			return err
		}
		a.Name = name
		if err := s.Act(c.Request().Context(), p, id, a); err != nil {
			return engineError(err)
		}
		return s.handleDetail(c)
	}
}

func (s *Service) handleBatchView(c echo.Context) error {
	p, err := staff(c)
	if err != nil {
		return err
	}
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	v, err := s.Batch(c.Request().Context(), p, id)
	if err != nil {
		return engineError(err)
	}
	return c.JSON(http.StatusOK, v)
}

func (s *Service) handleTasks(c echo.Context) error {
	p, err := staff(c)
	if err != nil {
		return err
	}
	page, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	blurry, err := httpx.Blurry(c)
	if err != nil {
		return err
	}
	rows, n, err := s.Tasks(c.Request().Context(), p, c.QueryParam("box"), blurry, page.Offset(), page.Size)
	if err != nil {
		return engineError(err)
	}
	return c.JSON(http.StatusOK, httpx.List[TaskRow]{Content: rows, TotalElements: int(n)})
}

func (s *Service) handleCount(c echo.Context) error {
	p, err := staff(c)
	if err != nil {
		return err
	}
	n, err := s.TodoCount(c.Request().Context(), p)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, TaskCount{Todo: n})
}
