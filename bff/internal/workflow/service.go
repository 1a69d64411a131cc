package workflow

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/richtext"
	"mallconsole/bff/internal/user"
)

// Users is what leave requests need from the user feature.
type Users interface {
	ByUsername(ctx context.Context, name string) (user.User, bool, error)
	ByIDs(ctx context.Context, ids []int64) (map[int64]user.User, error)
}

// Dicts gives a dictionary's entries (the leave types).
type Dicts interface {
	Details(ctx context.Context, name string) ([]dict.Detail, error)
}

// Attachments tells whether uploads belong to a user.
type Attachments interface {
	Owns(ctx context.Context, owner int64, ids []int64) (bool, error)
}

// Service is the leave request: its validation, the annual-leave balance and the HTTP API.
type Service struct {
	store *Store
	users Users
	dicts Dicts
	files Attachments
	scope authz.Scoper
	now   func() time.Time
	org   Org
	html  *richtext.Sanitizer
}

// NewService builds the service.
func NewService(store *Store, users Users, dicts Dicts, files Attachments, scope authz.Scoper, now func() time.Time) *Service {
	return &Service{store: store, users: users, dicts: dicts, files: files, scope: scope, now: now,
		org: tableOrg{db: store.db}, html: richtext.New()}
}

// Limits of a leave request.
const (
	maxReason      = 500
	maxCC          = 20
	maxAttachments = 10
	maxApplicants  = 100
)

// Input is the body of POST /api/workflow/leave (and, with Applicants, of the batch). People
// are named by user name, as the department/user picker gives them.
type Input struct {
	Type        string   `json:"type"`
	StartTime   string   `json:"startTime"`
	EndTime     string   `json:"endTime"`
	Reason      string   `json:"reason"`
	Approver    string   `json:"approver"`
	CC          []string `json:"cc"`
	Attachments []int64  `json:"attachments"`
	Applicants  []string `json:"applicants"`
}

// Domain errors of a leave request; http.go turns them into answers.
var (
	ErrUnknownType  = errors.New("workflow: not a leave type")
	ErrAttachment   = errors.New("workflow: an attachment that is not the caller's")
	ErrSelfApproval = errors.New("workflow: the approver is an applicant")
)

// UnknownPerson: a person named in the form (Field; Role is how the form calls them) is not an
// enabled user the caller's picker could show.
type UnknownPerson struct{ Field, Role, Name string }

func (e *UnknownPerson) Error() string { return "workflow: no such " + e.Field + " " + e.Name }

// ShortBalance: an application would take more annual leave than its applicant has left (in
// hundredths of a day); Batch tells which form asked.
type ShortBalance struct {
	Applicant   string
	Batch       bool
	Left, Asked int64
}

func (e *ShortBalance) Error() string { return "workflow: annual leave overdrawn by " + e.Applicant }

// checked is an Input that passed validation, ready to become applications.
type checked struct {
	leave      Leave // without applicant
	applicants []user.User
}

