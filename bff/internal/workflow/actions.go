package workflow

import (
	"context"
	"slices"
	"unicode/utf8"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/authz"
)

// Action is what a caller asks of an instance (POST /api/workflow/instances/{id}/{action}).
type Action struct {
	Name    string         `json:"-"`
	Comment string         `json:"comment,omitempty"`
	Data    map[string]any `json:"data,omitempty"`
	NodeID  string         `json:"nodeId,omitempty"`
	UserID  int64          `json:"userId,omitempty"`
}

// Action names.
const (
	AApprove  = "approve"
	AReject   = "reject"
	AWithdraw = "withdraw"
	AReturn   = "return"
	ATransfer = "transfer"
	AResubmit = "resubmit"
	// AResend sends a rejected request again as a new one (Resend); not an Act.
	AResend = "resend"
)

const maxComment = 500

// Act performs an action in one transaction. ErrForbidden: the caller may not; ErrTaskGone:
// someone else acted on the same task or instance first.
func (s *Service) Act(ctx context.Context, p *authz.Principal, id int64, a Action) error {
	if utf8.RuneCountInString(a.Comment) > maxComment {
		return invalid("comment", "最多%d个字符", maxComment)
	}
	if a.Name == AReject && a.Comment == "" {
		return invalid("comment", "请填写拒绝理由")
	}
	var in *checked
	if a.Name == AResubmit {
		var err error
		if in, err = s.checkResubmit(ctx, p, id, a); err != nil {
			return err
		}
	}
	var told *Outcome
	var heard news
	err := s.store.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		told, heard = nil, news{} // a retried closure starts afresh
		if a.Name == AResubmit {
			if err := lockApplicant(tx, id); err != nil {
				return err
			}
		}
		r, err := s.load(ctx, tx, id)
		if err != nil {
			return err
		}
		r.actor, r.comment = p.UserID, a.Comment
		defer func() { told, heard = r.told, r.news }()
		switch a.Name {
		case AWithdraw:
			r.comment = "" // a withdrawal carries no comment (its step records none)
			return r.withdraw(p)
		case AResubmit:
			return r.resubmit(p, a, in)
		}
		task, err := r.myTask(p.UserID)
		if err != nil {
			return err
		}
		if err := r.claim(); err != nil {
			return err
		}
		if err := r.takeTask(task, a.Name); err != nil {
			return err
		}
		switch a.Name {
		case AApprove:
			err = r.approve(p, task, a)
		case AReject:
			err = r.reject(p, task, a)
		case AReturn:
			err = r.sendBack(p, task, a)
		case ATransfer:
			err = r.transfer(p, task, a)
		default:
			return ErrForbidden
		}
		if err != nil {
			return err
		}
		return r.save()
	})
	if err == nil {
		s.afterCommit(ctx, told)
		s.announce(ctx, heard)
	}
	return s.shortBalance(ctx, err, false)
}

// myTask finds the caller's pending task. A caller whose task of this instance is no longer
// pending lost a race (409); one who never had a task may not act (403).
func (r *run) myTask(user int64) (Task, error) {
	var ts []Task
	if err := r.tx.Where("instance_id = ? AND assignee_id = ?", r.inst.ID, user).Order("id DESC").Find(&ts).Error; err != nil {
		return Task{}, err
	}
	gone := false
	for _, t := range ts {
		switch {
		case t.Status == TPending && r.inst.Status == IRunning:
			return t, nil
		case t.Action == ATransfer:
			// Handed on: no longer theirs to act on (403), though they may still read it.
		case t.Status == TDone || t.Status == TCancelled:
			gone = true
		}
	}
	if gone {
		return Task{}, ErrTaskGone
	}
	// No task, or one still waiting for its turn (依次).
	return Task{}, ErrForbidden
}

// takeTask marks the task done only if it is still pending: the database decides the race.
func (r *run) takeTask(t Task, action string) error {
	res := r.tx.Model(&Task{}).Where("id = ? AND status = ?", t.ID, TPending).
		Updates(map[string]any{"status": TDone, "action": action, "finish_time": r.now})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected != 1 {
		return ErrTaskGone
	}
	r.news.todo = append(r.news.todo, t.AssigneeID)
	return nil
}

