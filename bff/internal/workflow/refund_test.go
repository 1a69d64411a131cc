package workflow_test

import (
	"context"
	"errors"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/role"
	"mallconsole/bff/internal/user"
	"mallconsole/bff/internal/workflow"
)

// finisher records the outcomes it is told, in the step and after its commit; refuse makes it
// refuse the next one.
type finisher struct {
	got    []workflow.Outcome
	after  []int64  // instances told after the commit
	status []string // the instance's status as the finisher's transaction reads it
	refuse error
}

func (f *finisher) Finished(tx *gorm.DB, o workflow.Outcome) error {
	if err := f.refuse; err != nil {
		f.refuse = nil
		return err
	}
	var st string
	if err := tx.Model(&workflow.Instance{}).Where("id = ?", o.InstanceID).Pluck("status", &st).Error; err != nil {
		return err
	}
	f.got, f.status = append(f.got, o), append(f.status, st)
	return nil
}

func (f *finisher) AfterFinished(_ context.Context, o workflow.Outcome) {
	f.after = append(f.after, o.InstanceID)
}

// refundOrg is the test company with the 退款审批 form seeded as the seed does it: the
// approvers are the holders of the role 管理员 (sam), falling back to admin.
func refundOrg(t *testing.T, g *gorm.DB) (*org, *finisher) {
	t.Helper()
	ctx := context.Background()
	o := newOrg(t, g)
	gen := &cache.Generation{}
	admins, err := role.NewStore(g, gen).Ensure(ctx, role.Role{Name: "管理员", Level: 1, DataScope: "全部"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	sam := user.User{Username: "sam", NickName: "山姆", Enabled: true, Kind: "staff"}
	if err := user.NewStore(g, gen).Create(ctx, &sam, []int64{admins.ID}); err != nil {
		t.Fatal(err)
	}
	o.users["sam"] = sam.ID
	o.p["sam"] = &authz.Principal{UserID: sam.ID, Kind: authz.KindStaff, Username: "sam"}
	sc, flow := workflow.RefundForm(workflow.Ref{ID: admins.ID, Name: admins.Name}, o.ref("admin"))
	if _, err := workflow.NewStore(g).EnsureBuiltin(ctx, workflow.RefundFormCode, "退款审批", "money", "售后", sc, flow, now); err != nil {
		t.Fatal(err)
	}
	f := &finisher{}
	o.s.OnFinish(workflow.RefundFormCode, f)
	return o, f
}

func refundData(no string) map[string]any {
	return map[string]any{workflow.RefundKeyCase: no, workflow.RefundKeyOrder: "O1",
		workflow.RefundKeyAmount: money.Fen(123456), workflow.RefundKeyReason: "质量问题"}
}

// TestStartForJoinsTheCallersTransaction: the instance commits and rolls back with the
// caller's own row; committed, it names its case in its data, its view and its history.
func TestStartForJoinsTheCallersTransaction(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		o, _ := refundOrg(t, g)
		ctx := context.Background()
		boom := errors.New("the caller fails after starting")
		err := g.Transaction(func(tx *gorm.DB) error {
			if _, err := o.s.StartFor(ctx, tx, workflow.RefundFormCode, o.users["ann"], refundData("AS1")); err != nil {
				return err
			}
			return boom
		})
		var n int64
		g.Model(&workflow.Instance{}).Count(&n)
		if !errors.Is(err, boom) || n != 0 {
			t.Fatalf("rolled back: %v, %d instances left", err, n)
		}
		var id int64
		if err := g.Transaction(func(tx *gorm.DB) error {
			id, err = o.s.StartFor(ctx, tx, workflow.RefundFormCode, o.users["ann"], refundData("AS2"))
			return err
		}); err != nil {
			t.Fatal(err)
		}
		v := o.view(t, "sam", id)
		if v.Status != workflow.IRunning || v.Ref == nil || *v.Ref != (workflow.InstanceRef{Kind: "aftersale", No: "AS2"}) ||
			v.Data["caseNo"] != "AS2" || v.Data["amount"] != 1234.56 || v.Timeline[0].Comment != "售后单 AS2" ||
			v.FieldPerms["amount"] != workflow.PermRead {
			t.Fatalf("view = %+v, ref %+v", v, v.Ref)
		}
		if names := o.pendingNames(v); len(names) != 1 || names[0] != "山姆" {
			t.Fatalf("waits for %v, want the administrator", names)
		}
		if mine := o.view(t, "ann", id); mine.FieldPerms["amount"] != workflow.PermRead {
			t.Fatalf("the applicant may edit: %v", mine.FieldPerms)
		}
		// Without a transaction of the caller's it runs in its own.
		if _, err := o.s.StartFor(ctx, nil, workflow.RefundFormCode, o.users["ann"], refundData("AS3")); err != nil {
			t.Fatal(err)
		}
		// The form's checks hold; a key the form lacks is the caller's mistake.
		var inv *workflow.Invalid
		bad := refundData("")
		if _, err := o.s.StartFor(ctx, nil, workflow.RefundFormCode, o.users["ann"], bad); !asInvalid(err, &inv) || inv.Field != "caseNo" {
			t.Fatalf("no case number: %v", err)
		}
		bad = refundData("AS4")
		bad["amount"] = "12.345"
		if _, err := o.s.StartFor(ctx, nil, workflow.RefundFormCode, o.users["ann"], bad); !asInvalid(err, &inv) || inv.Field != "amount" {
			t.Fatalf("three decimals: %v", err)
		}
		bad = refundData("AS4")
		bad["extra"] = 1
		if _, err := o.s.StartFor(ctx, nil, workflow.RefundFormCode, o.users["ann"], bad); err == nil {
			t.Fatal("a key the form lacks was accepted")
		}
		if _, err := o.s.StartFor(ctx, nil, "nope", o.users["ann"], nil); !errors.Is(err, workflow.ErrFormNotFound) {
			t.Fatalf("unknown form: %v", err)
		}
		// Nobody applies for a refund by hand, and 流程申请 does not offer it.
		form, _ := formIDByCode(g, workflow.RefundFormCode)
		if _, _, err := o.s.Start(ctx, o.p["ann"], form, refundData("AS5"), nil); !asInvalid(err, &inv) || inv.Field != "formId" {
			t.Fatalf("started by hand: %v", err)
		}
		fs, _, err := o.s.Forms(ctx, workflow.FormQuery{Published: true, Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range fs {
			if f.ID == form {
				t.Fatal("流程申请 lists 退款审批")
			}
		}
	})
}

func formIDByCode(g *gorm.DB, code string) (int64, error) {
	var id int64
	err := g.Model(&workflow.Form{}).Where("code = ?", code).Pluck("id", &id).Error
	return id, err
}

// TestFinisherIsToldOnceHowItEnded: approve, reject with the approver's comment, withdraw;
// each inside the step (the finisher's transaction already sees the new status), once.
func TestFinisherIsToldOnceHowItEnded(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		o, f := refundOrg(t, g)
		ctx := context.Background()
		start := func(no string) int64 {
			id, err := o.s.StartFor(ctx, nil, workflow.RefundFormCode, o.users["ann"], refundData(no))
			if err != nil {
				t.Fatal(err)
			}
			return id
		}
		approved, rejected, withdrawn := start("AS1"), start("AS2"), start("AS3")
		if len(f.got) != 0 {
			t.Fatalf("told before the end: %+v", f.got)
		}
		steps := []struct {
			who string
			id  int64
			a   workflow.Action
		}{
			{"sam", approved, workflow.Action{Name: workflow.AApprove, Comment: "同意"}},
			{"sam", rejected, workflow.Action{Name: workflow.AReject, Comment: "金额与凭证不符"}},
			{"ann", withdrawn, workflow.Action{Name: workflow.AWithdraw}},
		}
		for _, st := range steps {
			if err := o.act(st.who, st.id, st.a); err != nil {
				t.Fatalf("%s %s: %v", st.who, st.a.Name, err)
			}
		}
		want := []workflow.Outcome{
			{InstanceID: approved, FormCode: "refund", Status: workflow.IApproved, Comment: "同意", Approver: "山姆"},
			{InstanceID: rejected, FormCode: "refund", Status: workflow.IRejected, Comment: "金额与凭证不符", Approver: "山姆"},
			{InstanceID: withdrawn, FormCode: "refund", Status: workflow.IWithdrawn, Approver: "ann"},
		}
		if len(f.got) != len(want) || len(f.after) != len(want) {
			t.Fatalf("told %d times: %+v, after the commit %v", len(f.got), f.got, f.after)
		}
		for i, w := range want {
			got := f.got[i]
			if got.InstanceID != w.InstanceID || got.FormCode != w.FormCode || got.Status != w.Status || got.Comment != w.Comment ||
				got.Approver != w.Approver || got.Data["caseNo"] != "AS"+itoa(int64(i+1)) || f.status[i] != w.Status {
				t.Errorf("outcome %d = %+v (status in tx %s), want %+v", i, got, f.status[i], w)
			}
		}
		// Finished instances are not told again: a second action is refused before the finisher.
		if err := o.act("sam", approved, workflow.Action{Name: workflow.AApprove}); !errors.Is(err, workflow.ErrTaskGone) {
			t.Fatalf("second approve: %v", err)
		}
		if len(f.got) != 3 {
			t.Fatalf("told again: %d", len(f.got))
		}
	})
}