// check validates in for the caller; applicants are the caller unless batch.
func (s *Service) check(ctx context.Context, p *authz.Principal, in Input, batch bool) (checked, error) {
	var out checked
	var chk httpx.Check
	in.Type = strings.TrimSpace(in.Type)
	if in.Type == "" {
		chk.Fail("type", httpx.ReasonRequired)
	}
	start, end := parseTime(&chk, "startTime", in.StartTime), parseTime(&chk, "endTime", in.EndTime)
	if chk.Err == nil && !end.After(start) {
		chk.Fail("endTime", "结束时间必须晚于开始时间")
	}
	days := hundredths(start, end)
	if chk.Err == nil && days <= 0 {
		chk.Fail("endTime", "请假天数必须大于0")
	}
	chk.Text("reason", &in.Reason, maxReason, true)
	if strings.TrimSpace(in.Approver) == "" {
		chk.Fail("approver", httpx.ReasonRequired)
	}
	if len(in.CC) > maxCC {
		chk.Fail("cc", fmt.Sprintf("最多%d人", maxCC))
	}
	if len(in.Attachments) > maxAttachments {
		chk.Fail("attachments", fmt.Sprintf("最多%d个", maxAttachments))
	}
	if batch && len(in.Applicants) == 0 {
		chk.Fail("applicants", httpx.ReasonRequired)
	}
	if len(in.Applicants) > maxApplicants {
		chk.Fail("applicants", fmt.Sprintf("最多%d人", maxApplicants))
	}
	if chk.Err != nil {
		return out, chk.Err
	}
	types, err := s.dicts.Details(ctx, LeaveTypeDict)
	if err != nil {
		return out, err
	}
	if !slices.ContainsFunc(types, func(d dict.Detail) bool { return d.Value == in.Type }) {
		return out, ErrUnknownType
	}
	sc, err := s.scope.Scope(ctx, p)
	if err != nil {
		return out, err
	}
	approver, err := s.pick(ctx, sc, "approver", "审批人", in.Approver)
	if err != nil {
		return out, err
	}
	var ccIDs []string
	for _, name := range dedupe(in.CC) {
		u, err := s.pick(ctx, sc, "cc", "抄送人", name)
		if err != nil {
			return out, err
		}
		ccIDs = append(ccIDs, strconv.FormatInt(u.ID, 10))
	}
	if ok, err := s.files.Owns(ctx, p.UserID, in.Attachments); err != nil {
		return out, err
	} else if !ok {
		return out, ErrAttachment
	}
	if batch {
		for _, name := range dedupe(in.Applicants) {
			u, err := s.pick(ctx, sc, "applicants", "申请人", name)
			if err != nil {
				return out, err
			}
			out.applicants = append(out.applicants, u)
		}
	} else {
		self, err := s.users.ByIDs(ctx, []int64{p.UserID})
		if err != nil {
			return out, err
		}
		out.applicants = []user.User{self[p.UserID]}
	}
	for _, a := range out.applicants {
		if a.ID == approver.ID {
			return out, ErrSelfApproval
		}
	}
	attachments := make([]string, len(in.Attachments))
	for i, id := range in.Attachments {
		attachments[i] = strconv.FormatInt(id, 10)
	}
	out.leave = Leave{CreatorID: p.UserID, Type: in.Type, StartTime: start, EndTime: end, DayHundredths: days,
		Reason: in.Reason, ApproverID: approver.ID, CCIDs: strings.Join(ccIDs, ","),
		AttachmentIDs: strings.Join(attachments, ","), Status: StatusPending}
	return out, nil
}

// pick finds a person chosen in the department/user picker: an enabled user inside the
// caller's data scope (the picker shows no one else). A name outside the scope gets the same
// answer as a name that does not exist, so the form cannot be used to probe for accounts.
func (s *Service) pick(ctx context.Context, sc authz.Scope, field, role, name string) (user.User, error) {
	u, found, err := s.users.ByUsername(ctx, strings.TrimSpace(name))
	if err != nil {
		return u, err
	}
	if !found || !u.Enabled || !sc.Allows(u.DeptID) {
		return u, &UnknownPerson{Field: field, Role: role, Name: name}
	}
	return u, nil
}

func parseTime(chk *httpx.Check, field, v string) time.Time {
	v = strings.TrimSpace(v)
	if v == "" {
		chk.Fail(field, httpx.ReasonRequired)
		return time.Time{}
	}
	t, _, err := httpx.ParseTime(v, false)
	if err != nil {
		chk.Fail(field, httpx.ReasonTimeFormat)
	} else if !httpx.StorableYear(t) {
		chk.Fail(field, httpx.ReasonYear)
	}
	return t
}

func dedupe(names []string) []string {
	var out []string
	for _, n := range names {
		n = strings.TrimSpace(n)
		if n != "" && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// Balance is the annual leave the user has left this year (nil days when no allowance is known).
func (s *Service) Balance(ctx context.Context, userID int64) (Balance, error) {
	var out Balance
	left, known, err := s.store.Remaining(ctx, userID, s.now().In(time.Local))
	if err != nil || !known {
		return out, err
	}
	d := daysOf(left)
	out.RemainingDays = &d
	return out, nil
}

// Submit validates in and saves one application per applicant, all or nothing; applicants are
// the caller p unless batch.
func (s *Service) Submit(ctx context.Context, p *authz.Principal, in Input, batch bool) ([]Leave, error) {
	c, err := s.check(ctx, p, in, batch)
	if err != nil {
		return nil, err
	}
	now := s.now()
	ls := make([]Leave, len(c.applicants))
	names := map[int64]string{}
	for i, a := range c.applicants {
		ls[i] = c.leave
		ls[i].ApplicantID, ls[i].CreateTime = a.ID, now
		names[a.ID] = a.Username
	}
	err = s.store.Create(ctx, ls, batch, now)
	if o, ok := err.(*Overdrawn); ok {
		return nil, &ShortBalance{Applicant: names[o.Leave.ApplicantID], Batch: batch,
			Left: max(o.LeftHundredths, 0), Asked: o.Leave.DayHundredths}
	}
	return ls, err
}
