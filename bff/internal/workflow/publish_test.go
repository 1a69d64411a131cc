package workflow_test

import (
	"context"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/workflow"
)

// TestPublishUnchanged: publishing again, or after a save that changes nothing the engine reads
// (a default branch's conditions [] instead of none, a leader assignee's fromLevel 1 spelled
// out, a user's name as the designer shows it today), answers the published version, unchanged.
func TestPublishUnchanged(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		o := newOrg(t, g)
		flow := func(fromLevel int, conds []workflow.Condition, leadName string) *workflow.Node {
			lead := o.ref("lead")
			lead.Name = leadName
			leader := approver("n2", "or", workflow.Assignee{Kind: "leader", Levels: 1, FromLevel: fromLevel}, pass)
			return start(route("r1",
				branch("b1", 1, false, approver("n1", "or", users(lead), pass),
					workflow.Condition{Kind: "field", Field: "amount", Op: "gt", Value: 100.0}),
				workflow.Branch{ID: "b2", Name: "分支b2", Priority: 2, Default: true, Conditions: conds, Next: leader}))
		}
		form := o.publish(t, flow(0, nil, "lead"))
		p, err := o.s.Publish(ctx, form)
		if err != nil || p.Version != 1 || !p.Unchanged {
			t.Fatalf("publishing again: %+v %v", p, err)
		}
		in := workflow.FormInput{ID: form, Name: "测试", Group: "测试", Schema: testSchema(), Flow: flow(1, []workflow.Condition{}, "李组长")}
		if _, err := o.s.SaveForm(ctx, in); err != nil {
			t.Fatal(err)
		}
		if p, err := o.s.Publish(ctx, form); err != nil || p.Version != 1 || !p.Unchanged {
			t.Fatalf("publishing a save that changes nothing: %+v %v", p, err)
		}
		in.Flow = flow(1, []workflow.Condition{}, "lead")
		in.Flow.Next.Branches[0].Next.Props.Mode = "and"
		if _, err := o.s.SaveForm(ctx, in); err != nil {
			t.Fatal(err)
		}
		if p, err := o.s.Publish(ctx, form); err != nil || p.Version != 2 || p.Unchanged {
			t.Fatalf("publishing a change: %+v %v", p, err)
		}
	})
}
