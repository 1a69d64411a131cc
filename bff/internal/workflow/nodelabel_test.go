package workflow_test

import (
	"context"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/workflow"
)

// TestBoxesNameTheNode: every box gives a row's node as ID, the designer's name ("" when none)
// and type, so 当前节点 can title an unnamed node by its type; 我发起的 once gave the bare ID.
func TestBoxesNameTheNode(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		o := newOrg(t, g)
		unnamed := approver("n1", "or", users(o.ref("lead")), pass)
		unnamed.Name = ""
		form := o.publish(t, start(unnamed, approver("n2", "or", users(o.ref("bob")), pass)))
		id := o.start(t, form, "ann", nil)
		row := func(who, box string) workflow.TaskRow {
			t.Helper()
			rows, _, err := o.s.Tasks(ctx, o.p[who], box, "", 0, 10)
			if err != nil || len(rows) != 1 {
				t.Fatalf("%s %s: %v %+v", who, box, err, rows)
			}
			return rows[0]
		}
		want := func(got workflow.TaskRow, nodeID, name, typ string) {
			t.Helper()
			if got.InstanceID != id || got.NodeID != nodeID || got.NodeName != name || got.NodeType != typ {
				t.Fatalf("row %+v, want node %q named %q of type %q", got, nodeID, name, typ)
			}
		}
		want(row("ann", workflow.BoxMine), "n1", "", workflow.NApprover)
		want(row("lead", workflow.BoxTodo), "n1", "", workflow.NApprover)
		if err := o.act("lead", id, workflow.Action{Name: "approve"}); err != nil {
			t.Fatal(err)
		}
		want(row("ann", workflow.BoxMine), "n2", "审批n2", workflow.NApprover)
		want(row("lead", workflow.BoxDone), "n1", "", workflow.NApprover)
		if err := o.act("bob", id, workflow.Action{Name: "approve"}); err != nil {
			t.Fatal(err)
		}
		want(row("ann", workflow.BoxMine), "", "", "")
	})
}

// TestProblemsNameUnnamedNodes: a publish problem on a node without a name names it as the
// designer's canvas titles it (审批人), never with an empty name before the colon.
func TestProblemsNameUnnamedNodes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		o := newOrg(t, g)
		unnamed := approver("n1", "or", workflow.Assignee{Kind: "users"}, pass)
		unnamed.Name = " "
		cc := &workflow.Node{ID: "c1", Type: workflow.NCC}
		got := o.problems(t, "无名节点", start(unnamed, cc))
		if got["n1"] != "审批人：请设置审批人" || got["c1"] != "抄送人：请选择抄送人" {
			t.Fatalf("problems %v", got)
		}
	})
}

// TestProblemsNameUnnamedBranches: a problem on a branch without a name names it as the designer
// names a new branch (条件{priority}, 默认), never with an empty name before the colon.
func TestProblemsNameUnnamedBranches(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		o := newOrg(t, g)
		bare := branch("b1", 2, false, nil)
		bare.Name = ""
		def := branch("b2", 1, true, nil, workflow.Condition{Kind: "field", Field: "amount", Op: "gt", Value: 1.0})
		def.Name = "  "
		got := o.problems(t, "无名分支", start(route("r1", bare, def)))
		if got["b1"] != "条件2：请设置条件" || got["b2"] != "默认：默认分支不能有条件" {
			t.Fatalf("problems %v", got)
		}
	})
}
