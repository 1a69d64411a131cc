package workflow_test

import (
	"context"
	"slices"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/workflow"
)

// TestNobodyApprovesTheirOwnRequest: resolved approvers leave the applicant out (a head who
// applies goes one level up; a node left without anyone goes to its empty rule's admin, or to a
// superuser when that admin is the applicant or the rule would let the request pass unseen);
// transfers and picked approvers naming the applicant are refused with 400 naming the field; an
// applicant holding a task may not approve.
func TestNobodyApprovesTheirOwnRequest(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		o := newOrg(t, g)
		// boss1 works in 公司 and heads it alone; eve is a superuser.
		for _, q := range []struct {
			sql  string
			args []any
		}{
			{"UPDATE users SET dept_id = ? WHERE id = ?", []any{o.company, o.users["boss1"]}},
			{"DELETE FROM dept_leaders WHERE dept_id = ? AND user_id = ?", []any{o.company, o.users["boss2"]}},
			{"UPDATE users SET is_admin = ? WHERE id = ?", []any{true, o.users["eve"]}},
		} {
			if err := g.Exec(q.sql, q.args...).Error; err != nil {
				t.Fatal(err)
			}
		}
		leader := workflow.Assignee{Kind: "leader", FromLevel: 1, Levels: 1}
		toAdmin := workflow.Empty{Action: "admin", Admin: &workflow.Ref{ID: o.users["admin"], Name: "admin"}}
		hrRole := workflow.Assignee{Kind: "role", Roles: []workflow.Ref{{ID: o.hrRole}}}
		for _, c := range []struct {
			name    string
			node    *workflow.Node
			who     string
			status  string
			pending []string
		}{
			{"a team lead goes to the head one level up", approver("n1", "and", leader, toAdmin), "lead", "running", []string{"boss1"}},
			{"the top head goes to the empty rule's admin", approver("n1", "and", leader, toAdmin), "boss1", "running", []string{"admin"}},
			{"the top head under the rule pass goes to a superuser", approver("n1", "and", leader, pass), "boss1", "running", []string{"eve"}},
			{"the empty rule's admin goes to a superuser", approver("n1", "and", leader, toAdmin), "admin", "running", []string{"eve"}},
			{"named approvers without the applicant", approver("n1", "and", users(o.ref("ann"), o.ref("bob")), pass), "ann", "running", []string{"bob"}},
			{"a role's only holder goes to a superuser", approver("n1", "or", hrRole, pass), "hr", "running", []string{"eve"}},
			{"the one superuser: nobody else, the node passes", approver("n1", "or", users(o.ref("eve")), pass), "eve", "approved", nil},
		} {
			id := o.start(t, o.publish(t, start(c.node)), c.who, nil)
			v := o.view(t, c.who, id)
			if v.Status != c.status || !slices.Equal(o.pendingNames(v), c.pending) {
				t.Errorf("%s: %s waiting for %v, want %s %v", c.name, v.Status, o.pendingNames(v), c.status, c.pending)
			}
		}

		wantField := func(what string, err error, field string) {
			t.Helper()
			var inv *workflow.Invalid
			if !asInvalid(err, &inv) || inv.Field != field {
				t.Fatalf("%s: %v, want 400 on %s", what, err, field)
			}
		}
		// (a) the approver transfers the task to the applicant
		two := o.publish(t, start(approver("n1", "or", users(o.ref("lead")), pass)))
		id := o.start(t, two, "ann", nil)
		err := o.act("lead", id, workflow.Action{Name: "transfer", UserID: o.users["ann"]})
		wantField("a transfer to the applicant", err, "userId")
		if got := o.pendingNames(o.view(t, "ann", id)); !slices.Equal(got, []string{"lead"}) {
			t.Fatalf("after the refused transfer: waiting for %v", got)
		}

		// (c) the applicant picks themself, the creator of a batch picks one of its applicants,
		// a resubmit picks the applicant
		self := o.publish(t, start(approver("n1", "or", workflow.Assignee{Kind: "self"}, pass)))
		pick := func(names ...string) map[string]any {
			var ids []any
			for _, n := range names {
				ids = append(ids, float64(o.users[n]))
			}
			return map[string]any{"__approvers_n1": ids}
		}
		_, _, err = o.s.Start(ctx, o.p["ann"], self, pick("bob", "ann"), nil)
		wantField("the applicant picks themself", err, "__approvers_n1")
		creator := *o.p["eve"] // a superuser: every applicant is in scope
		creator.IsAdmin = true
		_, _, err = o.s.Start(ctx, &creator, self, pick("bob"), []int64{o.users["ann"], o.users["bob"]})
		wantField("a batch picks one of its applicants", err, "__approvers_n1")
		picked := o.start(t, self, "ann", pick("bob"))
		if err := o.act("bob", picked, workflow.Action{Name: "return", NodeID: "start"}); err != nil {
			t.Fatal(err)
		}
		err = o.act("ann", picked, workflow.Action{Name: "resubmit", Data: pick("ann")})
		wantField("a resubmit picks the applicant", err, "__approvers_n1")

		// A task the applicant holds (written before the rule) cannot approve, only be passed on.
		id = o.start(t, two, "ann", nil)
		if err := g.Model(&workflow.Task{}).Where("instance_id = ?", id).Update("assignee_id", o.users["ann"]).Error; err != nil {
			t.Fatal(err)
		}
		if v := o.view(t, "ann", id); slices.Contains(v.Actions, workflow.AApprove) {
			t.Fatalf("the applicant is offered %v", v.Actions)
		}
		if err := o.act("ann", id, workflow.Action{Name: "approve"}); !errorsIs(err, workflow.ErrForbidden) {
			t.Fatalf("the applicant approves their own request: %v", err)
		}
		if err := o.act("ann", id, workflow.Action{Name: "transfer", UserID: o.users["bob"]}); err != nil {
			t.Fatalf("the applicant passes the task on: %v", err)
		}
	})
}
