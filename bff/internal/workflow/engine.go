package workflow

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"time"

	"gorm.io/gorm"
)

// Errors of the engine; http.go answers them.
var (
	ErrFormNotFound     = errors.New("workflow: no such form")
	ErrNotPublished     = errors.New("workflow: the form has no published version")
	ErrInstanceNotFound = errors.New("workflow: no such instance")
	ErrForbidden        = errors.New("workflow: the caller may not do this now")
	ErrTaskGone         = errors.New("workflow: the task was handled meanwhile")
	ErrFormInUse        = errors.New("workflow: the form has instances")
	ErrBatchNotFound    = errors.New("workflow: no such batch")
	ErrNotRejected      = errors.New("workflow: only a rejected request is sent again")
	ErrResent           = errors.New("workflow: the rejected request was sent again already")
	ErrMixedForms       = errors.New("workflow: a batch approval is of one form")
)

// run is one step of one instance inside its transaction: the instance, its frozen version
// read for running, and the data as a map.
type run struct {
	s      *Service
	ctx    context.Context
	tx     *gorm.DB
	org    Org // reading through tx
	inst   *Instance
	ix     *index
	schema Schema
	data   map[string]any
	passed []string
	now    time.Time
	// actor and comment are of the action being run (0: the system's start), for the Outcome;
	// over: the step ended the instance (notify).
	actor   int64
	comment string
	over    bool
	told    *Outcome // what the Finisher was told, for afterCommit
	news    news     // who to tell once the step commits (announce.go)
}

// load reads an instance and its version into a run on tx.
func (s *Service) load(ctx context.Context, tx *gorm.DB, id int64) (*run, error) {
	var inst Instance
	if err := tx.Where("id = ?", id).Take(&inst).Error; errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrInstanceNotFound
	} else if err != nil {
		return nil, err
	}
	var v FormVersion
	if err := tx.Where("id = ?", inst.VersionID).Take(&v).Error; err != nil {
		return nil, err
	}
	r := &run{s: s, ctx: ctx, tx: tx, org: s.org.In(tx), inst: &inst, now: s.now(), news: news{instance: inst.ID}}
	var root Node
	if err := errors.Join(json.Unmarshal([]byte(v.Schema), &r.schema), json.Unmarshal([]byte(v.Flow), &root),
		json.Unmarshal([]byte(inst.Data), &r.data), json.Unmarshal([]byte(inst.Passed), &r.passed)); err != nil {
		return nil, err
	}
	r.ix = newIndex(&root)
	return r, nil
}

// claim bumps the instance's revision if nobody moved it since it was read: the one guard
// every step passes first, so of two concurrent steps exactly one goes on.
func (r *run) claim() error {
	res := r.tx.Model(&Instance{}).Where("id = ? AND rev = ?", r.inst.ID, r.inst.Rev).Update("rev", r.inst.Rev+1)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected != 1 {
		return ErrTaskGone
	}
	r.inst.Rev++
	return nil
}

// save writes the instance's moving parts.
func (r *run) save() error {
	data, err := json.Marshal(r.data)
	if err != nil {
		return err
	}
	passed, err := json.Marshal(r.passed)
	if err != nil {
		return err
	}
	r.inst.Data, r.inst.Passed = string(data), string(passed)
	if err := r.claimFiles(); err != nil {
		return err
	}
	if err := r.tx.Model(&Instance{}).Where("id = ?", r.inst.ID).Updates(map[string]any{
		"status": r.inst.Status, "data": r.inst.Data, "current": r.inst.Current, "return_from": r.inst.ReturnFrom,
		"passed": r.inst.Passed, "finish_time": r.inst.FinishTime}).Error; err != nil {
		return err
	}
	return r.notify()
}

// step records a line of the timeline.
func (r *run) step(nodeID, action string, user, to int64, comment string) error {
	st := Step{InstanceID: r.inst.ID, NodeID: nodeID, Action: action, Comment: comment, Time: r.now}
	if n := r.ix.nodes[nodeID]; n != nil {
		st.NodeName = n.Name
	}
	if user != 0 {
		st.UserID = &user
	}
	if to != 0 {
		st.ToID = &to
	}
	return r.tx.Create(&st).Error
}

