// Package statement makes each agency's monthly statement (对账单): every order sold and every
// refund given back in the month, with totals, frozen once the month is over (a correction is an
// adjustment line), downloadable as xlsx and PDF (docs/decisions.md "Agency statements").
package statement

import (
	"time"

	"mallconsole/bff/internal/platform/money"
)

// States of a statement.
const (
	Open   = "open"   // a draft of a month still running; staff may make it again
	Frozen = "frozen" // made by the monthly job; never changed except by adjustment lines
)

// Kinds of a statement line.
const (
	KindOrder      = "order"
	KindRefund     = "refund"
	KindAdjustment = "adjustment"
)

// Statement is one agency's month. Net = Sales − Refunds + Adjustments.
type Statement struct {
	ID          int64 `gorm:"primaryKey"`
	AgencyID    int64
	Month       string // yyyy-MM
	State       string
	Sales       money.Fen
	Refunds     money.Fen
	Adjustments money.Fen
	Net         money.Fen
	OrderCount  int64
	RefundCount int64
	MadeAt      time.Time
	FrozenAt    *time.Time
	UpdateTime  time.Time `gorm:"autoUpdateTime"`
}

func (Statement) TableName() string { return "statements" }

// Line is one order, refund or adjustment of a statement. Amount is positive for a sale and a
// refund (the kind says which way it goes) and signed for an adjustment.
type Line struct {
	ID          int64 `gorm:"primaryKey"`
	StatementID int64
	Kind        string
	OrderNo     string
	CaseNo      string
	Date        time.Time
	Amount      money.Fen
	Note        string
	CreateBy    string
}

func (Line) TableName() string { return "statement_lines" }
