// Package contract holds contract templates (合同模板) and the contracts signed with channel
// agencies (合同管理): a template is a PDF with the variables a contract fills in; an agency's
// operator receives a published template once, which makes their agency's contract in
// pending_sign; staff attach the signed scan and mark it signed (machine.go). Files are
// attachments (package attach) of the types TemplateFile and ContractFile.
package contract

import (
	"time"

	"mallconsole/bff/internal/platform/money"
)

// Var is one variable of a template and, filled in, of a contract: {agencyName, 渠道名称, …}.
type Var struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Value string `json:"value"`
}

// Template is a contract template.
type Template struct {
	ID          int64 `gorm:"primaryKey"`
	Name        string
	Version     string
	FileID      int64  // the PDF's attachment
	FileKey     string // its stored key (/api/files/{key})
	FileName    string // its original name, the download's
	Variables   []Var  `gorm:"serializer:json"`
	ValidMonths int    // the term of a contract made from it
	Enabled     bool
	Published   bool
	PublishTime *time.Time
	CreateTime  time.Time `gorm:"autoCreateTime"`
	UpdateTime  time.Time `gorm:"autoUpdateTime"`
}

func (Template) TableName() string { return "contract_templates" }

// Contract is one contract with an agency. StartDate and EndDate are dates (yyyy-MM-dd), compared
// as text; Status is the stored status: a signed contract past its end date reads as expired
// (Effective).
type Contract struct {
	ID         int64 `gorm:"primaryKey"`
	ContractNo string
	Name       string
	AgencyID   int64
	TemplateID *int64
	StartDate  string
	EndDate    string
	Amount     money.Fen
	Status     string
	Variables  []Var `gorm:"serializer:json"`
	SignTime   *time.Time
	Remark     string
	CreateTime time.Time `gorm:"autoCreateTime"`
	UpdateTime time.Time `gorm:"autoUpdateTime"`
}

func (Contract) TableName() string { return "contracts" }

// Receipt records that an agency received a template: the unique key (template, agency) lets
// the database refuse a second receipt, however many requests race.
type Receipt struct {
	ID         int64 `gorm:"primaryKey"`
	TemplateID int64
	AgencyID   int64
	ContractID int64
	CreateTime time.Time
}

func (Receipt) TableName() string { return "contract_receipts" }
