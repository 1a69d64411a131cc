// Package cert is the enterprise certification (企业认证) of channel agencies: an operator
// submits the company (name, unified social credit code, legal representative with their
// identity card, business licence), the identity card is read by OCR (package ocr) to fill the
// form, and staff approve or reject with a reason; a rejected one is submitted again.
package cert

import "time"

// The states of a certification: submit → pending → approved | rejected → (resubmit) pending.
const (
	Pending  = "pending"  // 待审核
	Approved = "approved" // 已通过
	Rejected = "rejected" // 已驳回
)

// Cert is an agency's certification, one per agency: a resubmission replaces the content.
type Cert struct {
	ID          int64 `gorm:"primaryKey"`
	AgencyID    int64
	CompanyName string
	CreditCode  string
	LegalPerson string
	IDNumber    string // the legal representative's; masked wherever many are shown
	IDFront     int64  // attachments: the identity card's sides and the licence
	IDBack      int64
	License     int64
	Status      string
	Reason      string // why it was rejected
	SubmitterID int64
	SubmitTime  time.Time
	AuditorID   *int64
	AuditTime   *time.Time
	CreateTime  time.Time `gorm:"autoCreateTime"`
	UpdateTime  time.Time `gorm:"autoUpdateTime"`
}

func (Cert) TableName() string { return "certs" }
