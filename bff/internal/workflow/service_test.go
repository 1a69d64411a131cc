package workflow_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/attach"
	"mallconsole/bff/internal/auth"
	"mallconsole/bff/internal/dept"
	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/role"
	"mallconsole/bff/internal/user"
	"mallconsole/bff/internal/workflow"
)

// now is the service's clock: mid-year, so a leave in June counts against this year.
var now = time.Date(2026, 6, 1, 9, 0, 0, 0, time.Local)

// fixture is the leave service over g with the leave types, the users ann (5 annual days),
// bob and the disabled carl, and the caller ann.
type fixture struct {
	s      *workflow.Service
	store  *workflow.Store
	ann    *authz.Principal
	annID  int64
	bobID  int64
	people map[string]int64
}

func newFixture(t *testing.T, g *gorm.DB) fixture {
	t.Helper()
	ctx := context.Background()
	gen := &cache.Generation{}
	users, roles, depts := user.NewStore(g, gen), role.NewStore(g, gen), dept.NewStore(g)
	a := auth.New(auth.Options{Now: time.Now}, auth.Deps{Users: users, Roles: roles, Depts: depts, Generation: gen})
	dicts := dict.NewStore(g)
	if err := dicts.Ensure(ctx, workflow.LeaveTypeDict, "请假类型",
		[]dict.Entry{{Label: "年假", Value: workflow.AnnualLeave}, {Label: "病假", Value: "sick"}}); err != nil {
		t.Fatal(err)
	}
	disk, err := attach.NewDisk(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	f := fixture{store: workflow.NewStore(g), people: map[string]int64{}}
	f.s = workflow.NewService(f.store, users, dicts, attach.New(g, disk, attach.Options{}), a, func() time.Time { return now })
	for _, name := range []string{"ann", "bob", "carl", "dave"} {
		u := user.User{Username: name, NickName: name, Enabled: name != "carl", Kind: authz.KindStaff}
		if err := users.Create(ctx, &u, nil); err != nil {
			t.Fatal(err)
		}
		f.people[name] = u.ID
	}
	f.annID, f.bobID = f.people["ann"], f.people["bob"]
	// The caller sees every department (the data scope itself is the auth feature's, tested there).
	f.ann = &authz.Principal{UserID: f.annID, Kind: authz.KindStaff, IsAdmin: true}
	for _, name := range []string{"ann", "dave"} {
		if err := f.store.EnsureEntitlement(ctx, f.people[name], 5); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

func leave(typ, start, end string) workflow.Input {
	return workflow.Input{Type: typ, StartTime: start, EndTime: end, Reason: "家中有事", Approver: "bob"}
}

// refused checks that err is a 400 naming field, with a message holding part (the checks of
// the input's shape).
func refused(t *testing.T, what string, err error, field, part string) {
	t.Helper()
	var he *httpx.Error
	if !errors.As(err, &he) || he.Status != 400 || len(he.Fields) == 0 || he.Fields[0].Field != field ||
		!strings.Contains(he.Message, part) {
		t.Fatalf("%s: %v, want 400 on %s saying %q", what, err, field, part)
	}
}

func is(t *testing.T, what string, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Fatalf("%s: err %v, want %v", what, err, want)
	}
}

func short(t *testing.T, what string, err error, want workflow.ShortBalance) {
	t.Helper()
	var got *workflow.ShortBalance
	if !errors.As(err, &got) || *got != want {
		t.Fatalf("%s: err %v, want %+v", what, err, want)
	}
}

func TestLeaveDayRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		f := newFixture(t, g)
		submit := func(in workflow.Input) error { _, err := f.s.Submit(ctx, f.ann, in, false); return err }

		refused(t, "an end before the start", submit(leave("sick", "2026-06-02 09:00:00", "2026-06-01 09:00:00")),
			"endTime", "晚于开始时间")
		refused(t, "a few seconds (0.00 days)", submit(leave("sick", "2026-06-02 09:00:00", "2026-06-02 09:00:10")),
			"endTime", "大于0")
		is(t, "a type outside the dictionary", submit(leave("holiday", "2026-06-02 09:00:00", "2026-06-03 09:00:00")),
			workflow.ErrUnknownType)
		in := leave("sick", "2026-06-02 09:00:00", "2026-06-03 09:00:00")
		in.Approver = "ann"
		is(t, "approving one's own leave", submit(in), workflow.ErrSelfApproval)
		for _, name := range []string{"carl", "nobody"} { // disabled, unknown
			in.Approver = name
			var who *workflow.UnknownPerson
			if err := submit(in); !errors.As(err, &who) || who.Field != "approver" || who.Name != name {
				t.Fatalf("approver %s: %v", name, err)
			}
		}
		in.Approver, in.Attachments = "bob", []int64{999}
		is(t, "someone else's attachment", submit(in), workflow.ErrAttachment)

		ls, err := f.s.Submit(ctx, f.ann, leave("sick", "2026-06-02 09:00:00", "2026-06-03 21:00:00"), false)
		if err != nil || len(ls) != 1 || ls[0].DayHundredths != 150 || ls[0].ApplicantID != f.annID {
			t.Fatalf("a day and a half of sick leave = %+v %v", ls, err)
		}
	})
}

func TestAnnualBalance(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		f := newFixture(t, g)
		left := func(id int64) float64 {
			t.Helper()
			b, err := f.s.Balance(ctx, id)
			if err != nil || b.RemainingDays == nil {
				t.Fatalf("balance of %d = %+v %v", id, b, err)
			}
			return *b.RemainingDays
		}
		if b, err := f.s.Balance(ctx, f.bobID); err != nil || b.RemainingDays != nil {
			t.Fatalf("bob has no allowance recorded: %+v %v", b, err)
		}
		if _, err := f.s.Submit(ctx, f.ann, leave(workflow.AnnualLeave, "2026-06-08 00:00:00", "2026-06-11 12:00:00"), false); err != nil {
			t.Fatal(err)
		}
		if _, err := f.s.Submit(ctx, f.ann, leave("sick", "2026-06-15 00:00:00", "2026-06-25 00:00:00"), false); err != nil {
			t.Fatal(err)
		}
		if got := left(f.annID); got != 1.5 {
			t.Fatalf("left after 3.5 annual days and 10 sick days = %v, want 1.5", got)
		}
		_, err := f.s.Submit(ctx, f.ann, leave(workflow.AnnualLeave, "2026-07-01 00:00:00", "2026-07-03 00:00:00"), false)
		short(t, "two days with one and a half left", err, workflow.ShortBalance{Applicant: "ann", Left: 150, Asked: 200})
		if _, err := f.s.Submit(ctx, f.ann, leave(workflow.AnnualLeave, "2027-01-04 00:00:00", "2027-01-06 00:00:00"), false); err != nil {
			t.Fatalf("next year's leave counts against next year: %v", err)
		}

		in := leave(workflow.AnnualLeave, "2026-07-01 00:00:00", "2026-07-03 00:00:00")
		in.Applicants = []string{"dave", "ann"}
		_, err = f.s.Submit(ctx, f.ann, in, true)
		short(t, "a batch where one applicant is short", err, workflow.ShortBalance{Applicant: "ann", Batch: true, Left: 150, Asked: 200})
		if got := left(f.people["dave"]); got != 5 {
			t.Fatalf("dave's balance after a refused batch = %v, want 5 (all or nothing)", got)
		}
	})
}
