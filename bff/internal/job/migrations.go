package job

import (
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// lease20261128 is job_leases as migration 20261128_50_job_leases created it. Frozen.
type lease20261128 struct {
	Name      string    `gorm:"primaryKey;size:64"`
	Holder    string    `gorm:"size:128;not null;default:''"`
	Token     int64     `gorm:"not null;default:0"`
	ExpiresAt time.Time `gorm:"not null"`
	NextRun   time.Time `gorm:"not null"`
	Paused    bool      `gorm:"not null;default:false"`
}

func (lease20261128) TableName() string { return "job_leases" }

// run20261128 is job_runs as migration 20261128_51_job_runs created it. Frozen.
//
// The page reads a job's runs newest first and its last run (name, id); the runner marks a job's
// runs left running as abandoned (name, result).
type run20261128 struct {
	ID         int64     `gorm:"primaryKey;autoIncrement"`
	Name       string    `gorm:"size:64;not null;index:idx_job_runs_name_result,priority:1"`
	Token      int64     `gorm:"not null"`
	Holder     string    `gorm:"size:128;not null"`
	Trigger    string    `gorm:"size:16;not null"`
	Operator   string    `gorm:"size:64;not null;default:''"`
	StartTime  time.Time `gorm:"not null"`
	EndTime    *time.Time
	DurationMs int64  `gorm:"not null;default:0"`
	Rows       int64  `gorm:"not null;default:0"`
	Result     string `gorm:"size:16;not null;index:idx_job_runs_name_result,priority:2"`
	Error      string `gorm:"size:1000;not null;default:''"`
}

func (run20261128) TableName() string { return "job_runs" }

// Migrations creates the leases and the run log.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261128_50_job_leases",
		Up: func(tx *gorm.DB) error { return tx.Migrator().CreateTable(&lease20261128{}) },
	}, {
		ID: "20261128_51_job_runs",
		Up: func(tx *gorm.DB) error {
			if err := tx.Migrator().CreateTable(&run20261128{}); err != nil {
				return err
			}
			// (name, id): a job's runs newest first; the tag form cannot put the primary key second.
			return tx.Exec("CREATE INDEX idx_job_runs_name_id ON job_runs (name, id)").Error
		},
	}}
}
