package workflow_test

import (
	"context"
	"slices"
	"strconv"
	"sync"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/notify"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/workflow"
)

// recorder is a Notifier that keeps what it was told.
type recorder struct {
	mu   sync.Mutex
	sent []sent
	todo []int64
}

type sent struct {
	to notify.Audience
	m  notify.Message
}

func (r *recorder) Send(_ context.Context, to notify.Audience, m notify.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sent = append(r.sent, sent{to, m})
	return nil
}

func (r *recorder) Todo(_ context.Context, ids ...int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.todo = append(r.todo, ids...)
}

// take answers what was recorded since the last take and forgets it.
func (r *recorder) take() ([]sent, []int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s, t := r.sent, r.todo
	r.sent, r.todo = nil, nil
	return s, t
}

// TestTheEngineTellsPeople: a new task tells its assignee (a message and their 待办), an action
// nudges the approver's 待办 and tells the starter how the request ended; a copy is no task.
func TestTheEngineTellsPeople(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		o := newOrg(t, g)
		rec := &recorder{}
		o.s.Notify(rec, nil)
		cc := &workflow.Node{ID: "c1", Type: workflow.NCC, Props: workflow.NodeProps{Users: []workflow.Ref{o.ref("hr")}}}
		form := o.publish(t, start(cc, approver("n1", "or", users(o.ref("lead"), o.ref("bob")), pass)))
		link := func(id int64) string { return "/flowDetail?id=" + strconv.FormatInt(id, 10) }

		id := o.start(t, form, "ann", map[string]any{"note": "出差报销"})
		s, todo := rec.take()
		if len(s) != 1 || s[0].m.Type != notify.ApprovalTask || s[0].m.Title != "待审批：测试 · ann" ||
			s[0].m.Body != "备注：出差报销" || s[0].m.Link != link(id) {
			t.Fatalf("start told %+v", s)
		}
		if got := slices.Sorted(slices.Values(s[0].to.UserIDs)); !slices.Equal(got, sorted(o.users["lead"], o.users["bob"])) {
			t.Fatalf("the task went to %v, want lead and bob (not hr, who has a copy)", got)
		}
		if !slices.Equal(slices.Sorted(slices.Values(todo)), sorted(o.users["lead"], o.users["bob"])) {
			t.Fatalf("todo after start: %v", todo)
		}

		if err := o.act("lead", id, workflow.Action{Name: workflow.AApprove, Comment: "同意"}); err != nil {
			t.Fatal(err)
		}
		s, todo = rec.take()
		if len(s) != 1 || s[0].m.Type != notify.RequestResult || s[0].m.Title != "申请已通过：测试" || s[0].m.Body != "同意" ||
			!slices.Equal(s[0].to.UserIDs, []int64{o.users["ann"]}) || s[0].m.Link != link(id) {
			t.Fatalf("approve told %+v", s)
		}
		// lead's task is done and bob's (或签) cancelled: both counts changed.
		if !slices.Equal(slices.Sorted(slices.Values(todo)), sorted(o.users["lead"], o.users["bob"])) {
			t.Fatalf("todo after approve: %v", todo)
		}

		id = o.start(t, form, "ann", nil)
		rec.take()
		if err := o.act("bob", id, workflow.Action{Name: workflow.AReject, Comment: "材料不全"}); err != nil {
			t.Fatal(err)
		}
		s, _ = rec.take()
		if len(s) != 1 || s[0].m.Title != "申请被驳回：测试" || s[0].m.Body != "材料不全" {
			t.Fatalf("reject told %+v", s)
		}

		id = o.start(t, form, "ann", nil)
		rec.take()
		if err := o.act("bob", id, workflow.Action{Name: workflow.AReturn, NodeID: "start", Comment: "补充说明"}); err != nil {
			t.Fatal(err)
		}
		s, _ = rec.take()
		if len(s) != 1 || s[0].m.Title != "申请被退回：测试" || s[0].m.Body != "补充说明" {
			t.Fatalf("return told %+v", s)
		}
		if err := o.act("ann", id, workflow.Action{Name: workflow.AResubmit}); err != nil {
			t.Fatal(err)
		}
		if s, _ = rec.take(); len(s) != 1 || s[0].m.Type != notify.ApprovalTask {
			t.Fatalf("resubmit told %+v", s)
		}
		if err := o.act("bob", id, workflow.Action{Name: workflow.ATransfer, UserID: o.users["eve"]}); err != nil {
			t.Fatal(err)
		}
		s, todo = rec.take()
		if len(s) != 1 || !slices.Equal(s[0].to.UserIDs, []int64{o.users["eve"]}) || s[0].m.Type != notify.ApprovalTask {
			t.Fatalf("transfer told %+v", s)
		}
		if !slices.Contains(todo, o.users["bob"]) || !slices.Contains(todo, o.users["eve"]) {
			t.Fatalf("todo after transfer: %v", todo)
		}

		// A refused action tells nobody.
		if err := o.act("ann", id, workflow.Action{Name: workflow.AApprove}); err == nil {
			t.Fatal("ann approved her own request")
		}
		if s, todo = rec.take(); len(s)+len(todo) != 0 {
			t.Fatalf("a refused action told %+v %v", s, todo)
		}
	})
}

func sorted(ids ...int64) []int64 { return slices.Sorted(slices.Values(ids)) }
