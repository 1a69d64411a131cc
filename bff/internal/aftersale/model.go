// Package aftersale is the after-sales desk (售后管理): cases per order item, refund only or
// return and refund, their way through the statuses (machine.go), and the money they give back,
// capped by what was paid (docs/aftersale.md).
package aftersale

import (
	"time"

	"mallconsole/bff/internal/platform/money"
)

// Case is one after-sales case (售后单) of an order.
type Case struct {
	ID               int64 `gorm:"primaryKey"`
	CaseNo           string
	OrderID          int64
	OrderNo          string
	AgencyID         *int64 // the order's agency: a channel operator handles its own cases only
	CustomerName     string
	Phone            string
	Type             string // TypeRefund or TypeReturn
	Status           string
	Reason           string // a value of the aftersale_reason dictionary
	Description      string
	Photos           string    // JSON array of uploaded file ids
	Amount           money.Fen // the whole refund asked, freight included
	Freight          money.Fen // the freight among Amount
	ReturnAddress    string
	ReturnCompany    string
	ReturnTrackingNo string
	Damaged          bool
	Provider         string // "manual" or "gateway", once a refund was asked
	VoucherNo        string
	VoucherFileID    *int64
	RefundNo         *string // the shop's refund number at the gateway; unique when set
	RefundState      string
	GatewayRef       string
	InstanceID       *int64 // the 退款审批 workflow instance
	Source           string // "console" or "open"
	CreateBy         string
	CreateTime       time.Time
	UpdateTime       time.Time
	RefundTime       *time.Time
}

func (Case) TableName() string { return "aftersale_cases" }

// Item is an order line a case covers, copied from the order item at opening.
type Item struct {
	ID          int64 `gorm:"primaryKey"`
	CaseID      int64
	OrderItemID int64
	SkuID       *int64
	SkuCode     string
	GoodsName   string
	SpecText    string
	UnitPrice   money.Fen
	Quantity    int64
	Refunded    money.Fen // the part of the case's amount this line got, once refunded
}

func (Item) TableName() string { return "aftersale_items" }

// History is one move of a case.
type History struct {
	ID         int64 `gorm:"primaryKey"`
	CaseID     int64
	FromStatus string
	ToStatus   string
	Operator   string
	Note       string
	CreateTime time.Time
}

func (History) TableName() string { return "aftersale_history" }

// Detail is a case with its lines, history and the order's money.
type Detail struct {
	Case
	Items         []Item
	History       []History
	OrderAmount   money.Fen
	OrderRefunded money.Fen
}
