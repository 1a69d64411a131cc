package statement

import (
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// statement20261129 is statements as migration 20261129_70_statement created it. Frozen.
type statement20261129 struct {
	ID          int64     `gorm:"primaryKey"`
	AgencyID    int64     `gorm:"not null;uniqueIndex:uk_statements_agency_month,priority:1"`
	Month       string    `gorm:"size:7;not null;uniqueIndex:uk_statements_agency_month,priority:2;index"`
	State       string    `gorm:"size:10;not null"`
	Sales       int64     `gorm:"not null;default:0"`
	Refunds     int64     `gorm:"not null;default:0"`
	Adjustments int64     `gorm:"not null;default:0"`
	Net         int64     `gorm:"not null;default:0"`
	OrderCount  int64     `gorm:"not null;default:0"`
	RefundCount int64     `gorm:"not null;default:0"`
	MadeAt      time.Time `gorm:"not null"`
	FrozenAt    *time.Time
	UpdateTime  time.Time
}

func (statement20261129) TableName() string { return "statements" }

// line20261129 is statement_lines as migration 20261129_70_statement created it. Frozen.
type line20261129 struct {
	ID          int64     `gorm:"primaryKey"`
	StatementID int64     `gorm:"not null;index:idx_statement_lines_statement"`
	Kind        string    `gorm:"size:12;not null"`
	OrderNo     string    `gorm:"size:64;not null;default:''"`
	CaseNo      string    `gorm:"size:64;not null;default:''"`
	Date        time.Time `gorm:"not null"`
	Amount      int64     `gorm:"not null"`
	Note        string    `gorm:"size:200;not null;default:''"`
	CreateBy    string    `gorm:"size:64;not null;default:''"`
}

func (line20261129) TableName() string { return "statement_lines" }

// Migrations creates statements (one per agency and month: the unique key keeps two makers
// from both adding it) and their lines.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261129_70_statement",
		Up: func(tx *gorm.DB) error {
			return tx.Migrator().CreateTable(&statement20261129{}, &line20261129{})
		},
	}}
}
