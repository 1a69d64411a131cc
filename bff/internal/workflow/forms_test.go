package workflow_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/workflow"
)

func fp(v float64) *float64 { return &v }
func ip(v int) *int         { return &v }

// TestSchemaValidation: each bad schema is refused naming the path of the bad property.
func TestSchemaValidation(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		o := newOrg(t, g)
		ok := workflow.Field{Key: "a", Type: workflow.TText, Label: "甲"}
		with := func(f workflow.Field) workflow.Schema { return workflow.Schema{Fields: []workflow.Field{ok, f}} }
		f := func(mod func(*workflow.Field)) workflow.Schema { x := ok; x.Key = "b"; mod(&x); return with(x) }
		cases := []struct {
			name   string
			schema workflow.Schema
			field  string
		}{
			{"a key with a space", f(func(x *workflow.Field) { x.Key = "b c" }), "fields[1].key"},
			{"a repeated key", with(ok), "fields[1].key"},
			{"an unknown type", f(func(x *workflow.Field) { x.Type = "map" }), "fields[1].type"},
			{"no label", f(func(x *workflow.Field) { x.Label = "" }), "fields[1].label"},
			{"a dictionary that does not exist", f(func(x *workflow.Field) { x.Type, x.Dict = workflow.TSelect, "nope" }), "fields[1].dict"},
			{"a select without options", f(func(x *workflow.Field) { x.Type = workflow.TSelect }), "fields[1].dict"},
			{"repeated option values", f(func(x *workflow.Field) {
				x.Type, x.Options = workflow.TSelect, []workflow.Option{{Label: "a", Value: "1"}, {Label: "b", Value: "1"}}
			}), "fields[1].options[1].value"},
			{"min above max", f(func(x *workflow.Field) { x.Type, x.Min, x.Max = workflow.TNumber, fp(5), fp(1) }), "fields[1].min"},
			{"precision 5", f(func(x *workflow.Field) { x.Type, x.Precision = workflow.TNumber, ip(5) }), "fields[1].precision"},
			{"21 files", f(func(x *workflow.Field) { x.Type, x.MaxCount = workflow.TUpload, ip(21) }), "fields[1].maxCount"},
			{"a default outside the bounds", f(func(x *workflow.Field) { x.Type, x.Max, x.Default = workflow.TNumber, fp(3), 9.0 }), "fields[1].default"},
			{"a default not among the options", f(func(x *workflow.Field) {
				x.Type, x.Dict, x.Default = workflow.TSelect, workflow.LeaveTypeDict, "holiday"
			}), "fields[1].default"},
		}
		for _, c := range cases {
			_, err := o.s.SaveForm(context.Background(), workflow.FormInput{Name: "表", Schema: c.schema})
			var inv *workflow.Invalid
			if !errors.As(err, &inv) || inv.Field != c.field {
				t.Errorf("%s: %v, want 400 on %s", c.name, err, c.field)
			}
		}
		good := with(workflow.Field{Key: "t", Type: workflow.TSelect, Label: "类型", Dict: workflow.LeaveTypeDict, Default: "sick"})
		if _, err := o.s.SaveForm(context.Background(), workflow.FormInput{Name: "表", Schema: good}); err != nil {
			t.Fatalf("a good schema: %v", err)
		}
	})
}

// TestFlowValidation: publishing names every bad node.
func TestFlowValidation(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		o := newOrg(t, g)
		noAssignee := approver("n1", "or", workflow.Assignee{Kind: "users"}, pass)
		noEmpty := approver("n2", "or", users(o.ref("lead")), workflow.Empty{})
		adminless := approver("n3", "or", workflow.Assignee{Kind: "leader", Levels: 1}, workflow.Empty{Action: "admin"})
		ghost := approver("n4", "or", users(workflow.Ref{ID: 999999, Name: "ghost"}), pass)
		oneBranch := route("r1", branch("b1", 1, true, nil))
		badField := route("r2", branch("b2", 1, false, nil, workflow.Condition{Kind: "field", Field: "nope", Op: "gt", Value: 1.0}),
			branch("b3", 2, true, nil))
		badOp := route("r3", branch("b4", 1, false, nil, workflow.Condition{Kind: "field", Field: "kind", Op: "gt", Value: 1.0}),
			branch("b5", 2, true, nil))
		perms := approver("n5", "or", users(o.ref("lead")), pass)
		perms.Props.FieldPerms = map[string]string{"nope": "edit"}
		ccEdit := &workflow.Node{ID: "c1", Type: workflow.NCC, Props: workflow.NodeProps{Users: []workflow.Ref{o.ref("hr")},
			FieldPerms: map[string]string{"note": "edit", "amount": "hidden"}}}
		named := o.problems(t, "坏流程", start(noAssignee, noEmpty, adminless, ghost, oneBranch, badField, badOp, perms, ccEdit))
		for node, part := range map[string]string{"n1": "请设置审批人", "n2": "为空时", "n3": "管理员", "n4": "ghost",
			"r1": "默认分支", "b2": "nope", "b4": "类别", "n5": "字段权限", "c1": "抄送人只能查看，字段备注（note）不能设为可编辑"} {
			if !strings.Contains(named[node], part) {
				t.Errorf("node %s: %q, want it to say %q", node, named[node], part)
			}
		}
	})
}

// TestDraftsNeverChangeVersions: saving a draft leaves the published version and its running
// instances as they were; publishing again makes version 2 for new instances only.
func TestDraftsNeverChangeVersions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		o := newOrg(t, g)
		form := o.publish(t, start(approver("n1", "or", users(o.ref("lead")), pass)))
		old := o.start(t, form, "ann", nil)
		in := workflow.FormInput{ID: form, Name: "测试", Schema: testSchema(), Flow: start(approver("n1", "or", users(o.ref("bob")), pass))}
		if _, err := o.s.SaveForm(ctx, in); err != nil {
			t.Fatal(err)
		}
		f, v, err := o.s.FormByID(ctx, form)
		if err != nil || f.Version != 1 || !f.DraftChanged || !strings.Contains(v.Flow, `"id":`+itoa(o.users["lead"])) {
			t.Fatalf("after a draft: %+v %+v %v", f, v, err)
		}
		if got := o.pendingNames(o.view(t, "ann", o.start(t, form, "ann", nil))); len(got) != 1 || got[0] != "lead" {
			t.Fatalf("a new instance before publishing runs version 1: %v", got)
		}
		if n, err := o.s.Publish(ctx, form); err != nil || n.Version != 2 {
			t.Fatalf("publish again: %+v %v", n, err)
		}
		if got := o.pendingNames(o.view(t, "ann", old)); got[0] != "lead" {
			t.Fatalf("the old instance keeps version 1: %v", got)
		}
		if got := o.pendingNames(o.view(t, "ann", o.start(t, form, "ann", nil))); got[0] != "bob" {
			t.Fatalf("a new instance runs version 2: %v", got)
		}
		if err := o.s.DeleteForms(ctx, []int64{form}); !errors.Is(err, workflow.ErrFormInUse) {
			t.Fatalf("deleting a used form: %v", err)
		}
		if _, _, err := o.s.Start(ctx, o.p["ann"], form, nil, nil); !errors.Is(err, workflow.ErrFormNotFound) {
			t.Fatalf("starting a disabled form: %v", err)
		}
		if got := o.view(t, "ann", old); got.Form.Version != 1 {
			t.Fatalf("an instance of a disabled form still reads: %+v", got.Form)
		}
	})
}