func (r *run) pass(nodeID string) {
	if !slices.Contains(r.passed, nodeID) {
		r.passed = append(r.passed, nodeID)
	}
}

// enter moves the instance into n and on until an approver node waits for someone or the flow
// ends (approved).
func (r *run) enter(n *Node) error {
	for n != nil {
		switch n.Type {
		case NRoute:
			r.pass(n.ID)
			b, err := r.choose(n)
			if err != nil {
				return err
			}
			if b.Next != nil {
				n = b.Next
				continue
			}
		case NCC:
			if err := r.copyTo(n); err != nil {
				return err
			}
		case NApprover:
			waiting, err := r.assign(n)
			if err != nil || waiting {
				return err
			}
		}
		n = r.ix.after[n.ID]
	}
	fin := r.now
	r.inst.Status, r.inst.Current, r.inst.FinishTime = IApproved, "", &fin
	r.ended()
	r.ending(IApproved)
	return r.step("", "finish", 0, 0, "")
}

// copyTo sends copies of the instance to a cc node's users and role holders.
func (r *run) copyTo(n *Node) error {
	users, err := r.org.UsersWithRoles(r.ctx, refIDs(n.Props.Roles))
	if err != nil {
		return err
	}
	ok, err := r.org.EnabledUsers(r.ctx, refIDs(n.Props.Users))
	if err != nil {
		return err
	}
	for _, u := range refIDs(n.Props.Users) {
		if ok[u] {
			users = append(users, u)
		}
	}
	r.pass(n.ID)
	for _, u := range uniq(users) {
		if err := r.tx.Create(&CC{InstanceID: r.inst.ID, UserID: u, NodeID: n.ID, CreateTime: r.now}).Error; err != nil {
			return err
		}
	}
	return r.step(n.ID, "cc", 0, 0, "")
}

// assign creates the tasks of an approver node; waiting is false when nobody resolved and the
// node passed by itself.
func (r *run) assign(n *Node) (waiting bool, err error) {
	users, skipped, err := r.approvers(n)
	if err != nil {
		return false, err
	}
	if len(users) == 0 {
		to, err := r.fallback(n, skipped)
		if err != nil {
			return false, err
		}
		if to == 0 {
			r.pass(n.ID)
			return false, r.step(n.ID, "auto_pass", 0, 0, "")
		}
		users = []int64{to}
		if err := r.step(n.ID, "to_admin", 0, to, ""); err != nil {
			return false, err
		}
	}
	for i, u := range users {
		status := TPending
		if n.Props.Mode == ModeSeq && i > 0 {
			status = TWaiting
		}
		t := Task{InstanceID: r.inst.ID, NodeID: n.ID, NodeName: n.Name, AssigneeID: u, Seq: i, Status: status, CreateTime: r.now}
		if err := r.tx.Create(&t).Error; err != nil {
			return false, err
		}
		if status == TPending {
			r.taskFor(u)
		}
	}
	r.inst.Current = n.ID
	return true, nil
}

// closeTasks cancels the open tasks of the instance (the node or the instance finished).
func (r *run) closeTasks() error {
	var had []int64
	if err := r.tx.Model(&Task{}).Where("instance_id = ? AND status = ?", r.inst.ID, TPending).Pluck("assignee_id", &had).Error; err != nil {
		return err
	}
	r.news.todo = append(r.news.todo, had...)
	return r.tx.Model(&Task{}).Where("instance_id = ? AND status IN ?", r.inst.ID, []string{TPending, TWaiting}).
		Updates(map[string]any{"status": TCancelled, "finish_time": r.now}).Error
}

// finish ends the instance with status.
func (r *run) finish(status string) error {
	fin := r.now
	r.inst.Status, r.inst.Current, r.inst.FinishTime = status, "", &fin
	r.ended()
	r.ending(status)
	return r.closeTasks()
}
