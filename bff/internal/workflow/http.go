package workflow

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/perm"
)

// Routes registers the leave request. Applying for one's own leave is open to any staff
// session (the handlers refuse channel operators); starting it for others needs leave:batch.
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/workflow/leave/balance", authz.SignedIn(), s.handleBalance).
		Doc(authz.Doc{Summary: "my annual leave left", Resp: Balance{}})
	r.GET("/api/workflow/leave", authz.SignedIn(), s.handleMine).
		Doc(authz.Doc{Summary: "my leave requests", Params: httpx.PageParams{}, Resp: httpx.List[Row]{}})
	r.POST("/api/workflow/leave", authz.SignedIn(), s.handleSubmit).
		Doc(authz.Doc{Summary: "request leave", Body: Input{}, Resp: httpx.Created{}, Status: http.StatusCreated})
	r.POST("/api/workflow/leave/batch", authz.Perm(perm.LeaveBatch), s.handleBatch).
		Doc(authz.Doc{Summary: "request leave for several people", Body: Input{}, Resp: BatchAnswer{}, Status: http.StatusCreated})
	s.formRoutes(r)
	s.engineRoutes(r)
}

// staff returns the caller, refusing channel operators: leave is for the shop's own staff.
func staff(c echo.Context) (*authz.Principal, error) {
	p := authz.From(c)
	if p == nil || p.Kind != authz.KindStaff {
		return nil, httpx.Forbidden("没有权限")
	}
	return p, nil
}

func (s *Service) handleBalance(c echo.Context) error {
	p, err := staff(c)
	if err != nil {
		return err
	}
	out, err := s.Balance(c.Request().Context(), p.UserID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

// submitHandler is the leave request of the first slice as a thin wrapper over the engine: it
// starts an instance of the seeded leave form and answers its ID (batch: the batch and the IDs).
// Approver and cc of the old body are ignored: the form's flow decides them.
func (s *Service) submitHandler(c echo.Context, batch bool) error {
	p, err := staff(c)
	if err != nil {
		return err
	}
	var in Input
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	ctx := c.Request().Context()
	var applicants []int64
	if batch {
		if len(in.Applicants) == 0 || len(in.Applicants) > maxApplicants {
			return httpx.BadRequest("applicants", fmt.Sprintf("请选择1到%d位申请人", maxApplicants))
		}
		for _, name := range in.Applicants {
			u, found, err := s.users.ByUsername(ctx, name)
			if err != nil {
				return err
			}
			if !found || !u.Enabled {
				return httpx.BadRequest("applicants", fmt.Sprintf("申请人%s不存在或不在可选范围内", name))
			}
			applicants = append(applicants, u.ID)
		}
	}
	form, err := s.store.LeaveFormID(ctx)
	if err != nil {
		return engineError(err)
	}
	data := map[string]any{LeaveKeyType: in.Type, LeaveKeyRange: []any{in.StartTime, in.EndTime}, LeaveKeyReason: in.Reason}
	if len(in.Attachments) > 0 {
		ids := make([]any, len(in.Attachments))
		for i, id := range in.Attachments {
			ids[i] = float64(id)
		}
		data[LeaveKeyUploads] = ids
	}
	b, ids, err := s.Start(ctx, p, form, data, applicants)
	if err != nil {
		return engineError(err)
	}
	if !batch {
		return httpx.Saved(c, true, ids[0])
	}
	return c.JSON(http.StatusCreated, BatchAnswer{BatchID: b, IDs: ids})
}

// httpError maps the leave request's own error (the balance) to its answer; others pass as
// they are.
func httpError(err error) error {
	var short *ShortBalance
	if errors.As(err, &short) {
		msg := fmt.Sprintf("年假余额不足：剩余%s天，本次申请%s天", daysText(short.Left), daysText(short.Asked))
		if short.Batch {
			return httpx.BadRequest("applicants", short.Applicant+msg)
		}
		return httpx.BadRequest("type", msg)
	}
	return err
}

// Balance is the annual leave left; null when the year's allowance is not known.
type Balance struct {
	RemainingDays *float64 `json:"remainingDays"`
}

// BatchAnswer is the answer of a batch request: the batch and one application per applicant.
type BatchAnswer struct {
	BatchID *int64  `json:"batchId"`
	IDs     []int64 `json:"ids"`
}

func (s *Service) handleSubmit(c echo.Context) error { return s.submitHandler(c, false) }
func (s *Service) handleBatch(c echo.Context) error  { return s.submitHandler(c, true) }

// Person is a user as an application shows them.
type Person struct {
	Username string `json:"username"`
	NickName string `json:"nickName"`
}

// Row is an application in the list.
type Row struct {
	ID         int64    `json:"id"`
	BatchID    *int64   `json:"batchId"`
	Type       string   `json:"type"`
	TypeLabel  string   `json:"typeLabel"`
	StartTime  string   `json:"startTime"`
	EndTime    string   `json:"endTime"`
	Days       float64  `json:"days"`
	Reason     string   `json:"reason"`
	Applicant  Person   `json:"applicant"`
	Approver   Person   `json:"approver"`
	CC         []Person `json:"cc"`
	Status     string   `json:"status" enum:"pending,rejected"`
	CreateTime string   `json:"createTime"`
}

// handleMine: GET /api/workflow/leave?page=&size= — the caller's applications and those they
// started for others, newest first.
func (s *Service) handleMine(c echo.Context) error {
	p, err := staff(c)
	if err != nil {
		return err
	}
	page, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	ls, n, err := s.store.Mine(ctx, p.UserID, page.Offset(), page.Size)
	if err != nil {
		return err
	}
	var ids []int64
	for _, l := range ls {
		ids = append(ids, l.ApplicantID, l.ApproverID)
		ids = append(ids, splitIDs(l.CCIDs)...)
	}
	people, err := s.users.ByIDs(ctx, ids)
	if err != nil {
		return err
	}
	person := func(id int64) Person { u := people[id]; return Person{Username: u.Username, NickName: u.NickName} }
	types, err := s.dicts.Details(ctx, LeaveTypeDict)
	if err != nil {
		return err
	}
	labels := map[string]string{}
	for _, d := range types {
		labels[d.Value] = d.Label
	}
	rows := make([]Row, len(ls))
	for i, l := range ls {
		cc := []Person{}
		for _, id := range splitIDs(l.CCIDs) {
			cc = append(cc, person(id))
		}
		rows[i] = Row{ID: l.ID, BatchID: l.BatchID, Type: l.Type, TypeLabel: labels[l.Type],
			StartTime: httpx.FormatTime(l.StartTime), EndTime: httpx.FormatTime(l.EndTime), Days: daysOf(l.DayHundredths),
			Reason: l.Reason, Applicant: person(l.ApplicantID), Approver: person(l.ApproverID), CC: cc,
			Status: l.Status, CreateTime: httpx.FormatTime(l.CreateTime)}
	}
	return c.JSON(http.StatusOK, httpx.List[Row]{Content: rows, TotalElements: int(n)})
}

func splitIDs(s string) []int64 {
	var out []int64
	for _, f := range strings.Split(s, ",") {
		if id, err := strconv.ParseInt(f, 10, 64); err == nil {
			out = append(out, id)
		}
	}
	return out
}
