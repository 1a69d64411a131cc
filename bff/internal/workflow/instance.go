package workflow

import "time"

// Instance statuses (docs/workflow.md).
const (
	IRunning   = "running"
	IApproved  = "approved"
	IRejected  = "rejected"
	IWithdrawn = "withdrawn"
	IReturned  = "returned"
)

// Instance is one run of a published form version. Rev grows with every step: a step commits
// only if Rev is still what it read, so two concurrent steps cannot both move the instance.
type Instance struct {
	ID          int64 `gorm:"primaryKey"`
	FormID      int64
	VersionID   int64
	ApplicantID int64
	CreatorID   int64
	BatchID     *int64
	ResubmitOf  *int64 // the rejected instance this one sends again (重新提交), nil when new
	Status      string
	Data        string // JSON object
	Current     string // the approver node waiting, "" when none ("start" when returned)
	ReturnFrom  string // the node that returned it to the initiator: resubmit continues there
	Passed      string // JSON array of the node IDs passed, in order
	Rev         int64
	CreateTime  time.Time
	FinishTime  *time.Time
}

// TableName of instances.
func (Instance) TableName() string { return "wf_instances" }

// Task statuses: pending (may act), waiting (a later approver of a 依次 node), done, cancelled
// (the node finished without them).
const (
	TPending   = "pending"
	TWaiting   = "waiting"
	TDone      = "done"
	TCancelled = "cancelled"
)

// Task is one approver's part of an approver node.
type Task struct {
	ID         int64 `gorm:"primaryKey"`
	InstanceID int64
	NodeID     string
	NodeName   string
	AssigneeID int64
	Seq        int
	Status     string
	Action     string
	CreateTime time.Time
	FinishTime *time.Time
}

// TableName of tasks.
func (Task) TableName() string { return "wf_tasks" }

// Step is one line of an instance's timeline.
type Step struct {
	ID         int64 `gorm:"primaryKey"`
	InstanceID int64
	NodeID     string
	NodeName   string
	Action     string
	UserID     *int64
	ToID       *int64
	Comment    string
	Time       time.Time
}

// TableName of steps.
func (Step) TableName() string { return "wf_steps" }

// CC is a copy of an instance sent to a user (抄送我的).
type CC struct {
	ID         int64 `gorm:"primaryKey"`
	InstanceID int64
	UserID     int64
	NodeID     string
	CreateTime time.Time
}

// TableName of copies.
func (CC) TableName() string { return "wf_ccs" }

// WFBatch is one start of a form for several applicants.
type WFBatch struct {
	ID         int64 `gorm:"primaryKey"`
	FormID     int64
	CreatorID  int64
	CreateTime time.Time
}

// TableName of batches.
func (WFBatch) TableName() string { return "wf_batches" }

// LeaveDays is the annual leave an instance of the leave form takes, for the balance: it counts
// while the instance is not rejected or withdrawn.
type LeaveDays struct {
	InstanceID  int64 `gorm:"primaryKey;autoIncrement:false"`
	ApplicantID int64
	StartTime   time.Time
	Hundredths  int64
}

// TableName of leave days.
func (LeaveDays) TableName() string { return "wf_leave_days" }
