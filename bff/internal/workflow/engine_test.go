package workflow_test

import (
	"context"
	"slices"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/workflow"
)

type move struct {
	who string
	a   workflow.Action
	err error
}

func mv(who, action string, err error) move {
	return move{who: who, a: workflow.Action{Name: action}, err: err}
}

// TestFlowsAndActions runs each flow through a sequence of actions and checks where the
// instance ends: its status and whom it waits for.
func TestFlowsAndActions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		o := newOrg(t, g)
		u := func(names ...string) workflow.Assignee {
			var rs []workflow.Ref
			for _, n := range names {
				rs = append(rs, o.ref(n))
			}
			return users(rs...)
		}
		leader := func(from, levels int) workflow.Assignee {
			return workflow.Assignee{Kind: "leader", FromLevel: from, Levels: levels}
		}
		toAdmin := workflow.Empty{Action: "admin", Admin: &workflow.Ref{ID: o.users["admin"], Name: "admin"}}
		two := func() *workflow.Node {
			return start(approver("n1", "or", u("lead"), pass), approver("n2", "or", u("bob"), pass))
		}
		byAmount := func() *workflow.Node {
			return start(route("r", branch("big", 1, false, approver("n1", "or", u("lead"), pass),
				workflow.Condition{Kind: "field", Field: "amount", Op: "gt", Value: 100.0}),
				branch("def", 2, true, approver("n2", "or", u("bob"), pass))))
		}
		cases := []struct {
			name    string
			flow    *workflow.Node
			who     string
			data    map[string]any
			moves   []move
			status  string
			pending []string
		}{
			{"or: one of them", start(approver("n1", "or", u("lead", "bob"), pass)), "ann", nil,
				[]move{mv("lead", "approve", nil), mv("bob", "approve", workflow.ErrTaskGone)}, "approved", nil},
			{"and: all of them", start(approver("n1", "and", u("lead", "bob"), pass)), "ann", nil,
				[]move{mv("lead", "approve", nil)}, "running", []string{"bob"}},
			{"and: all approved", start(approver("n1", "and", u("lead", "bob"), pass)), "ann", nil,
				[]move{mv("lead", "approve", nil), mv("bob", "approve", nil)}, "approved", nil},
			{"seq: in order", start(approver("n1", "seq", u("lead", "bob"), pass)), "ann", nil,
				[]move{mv("bob", "approve", workflow.ErrForbidden), mv("lead", "approve", nil)}, "running", []string{"bob"}},
			{"role", start(approver("n1", "or", workflow.Assignee{Kind: "role", Roles: []workflow.Ref{{ID: o.hrRole}}}, pass)), "ann", nil,
				nil, "running", []string{"hr"}},
			{"leader level 1", start(approver("n1", "or", leader(1, 1), pass)), "ann", nil, nil, "running", []string{"lead"}},
			{"leader level 2 only, 会签", start(approver("n1", "and", leader(2, 2), pass)), "ann", nil,
				[]move{mv("boss1", "approve", nil)}, "running", []string{"boss2"}},
			{"empty → pass", start(approver("n1", "or", leader(1, 1), pass)), "amy", nil, nil, "approved", nil},
			{"empty → admin", start(approver("n1", "or", leader(1, 1), toAdmin)), "amy", nil, nil, "running", []string{"admin"}},
			{"self: the initiator picks", start(approver("n1", "or", workflow.Assignee{Kind: "self"}, pass)), "ann",
				map[string]any{"__approvers_n1": []any{float64(o.users["eve"])}}, nil, "running", []string{"eve"}},
			{"route: condition holds", byAmount(), "ann", map[string]any{"amount": 500.0}, nil, "running", []string{"lead"}},
			{"route: default branch", byAmount(), "ann", map[string]any{"amount": 50.0}, nil, "running", []string{"bob"}},
			{"route: empty default branch ends the flow", start(route("r",
				branch("b", 1, false, approver("n1", "or", u("lead"), pass), workflow.Condition{Kind: "field", Field: "kind", Op: "in", Value: []any{"b"}}),
				branch("d", 2, true, nil))), "ann", map[string]any{"kind": "a"}, nil, "approved", nil},
			{"route: select in", start(route("r",
				branch("b", 1, false, approver("n1", "or", u("lead"), pass), workflow.Condition{Kind: "field", Field: "kind", Op: "in", Value: []any{"b"}}),
				branch("d", 2, true, nil))), "ann", map[string]any{"kind": "b"}, nil, "running", []string{"lead"}},
			{"route: leave days, priority", start(route("r",
				branch("long", 2, false, approver("n2", "or", u("bob"), pass), workflow.Condition{Kind: "field", Field: "days", Op: "gt", Value: 1.0}),
				branch("short", 1, false, approver("n1", "or", u("lead"), pass), workflow.Condition{Kind: "field", Field: "days", Op: "le", Value: 3.0}),
				branch("d", 3, true, nil))), "ann", map[string]any{"days": []any{"2026-06-02 09:00:00", "2026-06-04 09:00:00"}},
				nil, "running", []string{"lead"}},
			{"route: the initiator's department or below", start(route("r",
				branch("co", 1, false, approver("n1", "or", u("lead"), pass), workflow.Condition{Kind: "dept", Depts: []workflow.Ref{{ID: o.company}}}),
				branch("d", 2, true, approver("n2", "or", u("bob"), pass)))), "ann", nil, nil, "running", []string{"lead"}},
			{"reject needs a comment", two(), "ann", nil, []move{mv("lead", "reject", &workflow.Invalid{})}, "running", []string{"lead"}},
			{"reject", two(), "ann", nil, []move{{who: "lead", a: workflow.Action{Name: "reject", Comment: "不行"}}}, "rejected", nil},
			{"return to the initiator, resubmit continues at the returning node", two(), "ann", nil, []move{
				mv("lead", "approve", nil), {who: "bob", a: workflow.Action{Name: "return", NodeID: "start", Comment: "补充"}},
				mv("ann", "resubmit", nil)}, "running", []string{"bob"}},
			{"resubmit with changed data runs the flow again, routed by the new data", byAmount(), "ann", map[string]any{"amount": 500.0}, []move{
				{who: "lead", a: workflow.Action{Name: "return", NodeID: "start"}},
				{who: "ann", a: workflow.Action{Name: "resubmit", Data: map[string]any{"amount": 50.0}}}}, "running", []string{"bob"}},
			{"resubmit with the data unchanged continues at the returning node", byAmount(), "ann", map[string]any{"amount": 500.0}, []move{
				{who: "lead", a: workflow.Action{Name: "return", NodeID: "start"}},
				{who: "ann", a: workflow.Action{Name: "resubmit", Data: map[string]any{"amount": 500.0}}}}, "running", []string{"lead"}},
			{"returned: waits for the initiator", two(), "ann", nil, []move{
				{who: "lead", a: workflow.Action{Name: "return", NodeID: "start"}}, mv("lead", "approve", workflow.ErrTaskGone)}, "returned", []string{"ann"}},
			{"return to an earlier approval node", two(), "ann", nil, []move{
				mv("lead", "approve", nil), {who: "bob", a: workflow.Action{Name: "return", NodeID: "n1"}}}, "running", []string{"lead"}},
			{"return to a node not passed", two(), "ann", nil, []move{
				{who: "lead", a: workflow.Action{Name: "return", NodeID: "n2"}, err: &workflow.Invalid{}}}, "running", []string{"lead"}},
			{"after a return to n1 the flow goes on through n2", two(), "ann", nil, []move{
				mv("lead", "approve", nil), {who: "bob", a: workflow.Action{Name: "return", NodeID: "n1"}}, mv("lead", "approve", nil)},
				"running", []string{"bob"}},
			{"transfer", two(), "ann", nil, []move{{who: "lead", a: workflow.Action{Name: "transfer", UserID: o.users["eve"]}},
				mv("lead", "approve", workflow.ErrForbidden)}, "running", []string{"eve"}},
			{"transfer to oneself", two(), "ann", nil, []move{{who: "lead", a: workflow.Action{Name: "transfer", UserID: o.users["lead"]}, err: &workflow.Invalid{}}},
				"running", []string{"lead"}},
			{"withdraw while nobody acted", two(), "ann", nil, []move{mv("bob", "withdraw", workflow.ErrForbidden), mv("ann", "withdraw", nil),
				mv("lead", "approve", workflow.ErrTaskGone)}, "withdrawn", nil},
			{"no withdraw once an approver acted", start(approver("n1", "and", u("lead", "bob"), pass)), "ann", nil,
				[]move{mv("lead", "approve", nil), mv("ann", "withdraw", workflow.ErrForbidden)}, "running", []string{"bob"}},
			{"an outsider may not act", two(), "ann", nil, []move{mv("eve", "approve", workflow.ErrForbidden),
				mv("eve", "resubmit", workflow.ErrForbidden)}, "running", []string{"lead"}},
			{"cc then approve", start(&workflow.Node{ID: "c", Type: workflow.NCC, Name: "抄送",
				Props: workflow.NodeProps{Roles: []workflow.Ref{{ID: o.hrRole}}}}, approver("n1", "or", u("lead"), pass)), "ann", nil,
				[]move{mv("lead", "approve", nil)}, "approved", nil},
		}
		for _, c := range cases {
			form := o.publish(t, c.flow)
			id := o.start(t, form, c.who, c.data)
			for i, m := range c.moves {
				err := o.act(m.who, id, m.a)
				if inv, ok := m.err.(*workflow.Invalid); ok && inv != nil {
					var got *workflow.Invalid
					if !asInvalid(err, &got) {
						t.Fatalf("%s: move %d (%s %s): %v, want a 400", c.name, i, m.who, m.a.Name, err)
					}
					continue
				}
				if (m.err == nil) != (err == nil) || (m.err != nil && !errorsIs(err, m.err)) {
					t.Fatalf("%s: move %d (%s %s): %v, want %v", c.name, i, m.who, m.a.Name, err, m.err)
				}
			}
			v := o.view(t, c.who, id)
			if v.Status != c.status || !slices.Equal(o.pendingNames(v), c.pending) {
				t.Fatalf("%s: status %s waiting for %v, want %s %v (timeline %+v)", c.name, v.Status, o.pendingNames(v), c.status, c.pending, v.Timeline)
			}
		}
	})
}

