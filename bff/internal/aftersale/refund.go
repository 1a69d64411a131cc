package aftersale

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/aftersale/gateway"
)

// Refund providers.
const (
	Manual      = "manual"  // staff paid by hand and record the voucher
	GatewayProv = "gateway" // the payment gateway's refund API
)

// RefundInput is how the money goes back: manual with the voucher, or through the gateway.
type RefundInput struct {
	Provider      string
	VoucherNo     string
	VoucherFileID *int64
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// Refund sends the case's money back. A return must be received; a refund-only case is in
// refunding since its approval. An amount above ApprovalOver first needs a 退款审批 instance:
// it is started in the same transaction and the case waits (refundState approving) — the caller
// answers 202; a manual refund's voucher comes once it is approved. Manual completes at once; the gateway is asked after the commit and its
// notification or a status query settles the case (Settle). The case's row is locked, so two
// staff refunding at once make one refund: the second finds it refunded or in flight.
func (s *Service) Refund(ctx context.Context, scope *int64, id int64, actor Actor, in RefundInput) (Detail, error) {
	voucher := strings.TrimSpace(in.VoucherNo) != "" && in.VoucherFileID != nil
	switch in.Provider {
	case Manual:
		if in.VoucherFileID != nil {
			if ok, err := s.pictures(ctx, []int64{*in.VoucherFileID}); err != nil || !ok {
				return Detail{}, errors.Join(err, ErrVoucherFile)
			}
		}
	case GatewayProv:
		if s.deps.Gateway == nil {
			return Detail{}, ErrNoGateway
		}
	default:
		return Detail{}, ErrProvider
	}
	return s.move(ctx, scope, "id = ?", id, func(tx *gorm.DB, c Case, now time.Time) (func(context.Context), error) {
		to, err := next(c, Refund)
		if err != nil {
			return nil, err
		}
		switch c.RefundState {
		case RefundApproving:
			return nil, ErrApproving
		case RefundSent, RefundDone:
			return nil, ErrRefundInFlight
		}
		if c.Status != to {
			if err := save(tx, c, map[string]any{"status": to}, c.Status, to, actor.Name, "", now); err != nil {
				return nil, err
			}
			c.Status = to
		}
		if c.Amount > s.deps.ApprovalOver && c.RefundState != RefundApproved {
			// a manual refund is paid after the approval: its voucher comes then
			return s.askApproval(ctx, tx, c, actor, in, now)
		}
		if in.Provider == Manual && !voucher {
			return nil, ErrVoucherRequired
		}
		if in.Provider == Manual {
			if err := s.claim(tx, *in.VoucherFileID); err != nil {
				return nil, err
			}
			return s.ordersChanged, s.complete(tx, c, map[string]any{"provider": Manual, "voucher_no": in.VoucherNo,
				"voucher_file_id": *in.VoucherFileID}, actor.Name, "手工退款 凭证号 "+in.VoucherNo, now, now)
		}
		return s.send(tx, c, actor.Name, now)
	})
}

// askApproval starts the 退款审批 instance of a big refund inside tx and links it to the case.
// The case waits (approving) before the instance starts: a flow with nobody to approve passes at
// once, inside StartFor, and ApprovalFinished then finds the case by its number (no instance id
// yet) and marks it approved; an approved gateway refund is then sent after the commit.
func (s *Service) askApproval(ctx context.Context, tx *gorm.DB, c Case, actor Actor, in RefundInput, now time.Time) (func(context.Context), error) {
	if s.deps.Approvals == nil {
		return nil, ErrNoApprovals
	}
	// no instance until StartFor answers (an earlier, withdrawn one's is in the history)
	up := map[string]any{"refund_state": RefundApproving, "provider": in.Provider, "instance_id": nil}
	if in.Provider == Manual && in.VoucherFileID != nil {
		up["voucher_no"], up["voucher_file_id"] = in.VoucherNo, *in.VoucherFileID
		if err := s.claim(tx, *in.VoucherFileID); err != nil {
			return nil, err
		}
	}
	if err := tx.Model(&Case{}).Where("id = ?", c.ID).Updates(up).Error; err != nil {
		return nil, err
	}
	reason := c.Reason
	if s.deps.Labels != nil {
		if labels, err := s.deps.Labels(ctx, ReasonDict); err == nil && labels[c.Reason] != "" {
			reason = labels[c.Reason]
		}
	}
	// the history's line comes before the start's, which may already end the flow (its line
	// follows); the instance's number is filled in once known
	asked := History{CaseID: c.ID, FromStatus: c.Status, ToStatus: c.Status, Operator: actor.Name, Note: "发起退款审批", CreateTime: now}
	if err := tx.Create(&asked).Error; err != nil {
		return nil, err
	}
	data := map[string]any{"caseNo": c.CaseNo, "orderNo": c.OrderNo, "amount": c.Amount, "reason": reason}
	instance, err := s.deps.Approvals.StartFor(ctx, tx, RefundFormCode, actor.UserID, data)
	if err != nil {
		return nil, err
	}
	if err := tx.Model(&History{}).Where("id = ?", asked.ID).Update("note", asked.Note+" #"+itoa(instance)).Error; err != nil {
		return nil, err
	}
	if err := tx.Model(&Case{}).Where("id = ?", c.ID).Updates(map[string]any{"instance_id": instance, "update_time": now}).Error; err != nil {
		return nil, err
	}
	var state string
	if err := tx.Model(&Case{}).Select("refund_state").Where("id = ?", c.ID).Scan(&state).Error; err != nil {
		return nil, err
	}
	send := state == RefundApproved && in.Provider == GatewayProv
	return func(ctx context.Context) {
		s.deps.Approvals.Announce(ctx, instance)
		if !send {
			return
		}
		if _, err := s.AfterApproval(ctx, instance); err != nil {
			s.deps.Log.Warn("aftersale: sending an approved refund", "caseNo", c.CaseNo, "err", err)
		}
	}, nil
}

// complete books the money as given back at at (pay) and moves the case to refunded.
func (s *Service) complete(tx *gorm.DB, c Case, up map[string]any, operator, note string, now, at time.Time) error {
	if err := s.pay(tx, c, operator, now, at); err != nil {
		return err
	}
	up["status"], up["refund_state"], up["refund_time"] = Refunded, RefundDone, at
	return save(tx, c, up, c.Status, Refunded, operator, note, now)
}

// send marks the case sent to the gateway under a refund number of the shop's own and leaves the
// call for after the commit: the number is recorded before the gateway hears of it, so a crash
// between the two leaves a sent case the sweep asks about, never a refund the shop forgot.
func (s *Service) send(tx *gorm.DB, c Case, operator string, now time.Time) (func(context.Context), error) {
	no := refundNo(c)
	up := map[string]any{"provider": GatewayProv, "refund_no": no, "refund_state": RefundSent}
	if err := save(tx, c, up, c.Status, c.Status, operator, "已提交支付网关 "+no, now); err != nil {
		return nil, err
	}
	req := gateway.Request{RefundNo: no, OrderNo: c.OrderNo, Amount: c.Amount, Reason: c.Reason}
	return func(ctx context.Context) { s.ask(ctx, req) }, nil
}

// refundNo is "RF"+caseNo; a refund the gateway failed is sent again under a new number
// ("-2", "-3", …), since the gateway keeps one answer per number.
func refundNo(c Case) string {
	base := "RF" + c.CaseNo
	if c.RefundNo == nil {
		return base
	}
	n := int64(1)
	if i := strings.LastIndexByte(*c.RefundNo, '-'); i >= 0 {
		n, _ = strconv.ParseInt((*c.RefundNo)[i+1:], 10, 64)
	}
	return base + "-" + itoa(n+1)
}

// ask calls the gateway and settles what its answer already knows. A failed call leaves the
// case sent: the notification or the sweep's query settles it.
func (s *Service) ask(ctx context.Context, req gateway.Request) {
	r, err := s.deps.Gateway.Refund(ctx, req)
	if err != nil {
		s.deps.Log.Warn("aftersale: gateway refund", "refundNo", req.RefundNo, "err", err)
		return
	}
	if r.RefundNo == "" {
		r.RefundNo = req.RefundNo
	}
	if err := s.Settle(ctx, r); err != nil {
		s.deps.Log.Warn("aftersale: settling a refund", "refundNo", req.RefundNo, "err", err)
	}
}

// Settle applies the gateway's word on a refund (its answer, a notification, a query): SUCCESS
// refunds the case once (a repeat changes nothing), FAILED marks it failed unless it succeeded
// already (a late or reordered word), PROCESSING changes nothing. An unknown refund number is
// ErrNotFound.
func (s *Service) Settle(ctx context.Context, r gateway.Result) error {
	_, err := s.move(ctx, nil, "refund_no = ?", r.RefundNo, func(tx *gorm.DB, c Case, now time.Time) (func(context.Context), error) {
		if c.RefundState == RefundDone || c.Status != Refunding {
			return nil, nil
		}
		switch r.Status {
		case gateway.StatusSuccess:
			if r.Amount != 0 && r.Amount != c.Amount {
				return nil, ErrGatewayAmount
			}
			at := now
			if r.SuccessTime != nil {
				at = r.SuccessTime.UTC().Truncate(time.Millisecond)
			}
			up := map[string]any{"gateway_ref": r.GatewayRef}
			return s.ordersChanged, s.complete(tx, c, up, "gateway", "支付网关退款成功 "+r.GatewayRef, now, at)
		case gateway.StatusFailed:
			if c.RefundState != RefundSent {
				return nil, nil
			}
			return nil, save(tx, c, map[string]any{"refund_state": RefundFailed, "gateway_ref": r.GatewayRef},
				c.Status, c.Status, "gateway", "支付网关退款失败", now)
		}
		return nil, nil
	})
	return err
}

// SweepStuck asks the gateway about refunds sent longer than olderThan ago with no word yet, and
// settles them; a refund the gateway never received is asked again under the same number (the
// gateway keeps one refund per number, so it is never paid twice). Cases approved for the
// gateway but not sent (the app stopped between the approval and the call) are sent. It answers
// how many cases it looked at.
func (s *Service) SweepStuck(ctx context.Context, olderThan time.Duration) (int, error) {
	if s.deps.Gateway == nil {
		return 0, nil
	}
	var stuck []Case
	before := s.stamp().Add(-olderThan)
	err := s.store.db.WithContext(ctx).Where("provider = ? AND refund_state IN ? AND status = ? AND update_time <= ?",
		GatewayProv, []string{RefundSent, RefundApproved}, Refunding, before).Order("id").Limit(500).Find(&stuck).Error
	if err != nil {
		return 0, err
	}
	for _, c := range stuck {
		if c.RefundState == RefundApproved {
			if _, err := s.AfterApproval(ctx, *c.InstanceID); err != nil {
				s.deps.Log.Warn("aftersale: sending an approved refund", "caseNo", c.CaseNo, "err", err)
			}
			continue
		}
		r, err := s.deps.Gateway.Query(ctx, *c.RefundNo)
		if err != nil {
			s.deps.Log.Warn("aftersale: gateway query", "refundNo", *c.RefundNo, "err", err)
			continue
		}
		if r.Status == gateway.StatusNotFound {
			s.ask(ctx, gateway.Request{RefundNo: *c.RefundNo, OrderNo: c.OrderNo, Amount: c.Amount, Reason: c.Reason})
			continue
		}
		if r.RefundNo == "" {
			r.RefundNo = *c.RefundNo
		}
		if err := s.Settle(ctx, r); err != nil && !errors.Is(err, ErrNotFound) {
			s.deps.Log.Warn("aftersale: settling a refund", "refundNo", *c.RefundNo, "err", err)
		}
	}
	return len(stuck), nil
}

// ordersChanged tells, after the commit, that a refund changed an order's totals or status.
func (s *Service) ordersChanged(context.Context) {
	if s.deps.OrdersChanged != nil {
		s.deps.OrdersChanged()
	}
}
