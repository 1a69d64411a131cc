package workflow

import (
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// Tables as migration 20261122_95_leave created them. Frozen.
type (
	leave20261122 struct {
		ID            int64     `gorm:"primaryKey;autoIncrement"`
		ApplicantID   int64     `gorm:"not null;index:idx_leave_applicant_start,priority:1"`
		CreatorID     int64     `gorm:"not null;index"`
		BatchID       *int64    `gorm:"index"`
		Type          string    `gorm:"size:64;not null"`
		StartTime     time.Time `gorm:"not null;index:idx_leave_applicant_start,priority:2"`
		EndTime       time.Time `gorm:"not null"`
		DayHundredths int64     `gorm:"not null"`
		Reason        string    `gorm:"size:2000;not null"`
		ApproverID    int64     `gorm:"not null"`
		CCIDs         string    `gorm:"column:cc_ids;size:1000;not null;default:''"`
		AttachmentIDs string    `gorm:"column:attachment_ids;size:1000;not null;default:''"`
		Status        string    `gorm:"size:16;not null"`
		CreateTime    time.Time `gorm:"not null"`
	}
	batch20261122 struct {
		ID         int64     `gorm:"primaryKey;autoIncrement"`
		CreatorID  int64     `gorm:"not null"`
		CreateTime time.Time `gorm:"not null"`
	}
	entitlement20261122 struct {
		UserID     int64 `gorm:"primaryKey;autoIncrement:false"`
		AnnualDays int64 `gorm:"not null"`
	}
)

// The column migration 20261129_10_workflow_resubmit_of added. Frozen.
type instance20261129 struct {
	ResubmitOf *int64 `gorm:"uniqueIndex:uk_wf_instances_resubmit_of"`
}

func (instance20261129) TableName() string { return "wf_instances" }

func (leave20261122) TableName() string       { return "leave_applications" }
func (batch20261122) TableName() string       { return "leave_batches" }
func (entitlement20261122) TableName() string { return "leave_entitlements" }

// Migrations creates leave applications, batches and annual-leave entitlements, then the
// engine's forms, versions, instances, tasks, steps, copies and batches.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261122_95_leave",
		Up: func(tx *gorm.DB) error {
			return tx.Migrator().CreateTable(&leave20261122{}, &batch20261122{}, &entitlement20261122{})
		},
	}, {
		ID: "20261126_40_workflow_engine",
		Up: func(tx *gorm.DB) error {
			return tx.Migrator().CreateTable(&form20261126{}, &formVersion20261126{}, &instance20261126{},
				&task20261126{}, &step20261126{}, &cc20261126{}, &batch20261126{}, &leaveDays20261126{})
		},
	}, {
		// A rejected request sent again is a new instance naming the old one; the unique key lets
		// a rejected request be sent again once, so two tabs racing cannot both send it.
		ID: "20261129_10_workflow_resubmit_of",
		Up: func(tx *gorm.DB) error { return tx.Migrator().AddColumn(&instance20261129{}, "ResubmitOf") },
	}}
}
