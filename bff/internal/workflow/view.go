package workflow

import (
	"context"
	"slices"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
)

// InstanceView is GET /api/workflow/instances/{id} (docs/workflow.md "Instances").
type InstanceView struct {
	ID             int64             `json:"id"`
	Status         string            `json:"status" enum:"running,approved,rejected,withdrawn,returned"`
	Form           FormRef           `json:"form"`
	Data           map[string]any    `json:"data"`
	Applicant      Ref               `json:"applicant"`
	CreateTime     string            `json:"createTime"`
	BatchID        *int64            `json:"batchId"`
	CurrentNodeIDs []string          `json:"currentNodeIds"`
	PassedNodeIDs  []string          `json:"passedNodeIds"`
	Pending        []PendingNode     `json:"pending"`
	Timeline       []StepView        `json:"timeline"`
	Actions        []string          `json:"actions"`
	ReturnTargets  []ReturnTarget    `json:"returnTargets"`
	FieldPerms     map[string]string `json:"fieldPerms"`
	// Ref is the record the instance was started for (a 退款审批's after-sales case), absent
	// when none.
	Ref *InstanceRef `json:"ref,omitempty"`
	// ResubmitOf is the rejected request this one sends again; ResentAs the request that sent
	// this rejected one again. Absent when none.
	ResubmitOf *int64 `json:"resubmitOf,omitempty"`
	ResentAs   *int64 `json:"resentAs,omitempty"`
}

// FormRef is the version an instance runs.
type FormRef struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Version int    `json:"version"`
	Schema  Schema `json:"schema"`
	Flow    *Node  `json:"flow"`
}

// PendingNode is who the current node waits for.
type PendingNode struct {
	NodeID   string `json:"nodeId"`
	NodeName string `json:"nodeName"`
	Users    []Ref  `json:"users"`
}

// StepView is a line of the timeline.
type StepView struct {
	ID       int64  `json:"id"`
	NodeID   string `json:"nodeId"`
	NodeName string `json:"nodeName"`
	Action   string `json:"action" enum:"submit,approve,reject,withdraw,return,resubmit,transfer,cc,auto_pass,to_admin,finish"`
	User     *Ref   `json:"user"`
	Comment  string `json:"comment"`
	Time     string `json:"time"`
	To       *Ref   `json:"to"`
}

// ReturnTarget is a node an approver may return the instance to.
type ReturnTarget struct {
	NodeID string `json:"nodeId"`
	Name   string `json:"name"`
}

// Detail is an instance as the caller may see it: 403 for someone who is neither its
// initiator, one of its approvers, copied, nor the superuser.
func (s *Service) Detail(ctx context.Context, p *authz.Principal, id int64) (InstanceView, error) {
	var out InstanceView
	// Read without a transaction: the names come from the user store's own connection.
	err := func(tx *gorm.DB) error {
		r, err := s.load(ctx, tx, id)
		if err != nil {
			return err
		}
		var tasks []Task
		var steps []Step
		var copied []string // the cc nodes that copied the caller
		if err := tx.Where("instance_id = ?", id).Order("id").Find(&tasks).Error; err != nil {
			return err
		}
		if err := tx.Where("instance_id = ?", id).Order("id").Find(&steps).Error; err != nil {
			return err
		}
		if err := tx.Model(&CC{}).Where("instance_id = ? AND user_id = ?", id, p.UserID).Distinct().
			Pluck("node_id", &copied).Error; err != nil {
			return err
		}
		mine := slices.IndexFunc(tasks, func(t Task) bool { return t.AssigneeID == p.UserID })
		if !r.isInitiator(p.UserID) && mine < 0 && len(copied) == 0 && !p.IsAdmin {
			return ErrForbidden
		}
		out, err = s.view(ctx, r, p, tasks, steps, copied)
		return err
	}(s.store.db.WithContext(ctx))
	return out, err
}

