// Package agency holds channel agencies (渠道/代理商): the companies whose operators sign in at
// /newLogin and sell part of the shop's goods. Every shop feature narrows a channel session to
// its agency's rows through Scope. The management pages come later; this is the table they grow
// from and the one data-scope rule.
package agency

import "time"

// Agency is one channel agency. A disabled one (停用) locks its operators out.
type Agency struct {
	ID         int64 `gorm:"primaryKey"`
	Name       string
	Code       string // unique, the agency's short code
	Contact    string // contact person
	Phone      string
	Enabled    bool      // 启用 / 停用
	CreateTime time.Time `gorm:"autoCreateTime"`
	UpdateTime time.Time `gorm:"autoUpdateTime"`
}

func (Agency) TableName() string { return "agencies" }
