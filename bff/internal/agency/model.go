// Package agency holds channel agencies (渠道/代理商): the companies whose operators sign in at
// /newLogin and sell part of the shop's goods. Staff manage them (渠道管理: the list, their
// operators, the logo); an operator sees and edits their own agency's profile (我的渠道). Every
// shop feature narrows a channel session to its agency's rows through Scope.
package agency

import "time"

// Certification states (企业认证). The cert feature moves them through Store.SetCertStatus;
// this package only shows them.
const (
	CertNone     = "none"
	CertPending  = "pending"
	CertApproved = "approved"
	CertRejected = "rejected"
)

// Agency is one channel agency. A disabled one (停用) locks its operators out.
type Agency struct {
	ID         int64 `gorm:"primaryKey"`
	Name       string
	Code       string // unique, the agency's short code
	Contact    string // contact person
	Phone      string
	Region     string // 所在地区, e.g. 浙江省/杭州市
	Address    string
	Logo       string    // read path of the uploaded logo (/api/files/{key}), "" when none
	CertStatus string    // CertNone, CertPending, CertApproved or CertRejected
	Enabled    bool      // 启用 / 停用
	CreateTime time.Time `gorm:"autoCreateTime"`
	UpdateTime time.Time `gorm:"autoUpdateTime"`
}

func (Agency) TableName() string { return "agencies" }
