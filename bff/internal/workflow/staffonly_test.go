package workflow_test

import (
	"context"
	"slices"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/workflow"
)

// TestChannelAccountsHaveNoWorkflow: a channel operator (here bob) is never resolved as an
// approver, nor accepted in a flow to publish, as a transfer target, a pick or an applicant: an
// instance waiting for one would be stranded, since channel sessions cannot reach the engine.
func TestChannelAccountsHaveNoWorkflow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		o := newOrg(t, g)
		named := o.publish(t, start(approver("n1", "or", users(o.ref("lead")), pass)))
		both := func() *workflow.Node { return start(approver("n1", "and", users(o.ref("bob"), o.ref("lead")), pass)) }
		published := o.publish(t, both())
		if err := g.Exec("UPDATE users SET kind = ? WHERE id = ?", "channel", o.users["bob"]).Error; err != nil {
			t.Fatal(err)
		}
		if probs := o.problems(t, "渠道审批", both()); probs["n1"] == "" {
			t.Fatalf("a flow naming a channel account publishes: %v", probs)
		}
		id := o.start(t, published, "ann", nil)
		if got := o.pendingNames(o.view(t, "ann", id)); !slices.Equal(got, []string{"lead"}) {
			t.Fatalf("named bob and lead: waiting for %v", got)
		}
		id = o.start(t, named, "ann", nil)
		var inv *workflow.Invalid
		if err := o.act("lead", id, workflow.Action{Name: "transfer", UserID: o.users["bob"]}); !asInvalid(err, &inv) || inv.Field != "userId" {
			t.Fatalf("a transfer to a channel account: %v", err)
		}
		self := o.publish(t, start(approver("n1", "or", workflow.Assignee{Kind: "self"}, pass)))
		_, _, err := o.s.Start(context.Background(), o.p["ann"], self, map[string]any{"__approvers_n1": []any{float64(o.users["bob"])}}, nil)
		if !asInvalid(err, &inv) || inv.Field != "__approvers_n1" {
			t.Fatalf("a channel account picked: %v", err)
		}
		admin := *o.p["eve"]
		admin.IsAdmin = true
		if _, _, err := o.s.Start(context.Background(), &admin, named, nil, []int64{o.users["bob"]}); !asInvalid(err, &inv) || inv.Field != "applicants" {
			t.Fatalf("a channel account as applicant: %v", err)
		}
	})
}