func (s *Service) view(ctx context.Context, r *run, p *authz.Principal, tasks []Task, steps []Step, copied []string) (InstanceView, error) {
	ids := []int64{r.inst.ApplicantID}
	for _, t := range tasks {
		ids = append(ids, t.AssigneeID)
	}
	for _, st := range steps {
		ids = append(ids, deref(st.UserID), deref(st.ToID))
	}
	people, err := s.users.ByIDs(ctx, ids)
	if err != nil {
		return InstanceView{}, err
	}
	ref := func(id int64) Ref { return Ref{ID: id, Name: people[id].NickName} }
	var f Form
	if err := r.tx.Where("id = ?", r.inst.FormID).Take(&f).Error; err != nil {
		return InstanceView{}, err
	}
	var version int
	if err := r.tx.Model(&FormVersion{}).Select("version").Where("id = ?", r.inst.VersionID).Scan(&version).Error; err != nil {
		return InstanceView{}, err
	}
	v := InstanceView{ID: r.inst.ID, Status: r.inst.Status, Applicant: ref(r.inst.ApplicantID),
		Form:       FormRef{ID: f.ID, Name: f.Name, Version: version, Schema: r.schema, Flow: r.ix.root},
		CreateTime: httpx.FormatTime(r.inst.CreateTime), BatchID: r.inst.BatchID, CurrentNodeIDs: []string{},
		PassedNodeIDs: r.passed, Pending: []PendingNode{}, Timeline: []StepView{}, Actions: []string{},
		ReturnTargets: []ReturnTarget{}, Ref: refOf(f, r.data)}
	if r.inst.Current != "" {
		v.CurrentNodeIDs = append(v.CurrentNodeIDs, r.inst.Current)
		pn := PendingNode{NodeID: r.inst.Current, Users: []Ref{}}
		if n := r.ix.nodes[r.inst.Current]; n != nil {
			pn.NodeName = n.Name
		}
		for _, t := range tasks {
			if t.Status == TPending && t.NodeID == r.inst.Current {
				pn.Users = append(pn.Users, ref(t.AssigneeID))
			}
		}
		if r.inst.Current == "start" { // returned: the initiator is to resubmit
			pn.Users = append(pn.Users, ref(r.inst.ApplicantID))
		}
		v.Pending = append(v.Pending, pn)
	}
	for _, st := range steps {
		sv := StepView{ID: st.ID, NodeID: st.NodeID, NodeName: st.NodeName, Action: st.Action, Comment: st.Comment,
			Time: httpx.FormatTime(st.Time)}
		if st.UserID != nil {
			u := ref(*st.UserID)
			sv.User = &u
		}
		if st.ToID != nil {
			u := ref(*st.ToID)
			sv.To = &u
		}
		v.Timeline = append(v.Timeline, sv)
	}
	var pending *Task
	for i, t := range tasks {
		if t.Status == TPending && t.AssigneeID == p.UserID && r.inst.Status == IRunning {
			pending = &tasks[i]
		}
	}
	if pending != nil {
		if p.UserID != r.inst.ApplicantID { // nobody approves their own request
			v.Actions = append(v.Actions, AApprove)
		}
		v.Actions = append(v.Actions, AReject, ATransfer, AReturn)
		v.ReturnTargets = append(v.ReturnTargets, ReturnTarget{NodeID: "start", Name: r.ix.root.Name})
		for _, id := range r.returnTargets() {
			v.ReturnTargets = append(v.ReturnTargets, ReturnTarget{NodeID: id, Name: r.ix.nodes[id].Name})
		}
	}
	if r.isInitiator(p.UserID) && r.inst.Status == IRunning {
		if acted, err := r.acted(); err != nil {
			return v, err
		} else if !acted {
			v.Actions = append(v.Actions, AWithdraw)
		}
	}
	if r.isInitiator(p.UserID) && r.inst.Status == IReturned {
		v.Actions = append(v.Actions, AResubmit)
	}
	v.ResubmitOf = r.inst.ResubmitOf
	if r.inst.Status == IRejected {
		if v.ResentAs, err = resentAs(r.tx, r.inst.ID); err != nil {
			return v, err
		}
		if v.ResentAs == nil && r.inst.ApplicantID == p.UserID {
			v.Actions = append(v.Actions, AResend)
		}
	}
	v.FieldPerms = r.permsFor(p.UserID, pending, tasks, copied)
	v.Data = map[string]any{}
	for k, val := range r.data {
		if v.FieldPerms[k] != PermHidden {
			v.Data[k] = val
		}
	}
	return v, nil
}

// permsFor is the caller's field permissions: their pending node's as set; the initiator's
// start node's (edit only while returned to them); else the last node they had a task on; else
// the cc nodes that copied them (ccPerms); else read. Edit is only kept where the caller can
// act now.
func (r *run) permsFor(user int64, pending *Task, tasks []Task, copied []string) map[string]string {
	node := ""
	switch {
	case pending != nil:
		node = pending.NodeID
	case r.isInitiator(user):
		node = "start"
	default:
		for _, t := range tasks {
			if t.AssigneeID == user {
				node = t.NodeID
			}
		}
	}
	if node == "" && len(copied) > 0 {
		return r.ccPerms(copied)
	}
	canEdit := pending != nil || (node == "start" && r.inst.Status == IReturned)
	out := map[string]string{}
	for _, f := range r.schema.Fields {
		perm := PermRead
		if n := r.ix.nodes[node]; n != nil {
			if set := n.Props.FieldPerms[f.Key]; set != "" {
				perm = set
			} else if node == "start" {
				perm = PermEdit
			}
		}
		if perm == PermEdit && !canEdit {
			perm = PermRead
		}
		out[f.Key] = perm
	}
	return out
}

func deref(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}
