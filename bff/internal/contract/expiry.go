package contract

import (
	"context"
	"errors"
	"strconv"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/notify"
	"mallconsole/bff/internal/platform/perm"
)

// Fence is checked inside each transaction a job's run commits (job.Run.Fence): it fails once
// the run lost its lease, rolling the transaction back.
type Fence func(tx *gorm.DB) error

// Send is how a reminder goes out (the message centre's Send).
type Send func(ctx context.Context, to notify.Audience, m notify.Message) error

// ExpireDue stores Expired on up to batch signed contracts whose end date has passed, answering
// how many. Reads already treat them as expired (Effective, the list's filter): this only makes
// the stored status say so too, for whatever reads the table without the rule.
func (s *Service) ExpireDue(ctx context.Context, batch int, fence Fence) (int, error) {
	today, now := s.Today(), s.stamp()
	var n int
	err := s.store.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := fence(tx); err != nil {
			return err
		}
		var ids []int64
		if err := tx.Model(&Contract{}).Where("status = ? AND end_date < ?", Signed, today).
			Order("end_date, id").Limit(batch).Pluck("id", &ids).Error; err != nil || len(ids) == 0 {
			return err
		}
		res := tx.Model(&Contract{}).Where("id IN ? AND status = ?", ids, Signed).
			Updates(map[string]any{"status": Expired, "update_time": now})
		n = int(res.RowsAffected)
		return res.Error
	})
	return n, err
}

// NotifyExpiring tells, once per contract, about up to batch signed contracts ending within
// within from today: everyone who may list contracts, of the contract's agency for channel
// operators. A contract is marked told in a fenced transaction before the messages go out, so a
// crash between the two loses that reminder rather than sending it twice.
func (s *Service) NotifyExpiring(ctx context.Context, batch int, fence Fence, within time.Duration, send Send) (int, error) {
	now := s.now().In(s.loc)
	today, until := now.Format(time.DateOnly), now.Add(within).Format(time.DateOnly)
	var due []Contract
	err := s.store.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		due = nil
		if err := fence(tx); err != nil {
			return err
		}
		if err := tx.Select("id, name, agency_id, end_date").
			Where("status = ? AND end_date >= ? AND end_date <= ? AND expiry_notified_at IS NULL", Signed, today, until).
			Order("end_date, id").Limit(batch).Find(&due).Error; err != nil || len(due) == 0 {
			return err
		}
		ids := make([]int64, len(due))
		for i, c := range due {
			ids[i] = c.ID
		}
		return tx.Table("contracts").Where("id IN ? AND expiry_notified_at IS NULL", ids).
			Update("expiry_notified_at", s.stamp()).Error
	})
	if err != nil {
		return 0, err
	}
	var errs []error
	for _, c := range due {
		agency := c.AgencyID
		m := notify.Message{Type: notify.ContractExpiring, Title: "合同即将到期：" + c.Name, Body: c.EndDate + " 到期",
			Link: "/look?type=contract&id=" + strconv.FormatInt(c.ID, 10)}
		if err := send(ctx, notify.Audience{Permission: perm.ContractList, AgencyID: &agency}, m); err != nil {
			errs = append(errs, err) // the others still go out; the run reports the failure
		}
	}
	return len(due), errors.Join(errs...)
}
