package workflow

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// LeaveFormCode is the code of the seeded leave request form; its field keys are fixed because
// its rule (the annual-leave balance) reads them.
const (
	LeaveFormCode   = "leave"
	LeaveKeyType    = "type"
	LeaveKeyRange   = "leave"
	LeaveKeyReason  = "reason"
	LeaveKeyUploads = "attachments"
)

// lockUsers locks the entitlement rows of users, in ID order (see Store.Create), so that
// concurrent requests of one person each see the other's days.
func lockUsers(tx *gorm.DB, ids []int64) error {
	var locked []Entitlement
	return tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("user_id IN ?", uniq(ids)).
		Order("user_id").Find(&locked).Error
}

// lockApplicant locks an instance's row and then its applicant's entitlement row, by locking
// reads only: MySQL takes a transaction's snapshot at its first plain read, which must come
// after the lock so that the balance read sees every booking committed before it.
func lockApplicant(tx *gorm.DB, instanceID int64) error {
	var inst Instance
	err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Select("id", "applicant_id").
		Where("id = ?", instanceID).Take(&inst).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return ErrInstanceNotFound
	} else if err != nil {
		return err
	}
	return lockUsers(tx, []int64{inst.ApplicantID})
}

// rebook releases the days an instance of the leave form booked and books again what its data
// asks now (a resubmit may change the type and the days), inside the step's transaction: a
// refusal keeps the old booking, and the days are never counted twice.
func (s *Service) rebook(r *run) error {
	var f Form
	if err := r.tx.Where("id = ?", r.inst.FormID).Take(&f).Error; err != nil {
		return err
	}
	if !isLeave(f) {
		return nil
	}
	if err := r.tx.Where("instance_id = ?", r.inst.ID).Delete(&LeaveDays{}).Error; err != nil {
		return err
	}
	return s.formRules(r, f)
}

// formRules are the server rules of built-in forms, run inside the start transaction: the leave
// request's annual leave must fit in the applicant's balance; its days are recorded so that
// they count until the instance is rejected or withdrawn.
func (s *Service) formRules(r *run, f Form) error {
	if !isLeave(f) || r.data[LeaveKeyType] != AnnualLeave {
		return nil
	}
	strs, h, err := leaveRange(r.data[LeaveKeyRange])
	if err != nil {
		return invalid(LeaveKeyRange, "%s", err.(*Invalid).Message)
	}
	start, _ := time.ParseInLocation(time.DateTime, strs[0], time.Local)
	left, known, err := remaining(r.tx, r.inst.ApplicantID, start)
	if err != nil {
		return err
	}
	if known && h > left {
		return &Overdrawn{Leave: Leave{ApplicantID: r.inst.ApplicantID, DayHundredths: h}, LeftHundredths: left}
	}
	return r.tx.Create(&LeaveDays{InstanceID: r.inst.ID, ApplicantID: r.inst.ApplicantID, StartTime: start, Hundredths: h}).Error
}

// usedByInstances sums the annual leave of a user's leave instances that start in [from, to)
// and still count (not rejected, not withdrawn): days come back when an instance ends so.
func usedByInstances(tx *gorm.DB, userID int64, from, to time.Time) (int64, error) {
	var sum int64
	err := tx.Table("wf_leave_days d").Joins("JOIN wf_instances i ON i.id = d.instance_id").
		Select("COALESCE(SUM(d.hundredths), 0)").
		Where("d.applicant_id = ? AND d.start_time >= ? AND d.start_time < ? AND i.status NOT IN ?",
			userID, from, to, []string{IRejected, IWithdrawn}).Scan(&sum).Error
	return sum, err
}

// isLeave tells whether a form is the built-in leave request.
func isLeave(f Form) bool { return f.Code != nil && *f.Code == LeaveFormCode }

// EnsureBuiltin creates a built-in form (by code) with its first published version when missing
// (seeding); an existing one is left as an administrator may have changed it.
func (s *Store) EnsureBuiltin(ctx context.Context, code, name, icon, group string, sc Schema, flow *Node, now time.Time) (int64, error) {
	var f Form
	err := s.db.WithContext(ctx).Where("code = ?", code).Take(&f).Error
	if err == nil || !errors.Is(err, gorm.ErrRecordNotFound) {
		return f.ID, err
	}
	schema, err := json.Marshal(sc)
	if err != nil {
		return 0, err
	}
	root, err := json.Marshal(flow)
	if err != nil {
		return 0, err
	}
	return f.ID, s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		f = Form{Code: &code, Name: name, Icon: icon, GroupName: group, Version: 1, DraftSchema: string(schema),
			DraftFlow: string(root), Enabled: true, CreateTime: now, UpdateTime: now}
		if err := tx.Create(&f).Error; err != nil {
			return err
		}
		return tx.Create(&FormVersion{FormID: f.ID, Version: 1, Schema: f.DraftSchema, Flow: f.DraftFlow, PublishTime: now}).Error
	})
}

// LeaveForm is the leave request's schema and flow (docs/decisions.md "Workflow engine"): up to
// 3 days the applicant's team lead (heads of their own department), more than 3 days the team
// lead and then the department head (heads one level up), every head of a level signing (会签);
// a level without a head goes to admin; copies to the HR role.
func LeaveForm(admin Ref, hr Ref) (Schema, *Node) {
	sc := Schema{Fields: []Field{
		{Key: LeaveKeyType, Type: TSelect, Label: "请假类型", Required: true, Dict: LeaveTypeDict},
		{Key: LeaveKeyRange, Type: TLeaveRange, Label: "请假时间", Required: true},
		{Key: LeaveKeyReason, Type: TTextarea, Label: "请假事由", Required: true, Max: ptrF(maxReason)},
		{Key: LeaveKeyUploads, Type: TUpload, Label: "附件", MaxCount: ptrI(maxAttachments)},
	}}
	toAdmin := &Empty{Action: "admin", Admin: &admin}
	heads := func(id, name string, from, to int) *Node {
		return &Node{ID: id, Type: NApprover, Name: name, Props: NodeProps{Mode: ModeAnd, Empty: toAdmin,
			Assignee: &Assignee{Kind: "leader", FromLevel: from, Levels: to}}}
	}
	long := heads("lead_long", "组长审批", 1, 1)
	long.Next = heads("head", "部门负责人审批", 2, 2)
	flow := &Node{ID: "start", Type: NStart, Name: "发起人", Next: &Node{ID: "days", Type: NRoute, Name: "请假天数",
		Branches: []Branch{
			{ID: "short", Name: "3天以内", Priority: 1, Next: heads("lead_short", "组长审批", 1, 1),
				Conditions: []Condition{{Kind: "field", Field: LeaveKeyRange, Op: "le", Value: 3.0}}},
			{ID: "long", Name: "超过3天", Priority: 2, Default: true, Conditions: []Condition{}, Next: long},
		},
		Next: &Node{ID: "hr", Type: NCC, Name: "抄送人事", Props: NodeProps{Roles: []Ref{hr}}},
	}}
	return sc, flow
}

func ptrF(v float64) *float64 { return &v }
func ptrI(v int) *int         { return &v }

// LeaveFormID is the ID of the seeded leave form.
func (s *Store) LeaveFormID(ctx context.Context) (int64, error) {
	var f Form
	err := s.db.WithContext(ctx).Where("code = ?", LeaveFormCode).Take(&f).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return 0, ErrFormNotFound
	}
	return f.ID, err
}
