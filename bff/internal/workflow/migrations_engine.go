package workflow

import "time"

// Tables as migration 20261126_40_workflow_engine created them. Frozen. The indexes are the
// engine's hot paths: a user's todo list (tasks by assignee+status), an instance's tasks and
// steps, my instances, copies to me.
type (
	form20261126 struct {
		ID           int64     `gorm:"primaryKey;autoIncrement"`
		Code         *string   `gorm:"size:32;uniqueIndex:uk_wf_forms_code"`
		Name         string    `gorm:"size:64;not null"`
		Icon         string    `gorm:"size:64;not null;default:''"`
		GroupName    string    `gorm:"size:32;not null;default:''"`
		Version      int       `gorm:"not null;default:0"`
		DraftSchema  string    `gorm:"type:mediumtext;not null"`
		DraftFlow    string    `gorm:"type:mediumtext;not null"`
		DraftChanged bool      `gorm:"not null;default:false"`
		Enabled      bool      `gorm:"not null;default:true"`
		CreateTime   time.Time `gorm:"not null"`
		UpdateTime   time.Time `gorm:"not null"`
	}
	formVersion20261126 struct {
		ID          int64     `gorm:"primaryKey;autoIncrement"`
		FormID      int64     `gorm:"not null;uniqueIndex:uk_wf_form_versions,priority:1"`
		Version     int       `gorm:"not null;uniqueIndex:uk_wf_form_versions,priority:2"`
		Schema      string    `gorm:"type:mediumtext;not null"`
		Flow        string    `gorm:"type:mediumtext;not null"`
		PublishTime time.Time `gorm:"not null"`
	}
	instance20261126 struct {
		ID          int64      `gorm:"primaryKey;autoIncrement"`
		FormID      int64      `gorm:"not null;index:idx_wf_instances_form"`
		VersionID   int64      `gorm:"not null"`
		ApplicantID int64      `gorm:"not null;index:idx_wf_instances_applicant,priority:1"`
		CreatorID   int64      `gorm:"not null"`
		BatchID     *int64     `gorm:"index:idx_wf_instances_batch"`
		Status      string     `gorm:"size:16;not null"`
		Data        string     `gorm:"type:mediumtext;not null"`
		Current     string     `gorm:"size:64;not null;default:''"`
		ReturnFrom  string     `gorm:"size:64;not null;default:''"`
		Passed      string     `gorm:"type:text;not null"`
		Rev         int64      `gorm:"not null;default:0"`
		CreateTime  time.Time  `gorm:"not null"`
		FinishTime  *time.Time ``
	}
	task20261126 struct {
		ID         int64      `gorm:"primaryKey;autoIncrement"`
		InstanceID int64      `gorm:"not null;index:idx_wf_tasks_instance"`
		NodeID     string     `gorm:"size:64;not null"`
		NodeName   string     `gorm:"size:64;not null"`
		AssigneeID int64      `gorm:"not null;index:idx_wf_tasks_assignee,priority:1"`
		Seq        int        `gorm:"not null;default:0"`
		Status     string     `gorm:"size:16;not null;index:idx_wf_tasks_assignee,priority:2"`
		Action     string     `gorm:"size:16;not null;default:''"`
		CreateTime time.Time  `gorm:"not null"`
		FinishTime *time.Time ``
	}
	step20261126 struct {
		ID         int64     `gorm:"primaryKey;autoIncrement"`
		InstanceID int64     `gorm:"not null;index:idx_wf_steps_instance"`
		NodeID     string    `gorm:"size:64;not null"`
		NodeName   string    `gorm:"size:64;not null"`
		Action     string    `gorm:"size:16;not null"`
		UserID     *int64    ``
		ToID       *int64    ``
		Comment    string    `gorm:"size:500;not null;default:''"`
		Time       time.Time `gorm:"not null"`
	}
	cc20261126 struct {
		ID         int64     `gorm:"primaryKey;autoIncrement"`
		InstanceID int64     `gorm:"not null;index:idx_wf_ccs_instance"`
		UserID     int64     `gorm:"not null;index:idx_wf_ccs_user,priority:1"`
		NodeID     string    `gorm:"size:64;not null"`
		CreateTime time.Time `gorm:"not null"`
	}
	batch20261126 struct {
		ID         int64     `gorm:"primaryKey;autoIncrement"`
		FormID     int64     `gorm:"not null"`
		CreatorID  int64     `gorm:"not null"`
		CreateTime time.Time `gorm:"not null"`
	}
	leaveDays20261126 struct {
		InstanceID  int64     `gorm:"primaryKey;autoIncrement:false"`
		ApplicantID int64     `gorm:"not null;index:idx_wf_leave_days_applicant,priority:1"`
		StartTime   time.Time `gorm:"not null;index:idx_wf_leave_days_applicant,priority:2"`
		Hundredths  int64     `gorm:"not null"`
	}
)

func (form20261126) TableName() string        { return "wf_forms" }
func (formVersion20261126) TableName() string { return "wf_form_versions" }
func (instance20261126) TableName() string    { return "wf_instances" }
func (task20261126) TableName() string        { return "wf_tasks" }
func (step20261126) TableName() string        { return "wf_steps" }
func (cc20261126) TableName() string          { return "wf_ccs" }
func (batch20261126) TableName() string       { return "wf_batches" }
func (leaveDays20261126) TableName() string   { return "wf_leave_days" }
