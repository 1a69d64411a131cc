package contract

import (
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// The tables as migration 20261126_80_contract created them. Frozen.
type template20261126 struct {
	ID          int64      `gorm:"primaryKey;autoIncrement"`
	Name        string     `gorm:"size:128;not null"`
	Version     string     `gorm:"size:32;not null;default:''"`
	FileID      int64      `gorm:"not null;default:0"`
	FileKey     string     `gorm:"size:64;not null;default:''"`
	FileName    string     `gorm:"size:255;not null;default:''"`
	Variables   string     `gorm:"type:text"`
	ValidMonths int        `gorm:"not null;default:12"`
	Enabled     bool       `gorm:"not null;default:true"`
	Published   bool       `gorm:"not null;default:false"`
	PublishTime *time.Time `gorm:""`
	CreateTime  time.Time  `gorm:"not null;index:idx_contract_templates_create"`
	UpdateTime  time.Time  `gorm:"not null"`
}

func (template20261126) TableName() string { return "contract_templates" }

type contract20261126 struct {
	ID         int64      `gorm:"primaryKey;autoIncrement"`
	ContractNo string     `gorm:"size:32;not null;uniqueIndex:uk_contracts_no"`
	Name       string     `gorm:"size:128;not null;default:''"`
	AgencyID   int64      `gorm:"not null;index:idx_contracts_agency_end,priority:1"`
	TemplateID *int64     `gorm:"index:idx_contracts_template"`
	StartDate  string     `gorm:"size:10;not null"`
	EndDate    string     `gorm:"size:10;not null;index:idx_contracts_agency_end,priority:2;index:idx_contracts_status_end,priority:2"`
	Amount     int64      `gorm:"not null;default:0"`
	Status     string     `gorm:"size:16;not null;index:idx_contracts_status_end,priority:1"`
	Variables  string     `gorm:"type:text"`
	SignTime   *time.Time `gorm:""`
	Remark     string     `gorm:"size:255;not null;default:''"`
	CreateTime time.Time  `gorm:"not null"`
	UpdateTime time.Time  `gorm:"not null"`
}

func (contract20261126) TableName() string { return "contracts" }

type receipt20261126 struct {
	ID         int64     `gorm:"primaryKey;autoIncrement"`
	TemplateID int64     `gorm:"not null;uniqueIndex:uk_contract_receipts,priority:1"`
	AgencyID   int64     `gorm:"not null;uniqueIndex:uk_contract_receipts,priority:2"`
	ContractID int64     `gorm:"not null"`
	CreateTime time.Time `gorm:"not null"`
}

func (receipt20261126) TableName() string { return "contract_receipts" }

// contract20261128 is the column migration 20261128_57 added. Frozen.
type contract20261128 struct {
	ExpiryNotifiedAt *time.Time `gorm:""`
}

func (contract20261128) TableName() string { return "contracts" }

// Migrations creates the templates, contracts and receipts.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261126_80_contract",
		Up: func(tx *gorm.DB) error {
			return tx.Migrator().CreateTable(&template20261126{}, &contract20261126{}, &receipt20261126{})
		},
	}, {
		// When the contract.expiring job told about a contract's end (once per contract).
		ID: "20261128_57_contract_expiry_notified",
		Up: func(tx *gorm.DB) error { return tx.Migrator().AddColumn(&contract20261128{}, "ExpiryNotifiedAt") },
	}}
}
