package workflow_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/attach"
	"mallconsole/bff/internal/auth"
	"mallconsole/bff/internal/dept"
	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/role"
	"mallconsole/bff/internal/user"
	"mallconsole/bff/internal/workflow"
)

// org is the engine's test company: 公司 (heads boss1, boss2) ⊃ 研发部 (head lead) where ann and
// bob work; hr holds the role 人事; admin is a fallback approver; amy is in no department.
type org struct {
	s                     *workflow.Service
	g                     *gorm.DB
	users                 map[string]int64
	p                     map[string]*authz.Principal
	hrRole, company, team int64
}

func newOrg(t testing.TB, g *gorm.DB) *org {
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
	o := &org{g: g, users: map[string]int64{}, p: map[string]*authz.Principal{}}
	o.s = workflow.NewService(workflow.NewStore(g), users, dicts, attach.New(g, disk, attach.Options{}), a, func() time.Time { return now })
	company, err := depts.Ensure(ctx, nil, "公司", 1)
	if err != nil {
		t.Fatal(err)
	}
	team, err := depts.Ensure(ctx, &company.ID, "研发部", 1)
	if err != nil {
		t.Fatal(err)
	}
	o.company, o.team = company.ID, team.ID
	hr, err := roles.Ensure(ctx, role.Role{Name: "人事", Level: 3, DataScope: "全部"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	o.hrRole = hr.ID
	for _, name := range []string{"ann", "bob", "lead", "boss1", "boss2", "hr", "admin", "amy", "eve"} {
		u := user.User{Username: name, NickName: name, Enabled: true, Kind: authz.KindStaff}
		if name != "amy" && name != "admin" {
			u.DeptID = &team.ID
		}
		var rs []int64
		if name == "hr" {
			rs = []int64{hr.ID}
		}
		if err := users.Create(ctx, &u, rs); err != nil {
			t.Fatal(err)
		}
		o.users[name] = u.ID
		o.p[name] = &authz.Principal{UserID: u.ID, Kind: authz.KindStaff, Username: name}
	}
	if err := depts.SetLeaders(ctx, team.ID, []int64{o.users["lead"]}); err != nil {
		t.Fatal(err)
	}
	if err := depts.SetLeaders(ctx, company.ID, []int64{o.users["boss1"], o.users["boss2"]}); err != nil {
		t.Fatal(err)
	}
	return o
}

func (o *org) ref(name string) workflow.Ref { return workflow.Ref{ID: o.users[name], Name: name} }

// Flow builders.
func chain(ns ...*workflow.Node) *workflow.Node {
	for i := len(ns) - 2; i >= 0; i-- {
		ns[i].Next = ns[i+1]
	}
	if len(ns) == 0 {
		return nil
	}
	return ns[0]
}

func start(next ...*workflow.Node) *workflow.Node {
	return chain(append([]*workflow.Node{{ID: "start", Type: workflow.NStart, Name: "发起人"}}, next...)...)
}

func approver(id, mode string, a workflow.Assignee, empty workflow.Empty) *workflow.Node {
	return &workflow.Node{ID: id, Type: workflow.NApprover, Name: "审批" + id,
		Props: workflow.NodeProps{Assignee: &a, Mode: mode, Empty: &empty}}
}

func users(rs ...workflow.Ref) workflow.Assignee { return workflow.Assignee{Kind: "users", Users: rs} }

var pass = workflow.Empty{Action: "pass"}

func route(id string, bs ...workflow.Branch) *workflow.Node {
	return &workflow.Node{ID: id, Type: workflow.NRoute, Name: "条件" + id, Branches: bs}
}

func branch(id string, prio int, def bool, next *workflow.Node, cs ...workflow.Condition) workflow.Branch {
	return workflow.Branch{ID: id, Name: "分支" + id, Priority: prio, Default: def, Conditions: cs, Next: next}
}

// testSchema: amount (number), kind (select a/b), days (leaveRange), note (text).
func testSchema() workflow.Schema {
	return workflow.Schema{Fields: []workflow.Field{
		{Key: "amount", Type: workflow.TAmount, Label: "金额"},
		{Key: "kind", Type: workflow.TSelect, Label: "类别", Options: []workflow.Option{{Label: "甲", Value: "a"}, {Label: "乙", Value: "b"}}},
		{Key: "days", Type: workflow.TLeaveRange, Label: "请假"},
		{Key: "note", Type: workflow.TText, Label: "备注"},
	}}
}

// publish saves and publishes a form with flow, answering its ID.
func (o *org) publish(t testing.TB, flow *workflow.Node) int64 {
	t.Helper()
	ctx := context.Background()
	// A round trip through JSON, as the API stores it (numbers become float64 in conditions).
	b, _ := json.Marshal(flow)
	var root workflow.Node
	if err := json.Unmarshal(b, &root); err != nil {
		t.Fatal(err)
	}
	id, err := o.s.SaveForm(ctx, workflow.FormInput{Name: "测试", Group: "测试", Schema: testSchema(), Flow: &root})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := o.s.Publish(ctx, id); err != nil {
		t.Fatalf("publish: %v", err)
	}
	return id
}

// problems saves a flow that must not publish and gives each node's problem messages, joined.
func (o *org) problems(t testing.TB, name string, flow *workflow.Node) map[string]string {
	t.Helper()
	ctx := context.Background()
	id, err := o.s.SaveForm(ctx, workflow.FormInput{Name: name, Schema: testSchema(), Flow: flow})
	if err != nil {
		t.Fatal(err)
	}
	_, err = o.s.Publish(ctx, id)
	var probs *workflow.FlowProblems
	if !errors.As(err, &probs) {
		t.Fatalf("publish %s: %v", name, err)
	}
	got := map[string]string{}
	for _, p := range probs.Problems {
		got[p.NodeID] += p.Message
	}
	return got
}

func (o *org) start(t testing.TB, form int64, who string, data map[string]any) int64 {
	t.Helper()
	_, ids, err := o.s.Start(context.Background(), o.p[who], form, data, nil)
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	return ids[0]
}

func (o *org) act(who string, id int64, a workflow.Action) error {
	return o.s.Act(context.Background(), o.p[who], id, a)
}

func (o *org) view(t *testing.T, who string, id int64) workflow.InstanceView {
	t.Helper()
	v, err := o.s.Detail(context.Background(), o.p[who], id)
	if err != nil {
		t.Fatalf("%s views %d: %v", who, id, err)
	}
	return v
}

// pendingNames lists who the instance waits for.
func (o *org) pendingNames(v workflow.InstanceView) []string {
	var out []string
	for _, p := range v.Pending {
		for _, u := range p.Users {
			out = append(out, u.Name)
		}
	}
	return out
}
