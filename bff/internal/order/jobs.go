package order

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// The jobs' side of the order rules (jobs_shop.go in package app declares them). Each run takes
// at most batch orders whose deadline passed, oldest first, and moves each in its own
// transaction through the status machine, exactly as a person's move would (history, stock
// through the ledger, the dashboard's watchers). fence is called inside every transaction: when
// the run lost its lease it fails and that order's move rolls back, and the run stops there.
// An order that changed since it was picked (paid, closed by hand) is skipped, not counted.

// SystemOperator is who the jobs' moves are recorded as.
const SystemOperator = "system"

// Notes of the jobs' moves in an order's history.
const (
	NoteAutoClose    = "超时未支付，自动关闭"
	NoteAutoComplete = "自动确认收货"
)

// Fence checks, in a job's transaction, that the run may still commit (job.Run.Fence).
type Fence func(tx *gorm.DB) error

// CloseOverdue closes up to batch unpaid orders whose pay deadline passed and gives their units
// back through the ledger; the answer is how many it closed.
func (s *Service) CloseOverdue(ctx context.Context, batch int, fence Fence) (int, error) {
	return s.due(ctx, batch, fence, Unpaid, "pay_deadline", Close, NoteAutoClose,
		func(o Order, now time.Time) bool { return o.PayDeadline != nil && !o.PayDeadline.After(now) })
}

// CompleteDue completes up to batch shipped orders whose automatic completion is due; each
// starts its after-sales window from the rules now.
func (s *Service) CompleteDue(ctx context.Context, batch int, fence Fence) (int, error) {
	return s.due(ctx, batch, fence, Shipped, "auto_complete_at", Complete, NoteAutoComplete,
		func(o Order, now time.Time) bool { return o.AutoCompleteAt != nil && !o.AutoCompleteAt.After(now) })
}

func (s *Service) due(ctx context.Context, batch int, fence Fence, status, column, action, note string,
	still func(Order, time.Time) bool) (int, error) {
	st, err := s.settings(ctx)
	if err != nil {
		return 0, err
	}
	now := s.stamp()
	var ids []int64
	err = s.store.db.WithContext(ctx).Model(&Order{}).
		Where("status = ? AND "+column+" IS NOT NULL AND "+column+" <= ?", status, now).
		Order(column+", id").Limit(max(batch, 0)).Pluck("id", &ids).Error
	if err != nil {
		return 0, err
	}
	done := 0
	for _, id := range ids {
		var moved bool
		err := db.Retry(ctx, retries, func() error {
			moved = false
			step := s.stockedChange(SystemOperator, action, MoveInput{Note: note}, now, st)
			_, err := s.store.Move(ctx, nil, id, func(tx *gorm.DB, o Order) (map[string]any, History, error) {
				if err := fence(tx); err != nil {
					return nil, History{}, err
				}
				if o.Status != status || !still(o, now) {
					return nil, History{}, nil // changed since it was picked
				}
				up, h, err := step(tx, o)
				moved = err == nil
				return up, h, err
			})
			return err
		})
		if errors.Is(err, ErrNotFound) {
			continue // deleted since it was picked
		}
		if err != nil {
			return done, err
		}
		if moved {
			done++
		}
	}
	return done, nil
}

// CloseAftersaleWindows marks up to batch completed orders whose after-sales window ended as
// closed (the after-sales intake refuses them by their deadline either way; the mark lets the
// lists and the next runs skip them). One fenced transaction per run.
func (s *Service) CloseAftersaleWindows(ctx context.Context, batch int, fence Fence) (int, error) {
	now := s.stamp()
	var n int64
	err := s.store.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := fence(tx); err != nil {
			return err
		}
		var ids []int64
		err := tx.Model(&Order{}).Where("aftersale_closed = ? AND aftersale_until IS NOT NULL AND aftersale_until <= ? AND status = ?",
			false, now, Completed).Order("aftersale_until, id").Limit(max(batch, 0)).Pluck("id", &ids).Error
		if err != nil || len(ids) == 0 {
			return err
		}
		res := tx.Model(&Order{}).Where("id IN ? AND aftersale_closed = ?", ids, false).
			Updates(map[string]any{"aftersale_closed": true, "update_time": now})
		n = res.RowsAffected
		return res.Error
	})
	if err != nil {
		return 0, err
	}
	if n > 0 {
		s.store.invalidate()
	}
	return int(n), nil
}
