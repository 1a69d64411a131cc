package workflow

import (
	"context"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/platform/authz"
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

// Attachments tells whether uploads belong to a user, and claims the ones an instance's data
// takes inside the step's transaction (docs/decisions.md "Orphaned uploads").
type Attachments interface {
	Owns(ctx context.Context, owner int64, ids []int64) (bool, error)
	Claim(tx *gorm.DB, ids ...int64) error
	ClaimIn(tx *gorm.DB, texts ...string) error
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
	// finishers are told when an instance of their form ends (OnFinish, set while wiring).
	finishers map[string]Finisher
	// notifier is told after each committed step (announce.go); nil: nobody.
	notifier Notifier
	log      *slog.Logger
}

// NewService builds the service.
func NewService(store *Store, users Users, dicts Dicts, files Attachments, scope authz.Scoper, now func() time.Time) *Service {
	return &Service{store: store, users: users, dicts: dicts, files: files, scope: scope, now: now,
		org: tableOrg{db: store.db}, html: richtext.New(), finishers: map[string]Finisher{}}
}

// Limits of a leave request.
const (
	maxReason      = 500
	maxAttachments = 10
	maxApplicants  = 100
)

// Input is the body of POST /api/workflow/leave (and, with Applicants, of the batch), the first
// slice's shape: applicants by user name, as the picker gives them. Approver and CC are read but
// ignored — the leave form's flow decides them (docs/decisions.md "Leave request on the engine").
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

// ShortBalance: an application would take more annual leave than its applicant has left (in
// hundredths of a day); Batch tells which form asked.
type ShortBalance struct {
	Applicant   string
	Batch       bool
	Left, Asked int64
}

func (e *ShortBalance) Error() string { return "workflow: annual leave overdrawn by " + e.Applicant }

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
