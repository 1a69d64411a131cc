// Package workflow is the application-and-approval side of the console (docs/decisions.md
// "Leave request (first workflow slice)"). Its first slice is the built-in leave request: /applyForm submits one for the
// signed-in user, /startBatch for several people at once; approvals come with the flow engine.
package workflow

import "time"

// Status of a leave application. Only pending exists until approvals are built; rejected
// applications stop counting against the annual-leave balance.
const (
	StatusPending  = "pending"  // 审批中
	StatusRejected = "rejected" // 已驳回
)

// LeaveTypeDict is the dictionary of leave types; AnnualLeave is the value of 年假, the one
// type limited by the balance.
const (
	LeaveTypeDict = "leave_type"
	AnnualLeave   = "annual"
)

// Leave is one leave application. Days are kept in hundredths of a day, so that sums are exact.
type Leave struct {
	ID            int64 `gorm:"primaryKey"`
	ApplicantID   int64
	CreatorID     int64  // who submitted it: the applicant, or whoever started the batch
	BatchID       *int64 // set when started for several people at once
	Type          string // value in the leave_type dictionary
	StartTime     time.Time
	EndTime       time.Time
	DayHundredths int64
	Reason        string
	ApproverID    int64
	CCIDs         string `gorm:"column:cc_ids"`         // user IDs, comma-separated
	AttachmentIDs string `gorm:"column:attachment_ids"` // attachment IDs, comma-separated
	Status        string
	CreateTime    time.Time
}

// TableName keeps eladmin's plural style.
func (Leave) TableName() string { return "leave_applications" }

// Batch is one start of the same application for several people (/startBatch).
type Batch struct {
	ID         int64 `gorm:"primaryKey"`
	CreatorID  int64
	CreateTime time.Time
}

// TableName keeps eladmin's plural style.
func (Batch) TableName() string { return "leave_batches" }

// Entitlement is a user's annual leave per year, in days. A user without one has an unknown
// balance (the form shows X).
type Entitlement struct {
	UserID     int64 `gorm:"primaryKey;autoIncrement:false"`
	AnnualDays int64
}

// TableName keeps eladmin's plural style.
func (Entitlement) TableName() string { return "leave_entitlements" }