// TestFinisherRefusalRollsTheStepBack: the approval is undone when the finisher refuses; the
// approver may act again once it agrees.
func TestFinisherRefusalRollsTheStepBack(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		o, f := refundOrg(t, g)
		ctx := context.Background()
		id, err := o.s.StartFor(ctx, nil, workflow.RefundFormCode, o.users["ann"], refundData("AS1"))
		if err != nil {
			t.Fatal(err)
		}
		f.refuse = &workflow.FinishRefused{Message: "售后单已撤销"}
		var refused *workflow.FinishRefused
		if err := o.act("sam", id, workflow.Action{Name: workflow.AApprove}); !errors.As(err, &refused) || len(f.after) != 0 {
			t.Fatalf("approve: %v, after the commit %v", err, f.after)
		}
		v := o.view(t, "sam", id)
		if v.Status != workflow.IRunning || len(o.pendingNames(v)) != 1 || len(v.Timeline) != 1 {
			t.Fatalf("after the refusal: %+v", v)
		}
		if err := o.act("sam", id, workflow.Action{Name: workflow.AApprove}); err != nil || len(f.got) != 1 || len(f.after) != 1 {
			t.Fatalf("approve again: %v, told %d, after the commit %v", err, len(f.got), f.after)
		}
		if v := o.view(t, "sam", id); v.Status != workflow.IApproved {
			t.Fatalf("status %s", v.Status)
		}
	})
}

