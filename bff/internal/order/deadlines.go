package order

import (
	"time"

	"gorm.io/gorm"
)

// deadlines20261128 are the columns migration 20261128_54_order_deadlines added to orders. Frozen.
//
// Each is written when the order gets to the step it times (made unpaid, shipped, completed) from
// the rules then in force (订单设置), so a change of the rules applies from then on. Orders
// from before the migration keep NULL: no job touches them, and after-sales stay open for them
// as before. Each job walks one index: (status, deadline).
type deadlines20261128 struct {
	PayDeadline     *time.Time
	AutoCompleteAt  *time.Time
	AftersaleUntil  *time.Time
	AftersaleClosed bool `gorm:"not null;default:false"`
}

func (deadlines20261128) TableName() string { return "orders" }

func deadlines20261128Up(tx *gorm.DB) error {
	m := tx.Migrator()
	for _, f := range []string{"PayDeadline", "AutoCompleteAt", "AftersaleUntil", "AftersaleClosed"} {
		if err := m.AddColumn(&deadlines20261128{}, f); err != nil {
			return err
		}
	}
	for _, stmt := range []string{
		"CREATE INDEX idx_orders_status_pay_deadline ON orders (status, pay_deadline)",
		"CREATE INDEX idx_orders_status_auto_complete ON orders (status, auto_complete_at)",
		"CREATE INDEX idx_orders_aftersale_window ON orders (aftersale_closed, aftersale_until)",
	} {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// deadlines are the columns a move stamps from the rules: shipping starts the wait for the
// automatic completion, completing starts the after-sales window.
func (st Settings) deadlines(action string, now time.Time, up map[string]any) {
	switch action {
	case Ship:
		up["auto_complete_at"] = now.Add(days(st.CompleteAfterDays))
	case Complete:
		up["aftersale_until"] = now.Add(days(st.AfterSaleDays))
	}
}
