package workflow

import (
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