func (r *run) approve(p *authz.Principal, t Task, a Action) error {
	if p.UserID == r.inst.ApplicantID {
		// Nobody approves their own request; a task that says otherwise (written before that
		// rule) may still be transferred to someone else.
		return ErrForbidden
	}
	n := r.ix.nodes[t.NodeID]
	if len(a.Data) > 0 {
		edit := map[string]bool{}
		for k, v := range n.Props.FieldPerms {
			if v == PermEdit {
				edit[k] = true
			}
		}
		for k := range a.Data {
			if !edit[k] {
				return invalid(k, "当前节点不能修改该字段")
			}
		}
		clean, err := r.s.checkData(r.ctx, dataCtx{uploader: p.UserID}, r.schema, a.Data, r.data, edit)
		if err != nil {
			return err
		}
		r.data = clean
	}
	if err := r.step(n.ID, AApprove, p.UserID, 0, a.Comment); err != nil {
		return err
	}
	var open []Task
	if err := r.tx.Where("instance_id = ? AND node_id = ? AND status IN ?", r.inst.ID, n.ID,
		[]string{TPending, TWaiting}).Order("seq").Find(&open).Error; err != nil {
		return err
	}
	switch {
	case n.Props.Mode == ModeAnd && len(open) > 0:
		return nil
	case n.Props.Mode == ModeSeq && len(open) > 0:
		r.taskFor(open[0].AssigneeID)
		return r.tx.Model(&Task{}).Where("id = ?", open[0].ID).Update("status", TPending).Error
	}
	if err := r.closeTasks(); err != nil {
		return err
	}
	r.pass(n.ID)
	r.inst.Current = ""
	return r.enter(r.ix.after[n.ID])
}

func (r *run) reject(p *authz.Principal, t Task, a Action) error {
	if err := r.step(t.NodeID, AReject, p.UserID, 0, a.Comment); err != nil {
		return err
	}
	return r.finish(IRejected)
}

// sendBack returns the instance to the initiator ("start") or to an approval node it passed.
func (r *run) sendBack(p *authz.Principal, t Task, a Action) error {
	if a.NodeID != "start" && !slices.Contains(r.returnTargets(), a.NodeID) {
		return invalid("nodeId", "只能退回到发起人或已经过的审批节点")
	}
	if err := r.step(t.NodeID, AReturn, p.UserID, 0, a.Comment); err != nil {
		return err
	}
	if err := r.closeTasks(); err != nil {
		return err
	}
	if a.NodeID == "start" {
		r.inst.Status, r.inst.Current, r.inst.ReturnFrom = IReturned, "start", t.NodeID
		r.ending(IReturned)
		return nil
	}
	// The nodes from the target on are to be passed again.
	r.passed = r.passed[:slices.Index(r.passed, a.NodeID)]
	r.inst.Current = ""
	return r.enter(r.ix.nodes[a.NodeID])
}

// returnTargets are the approval nodes passed so far, in order, the current one excluded.
func (r *run) returnTargets() []string {
	var out []string
	for _, id := range r.passed {
		if n := r.ix.nodes[id]; n != nil && n.Type == NApprover && id != r.inst.Current {
			out = append(out, id)
		}
	}
	return out
}

func (r *run) transfer(p *authz.Principal, t Task, a Action) error {
	if a.UserID == p.UserID || a.UserID <= 0 {
		return invalid("userId", "请选择其他人")
	}
	if a.UserID == r.inst.ApplicantID {
		return invalid("userId", "不能转交给申请人本人")
	}
	if ok, err := r.org.EnabledUsers(r.ctx, []int64{a.UserID}); err != nil {
		return err
	} else if !ok[a.UserID] {
		// One answer for unknown, disabled and channel accounts: the engine knows only staff.
		return invalid("userId", "用户不存在、已停用或不是员工")
	}
	var dup int64
	if err := r.tx.Model(&Task{}).Where("instance_id = ? AND node_id = ? AND assignee_id = ? AND status IN ?",
		r.inst.ID, t.NodeID, a.UserID, []string{TPending, TWaiting}).Count(&dup).Error; err != nil {
		return err
	}
	if dup > 0 {
		return invalid("userId", "该用户已是本节点的审批人")
	}
	// The caller's task stays theirs, done as "transfer" (takeTask), so that they may still read the
	// instance as that node shows it and find it among what they handled; the target gets a task
	// in its place.
	to := Task{InstanceID: r.inst.ID, NodeID: t.NodeID, NodeName: t.NodeName, AssigneeID: a.UserID, Seq: t.Seq,
		Status: TPending, CreateTime: r.now}
	if err := r.tx.Create(&to).Error; err != nil {
		return err
	}
	r.taskFor(a.UserID)
	return r.step(t.NodeID, ATransfer, p.UserID, a.UserID, a.Comment)
}

// acted tells whether an approver has done anything to the instance (withdraw is refused then).
func (r *run) acted() (bool, error) {
	var n int64
	err := r.tx.Model(&Step{}).Where("instance_id = ? AND action IN ?", r.inst.ID,
		[]string{AApprove, AReject, AReturn, ATransfer}).Count(&n).Error
	return n > 0, err
}

func (r *run) withdraw(p *authz.Principal) error {
	if !r.isInitiator(p.UserID) || r.inst.Status != IRunning {
		return ErrForbidden
	}
	if acted, err := r.acted(); err != nil || acted {
		if err == nil {
			err = ErrForbidden
		}
		return err
	}
	if err := r.claim(); err != nil {
		return err
	}
	if err := r.step("start", AWithdraw, p.UserID, 0, ""); err != nil {
		return err
	}
	if err := r.finish(IWithdrawn); err != nil {
		return err
	}
	return r.save()
}

func (r *run) isInitiator(user int64) bool {
	return r.inst.ApplicantID == user || r.inst.CreatorID == user
}