// TestCopiesAndBoxes: a cc node copies to the role's holders; the boxes list what each has.
func TestCopiesAndBoxes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		o := newOrg(t, g)
		form := o.publish(t, start(approver("n1", "or", users(o.ref("lead")), pass),
			&workflow.Node{ID: "c", Type: workflow.NCC, Name: "抄送", Props: workflow.NodeProps{Roles: []workflow.Ref{{ID: o.hrRole}}}}))
		id := o.start(t, form, "ann", nil)
		count := func(who string) int64 {
			n, err := o.s.TodoCount(ctx, o.p[who])
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		box := func(who, b string) []int64 {
			rows, n, err := o.s.Tasks(ctx, o.p[who], b, "", 0, 10)
			if err != nil || int(n) != len(rows) {
				t.Fatalf("%s %s: %v %d", who, b, err, n)
			}
			var ids []int64
			for _, r := range rows {
				ids = append(ids, r.InstanceID)
			}
			return ids
		}
		if count("lead") != 1 || len(box("hr", "cc")) != 0 || !slices.Equal(box("ann", "mine"), []int64{id}) {
			t.Fatal("before approval: lead has one todo, hr no copy, ann one instance")
		}
		if _, err := o.s.Detail(ctx, o.p["hr"], id); !errorsIs(err, workflow.ErrForbidden) {
			t.Fatalf("hr sees the instance before the copy: %v", err)
		}
		if err := o.act("lead", id, workflow.Action{Name: "approve"}); err != nil {
			t.Fatal(err)
		}
		if count("lead") != 0 || !slices.Equal(box("lead", "done"), []int64{id}) || !slices.Equal(box("hr", "cc"), []int64{id}) {
			t.Fatal("after approval: lead's task is done, hr has the copy")
		}
		o.view(t, "hr", id)
		for q, want := range map[string]int{"测": 1, "无此表单": 0} {
			for _, b := range []string{"done", "mine"} {
				who := map[string]string{"done": "lead", "mine": "ann"}[b]
				if rows, n, err := o.s.Tasks(ctx, o.p[who], b, q, 0, 10); err != nil || len(rows) != want || int(n) != want {
					t.Fatalf("%s box searched for %q: %d rows, %d, %v", b, q, len(rows), n, err)
				}
			}
		}
		if _, _, err := o.s.Tasks(ctx, o.p["hr"], "nope", "", 0, 10); !asInvalid(err, new(*workflow.Invalid)) {
			t.Fatalf("an unknown box: %v", err)
		}
	})
}
