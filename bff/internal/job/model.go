package job

import "time"

// Lease is a job's row in job_leases: who holds it until when, under which fencing token, and
// when the job is due next. Every instance reads and takes leases through this one row.
type Lease struct {
	Name      string `gorm:"primaryKey;size:64"`
	Holder    string `gorm:"size:128;not null;default:''"` // '' when free
	Token     int64  `gorm:"not null;default:0"`           // bumped by every take: the fencing token
	ExpiresAt time.Time
	NextRun   time.Time
	Paused    bool `gorm:"not null;default:false"`
}

func (Lease) TableName() string { return "job_leases" }

// Results of a run.
const (
	ResultRunning   = "running"
	ResultOK        = "ok"
	ResultFailed    = "failed"
	ResultAbandoned = "abandoned" // its instance died, was paused past the lease, or lost it
)

// Triggers of a run.
const (
	TriggerSchedule = "schedule"
	TriggerManual   = "manual"
)

// RunRow is one run in job_runs.
type RunRow struct {
	ID         int64  `gorm:"primaryKey;autoIncrement"`
	Name       string `gorm:"size:64;not null"`
	Token      int64  `gorm:"not null"`
	Holder     string `gorm:"size:128;not null"`
	Trigger    string `gorm:"size:16;not null"`
	Operator   string `gorm:"size:64;not null;default:''"`
	StartTime  time.Time
	EndTime    *time.Time
	DurationMs int64  `gorm:"not null;default:0"`
	Rows       int64  `gorm:"not null;default:0"`
	Result     string `gorm:"size:16;not null"`
	Error      string `gorm:"size:1000;not null;default:''"`
}

func (RunRow) TableName() string { return "job_runs" }