// TestFinisherOnAFlowThatPassesAtOnce: a form whose only node resolves to nobody ends as it
// starts; its finisher is told inside StartFor (the system applicant: no approver's name).
func TestFinisherOnAFlowThatPassesAtOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		o := newOrg(t, g)
		ctx := context.Background()
		flow := start(approver("n1", "or", workflow.Assignee{Kind: "leader", Levels: 1}, pass))
		if _, err := workflow.NewStore(g).EnsureBuiltin(ctx, "auto", "自动", "", "", testSchema(), flow, now); err != nil {
			t.Fatal(err)
		}
		f := &finisher{}
		o.s.OnFinish("auto", f)
		id, err := o.s.StartFor(ctx, nil, "auto", o.users["amy"], map[string]any{"note": "x"})
		if err != nil {
			t.Fatal(err)
		}
		if len(f.got) != 1 || f.got[0].InstanceID != id || f.got[0].Status != workflow.IApproved || f.got[0].Approver != "" ||
			f.got[0].Data["note"] != "x" || len(f.after) != 1 {
			t.Fatalf("told %+v, after the commit %v", f.got, f.after)
		}
		// Inside the caller's transaction it is told in the step, not after: the caller commits.
		if err := g.Transaction(func(tx *gorm.DB) error {
			_, err := o.s.StartFor(ctx, tx, "auto", o.users["amy"], nil)
			return err
		}); err != nil || len(f.got) != 2 || len(f.after) != 1 {
			t.Fatalf("in the caller's tx: %v, told %d, after %v", err, len(f.got), f.after)
		}
		// A refusal there rolls back the start itself.
		f.refuse = &workflow.FinishRefused{Message: "no"}
		var refused *workflow.FinishRefused
		if _, err := o.s.StartFor(ctx, nil, "auto", o.users["amy"], nil); !errors.As(err, &refused) {
			t.Fatalf("refused start: %v", err)
		}
		var n int64
		g.Model(&workflow.Instance{}).Count(&n)
		if n != 2 || len(f.after) != 1 {
			t.Fatalf("%d instances, after %v", n, f.after)
		}
	})
}
