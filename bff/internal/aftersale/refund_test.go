package aftersale_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/aftersale"
	"mallconsole/bff/internal/aftersale/gateway"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/money"
)

// bigShop is an order of 3 A at ¥1,000.00 (over the ¥1,000 threshold) and a refunding case of
// all three.
func bigShop(t *testing.T, g *gorm.DB) (*env, aftersale.Detail) {
	t.Helper()
	e := newEnv(t, g)
	addSku(t, g, 0, "A", 100000, 10)
	o := e.paidOrder(t, nil, 0, order.PlaceItem{SkuCode: "A", Quantity: 3})
	d, err := e.open(t, o, aftersale.TypeRefund, 300000, 0, map[int]int64{0: 3})
	if err != nil {
		t.Fatal(err)
	}
	if d, err = e.s.Approve(context.Background(), nil, d.ID, "admin", ""); err != nil {
		t.Fatal(err)
	}
	return e, d
}

func TestApprovalFlow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		e, d := bigShop(t, g)
		// a manual refund asks its approval before the money is paid: no voucher yet
		d, err := e.s.Refund(ctx, nil, d.ID, staff, aftersale.RefundInput{Provider: aftersale.Manual})
		if err != nil || d.RefundState != aftersale.RefundApproving || d.InstanceID == nil || *d.InstanceID != 101 ||
			e.appr.started[0]["caseNo"] != d.CaseNo || e.appr.started[0]["amount"] != money.Fen(300000) {
			t.Fatalf("asked %+v %v %v", d, err, e.appr.started)
		}
		// the approvers hear of it once the refund's transaction committed
		if len(e.appr.announced) != 1 || e.appr.announced[0] != 101 {
			t.Fatalf("announced %v, want [101]", e.appr.announced)
		}
		wantErr(t, "second", func() error { _, err := e.s.Refund(ctx, nil, d.ID, staff, manual); return err }(), aftersale.ErrApproving)
		// the approval passes inside the engine's transaction; the manual refund then completes
		err = g.Transaction(func(tx *gorm.DB) error {
			return e.s.ApprovalFinished(tx, aftersale.Outcome{InstanceID: 101, FormCode: "refund", Status: aftersale.OutcomeApproved, Approver: "boss"})
		})
		if err != nil {
			t.Fatal(err)
		}
		if d, _ = e.s.Get(ctx, nil, d.ID); d.RefundState != aftersale.RefundApproved {
			t.Fatalf("after approval %+v", d.Case)
		}
		_, err = e.s.Refund(ctx, nil, d.ID, staff, aftersale.RefundInput{Provider: aftersale.Manual})
		wantErr(t, "paid without a voucher", err, aftersale.ErrVoucherRequired)
		if d, err = e.s.Refund(ctx, nil, d.ID, staff, manual); err != nil || d.Status != aftersale.Refunded || len(e.appr.started) != 1 {
			t.Fatalf("paid %+v %v", d.Case, err)
		}
		// an instance that ends again, or of no case, changes nothing
		if err := g.Transaction(func(tx *gorm.DB) error {
			return e.s.ApprovalFinished(tx, aftersale.Outcome{InstanceID: 101, Status: aftersale.OutcomeRejected})
		}); err != nil {
			t.Fatal(err)
		}
		if d, _ = e.s.Get(ctx, nil, d.ID); d.Status != aftersale.Refunded {
			t.Fatalf("late rejection moved %s", d.Status)
		}
	})
}

func TestApprovalRejected(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		e, d := bigShop(t, g)
		d, _ = e.s.Refund(ctx, nil, d.ID, staff, aftersale.RefundInput{Provider: aftersale.GatewayProv})
		if err := g.Transaction(func(tx *gorm.DB) error {
			return e.s.ApprovalFinished(tx, aftersale.Outcome{InstanceID: *d.InstanceID, Status: aftersale.OutcomeRejected, Comment: "金额不符", Approver: "boss"})
		}); err != nil {
			t.Fatal(err)
		}
		d, _ = e.s.Get(ctx, nil, d.ID)
		last := d.History[len(d.History)-1]
		if d.Status != aftersale.Rejected || last.Note != "退款审批未通过：金额不符" || last.Operator != "boss" || len(e.gw.asked) != 0 {
			t.Fatalf("rejected %+v %+v", d.Case, last)
		}
	})
}

func TestApprovalGateway(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		e, d := bigShop(t, g)
		d, _ = e.s.Refund(ctx, nil, d.ID, staff, aftersale.RefundInput{Provider: aftersale.GatewayProv})
		if err := g.Transaction(func(tx *gorm.DB) error {
			return e.s.ApprovalFinished(tx, aftersale.Outcome{InstanceID: *d.InstanceID, Status: aftersale.OutcomeApproved})
		}); err != nil {
			t.Fatal(err)
		}
		e.gw.answer = gateway.StatusSuccess
		d, err := e.s.AfterApproval(ctx, *d.InstanceID)
		if err != nil || d.Status != aftersale.Refunded || len(e.gw.asked) != 1 || e.gw.asked[0].RefundNo != "RF"+d.CaseNo {
			t.Fatalf("sent after approval %+v %v %v", d.Case, err, e.gw.asked)
		}
	})
}

func TestNoApprovals(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		e, d := bigShop(t, g)
		s := aftersale.NewService(aftersale.NewStore(g), aftersale.Deps{Now: e.clock.now, ApprovalOver: 100000})
		_, err := s.Refund(context.Background(), nil, d.ID, staff, manual)
		wantErr(t, "no flow", err, aftersale.ErrNoApprovals)
		_, err = s.Refund(context.Background(), nil, d.ID, staff, aftersale.RefundInput{Provider: aftersale.GatewayProv})
		wantErr(t, "no gateway", err, aftersale.ErrNoGateway)
		_, err = s.Refund(context.Background(), nil, d.ID, staff, aftersale.RefundInput{Provider: aftersale.Manual})
		wantErr(t, "no voucher yet, no flow", err, aftersale.ErrNoApprovals)
		if d, _ = s.Get(context.Background(), nil, d.ID); d.RefundState != "" {
			t.Fatalf("state %q", d.RefundState)
		}
	})
}

func TestGateway(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		e, o, _ := shop(t, g)
		d, _ := e.open(t, o, aftersale.TypeRefund, 10000, 0, map[int]int64{0: 1})
		if _, err := e.s.Approve(ctx, nil, d.ID, "admin", ""); err != nil {
			t.Fatal(err)
		}
		gw := aftersale.RefundInput{Provider: aftersale.GatewayProv}
		d, err := e.s.Refund(ctx, nil, d.ID, staff, gw)
		no := "RF" + d.CaseNo
		if err != nil || d.RefundState != aftersale.RefundSent || d.RefundNo == nil || *d.RefundNo != no {
			t.Fatalf("sent %+v %v", d.Case, err)
		}
		wantErr(t, "again", func() error { _, err := e.s.Refund(ctx, nil, d.ID, staff, gw); return err }(), aftersale.ErrRefundInFlight)
		wantErr(t, "manual while sent", func() error { _, err := e.s.Refund(ctx, nil, d.ID, staff, manual); return err }(), aftersale.ErrRefundInFlight)
		// a forged amount is refused; PROCESSING changes nothing
		wantErr(t, "amount", e.s.Settle(ctx, gateway.Result{RefundNo: no, Status: gateway.StatusSuccess, Amount: 1}), aftersale.ErrGatewayAmount)
		if err := e.s.Settle(ctx, gateway.Result{RefundNo: no, Status: gateway.StatusProcessing}); err != nil {
			t.Fatal(err)
		}
		// FAILED: staff send again under a new number
		if err := e.s.Settle(ctx, gateway.Result{RefundNo: no, Status: gateway.StatusFailed}); err != nil {
			t.Fatal(err)
		}
		if d, _ = e.s.Get(ctx, nil, d.ID); d.RefundState != aftersale.RefundFailed {
			t.Fatalf("failed: %q", d.RefundState)
		}
		d, _ = e.s.Refund(ctx, nil, d.ID, staff, gw)
		if *d.RefundNo != no+"-2" || d.RefundState != aftersale.RefundSent {
			t.Fatalf("resent as %s %s", *d.RefundNo, d.RefundState)
		}
		wantErr(t, "old number", e.s.Settle(ctx, gateway.Result{RefundNo: no, Status: gateway.StatusSuccess}), aftersale.ErrNotFound)
		at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
		for range 2 { // the notification twice is one refund
			if err := e.s.Settle(ctx, gateway.Result{RefundNo: no + "-2", Status: gateway.StatusSuccess, Amount: 10000, GatewayRef: "G9", SuccessTime: &at}); err != nil {
				t.Fatal(err)
			}
		}
		// a late FAILED after the success changes nothing
		if err := e.s.Settle(ctx, gateway.Result{RefundNo: no + "-2", Status: gateway.StatusFailed}); err != nil {
			t.Fatal(err)
		}
		d, _ = e.s.Get(ctx, nil, d.ID)
		if d.Status != aftersale.Refunded || d.GatewayRef != "G9" || !d.RefundTime.Equal(at) || d.OrderRefunded != 10000 {
			t.Fatalf("settled %+v", d.Case)
		}
		wantErr(t, "unknown", e.s.Settle(ctx, gateway.Result{RefundNo: "RFX", Status: gateway.StatusSuccess}), aftersale.ErrNotFound)
	})
}

func TestSweep(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		e, o, _ := shop(t, g)
		a, _ := e.open(t, o, aftersale.TypeRefund, 10000, 0, map[int]int64{0: 1})
		b, _ := e.open(t, o, aftersale.TypeRefund, 5000, 0, map[int]int64{1: 1})
		e.gw.err = errors.New("timeout") // the gateway never answers the refunds
		for _, c := range []aftersale.Detail{a, b} {
			if _, err := e.s.Approve(ctx, nil, c.ID, "admin", ""); err != nil {
				t.Fatal(err)
			}
			if _, err := e.s.Refund(ctx, nil, c.ID, staff, aftersale.RefundInput{Provider: aftersale.GatewayProv}); err != nil {
				t.Fatal(err)
			}
		}
		if n, _ := e.s.SweepStuck(ctx, time.Minute); n != 0 {
			t.Fatalf("swept %d too early", n)
		}
		e.clock.t = e.clock.t.Add(2 * time.Minute)
		// a reached the gateway and succeeded; b never did and is asked again
		e.gw.queried["RF"+a.CaseNo] = gateway.Result{RefundNo: "RF" + a.CaseNo, Status: gateway.StatusSuccess, Amount: 10000}
		e.gw.err, e.gw.answer = nil, gateway.StatusSuccess
		n, err := e.s.SweepStuck(ctx, time.Minute)
		if err != nil || n != 2 {
			t.Fatalf("swept %d %v", n, err)
		}
		for _, c := range []aftersale.Detail{a, b} {
			if d, _ := e.s.Get(ctx, nil, c.ID); d.Status != aftersale.Refunded {
				t.Fatalf("%s: %s/%s", d.CaseNo, d.Status, d.RefundState)
			}
		}
		if last := e.gw.asked[len(e.gw.asked)-1]; last.RefundNo != "RF"+b.CaseNo {
			t.Fatalf("asked again %v", last)
		}
	})
}

// TestRefundRace: two staff refund the same case at once; exactly one refunds it, the other is
// refused with an illegal move (the case is refunded) or ErrRefundInFlight — never paid twice.
func TestRefundRace(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		e := newEnv(t, g)
		addSku(t, g, 0, "C", 1000, 20)
		o := e.paidOrder(t, nil, 0, order.PlaceItem{SkuCode: "C", Quantity: 10})
		for round := range 5 {
			d, err := e.open(t, o, aftersale.TypeRefund, 100, 0, map[int]int64{0: 1})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := e.s.Approve(ctx, nil, d.ID, "admin", ""); err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			errs := make([]error, 2)
			for i := range 2 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, errs[i] = e.s.Refund(ctx, nil, d.ID, staff, manual)
				}()
			}
			wg.Wait()
			ok, refused := 0, 0
			for _, err := range errs {
				switch {
				case err == nil:
					ok++
				case errors.Is(err, aftersale.ErrIllegalMove), errors.Is(err, aftersale.ErrRefundInFlight):
					refused++
				default:
					t.Fatalf("round %d: %v", round, err)
				}
			}
			if ok != 1 || refused != 1 {
				t.Fatalf("round %d: %v", round, errs)
			}
			_, _ = e.s.Reject(ctx, nil, d.ID, "admin", "x") // refused: refunded stays
		}
		od, _ := e.orders.Get(ctx, nil, o.ID)
		if od.Refunded != 500 {
			t.Fatalf("order refunded %s, want 5.00", od.Refunded)
		}
	})
}

// passing is a workflow whose flow has nobody to approve: the instance ends as it starts, inside
// StartFor, and tells the service as the engine does.
type passing struct {
	s *aftersale.Service
	n int64
}

func (p *passing) Announce(context.Context, int64) {}

func (p *passing) StartFor(_ context.Context, tx *gorm.DB, _ string, _ int64, data map[string]any) (int64, error) {
	p.n++
	id := 500 + p.n
	return id, p.s.ApprovalFinished(tx, aftersale.Outcome{InstanceID: id, FormCode: aftersale.RefundFormCode,
		Status: aftersale.OutcomeApproved, Data: data})
}

// TestApprovalPassesAtOnce: a 退款审批 with nobody to approve ends inside StartFor; the case is
// then approved, linked to its instance, and a gateway refund is sent after the commit.
func TestApprovalPassesAtOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		e, d := bigShop(t, g)
		p := &passing{}
		s := aftersale.NewService(aftersale.NewStore(g), aftersale.Deps{Now: e.clock.now, Approvals: p, Gateway: e.gw,
			ApprovalOver: 100000, Log: dbtest.Logger(t)})
		p.s = s
		e.gw.answer = gateway.StatusSuccess
		d, err := s.Refund(ctx, nil, d.ID, staff, aftersale.RefundInput{Provider: aftersale.GatewayProv})
		if err != nil || d.Status != aftersale.Refunded || d.InstanceID == nil || *d.InstanceID != 501 || len(e.gw.asked) != 1 {
			t.Fatalf("passed at once: %+v %v %v", d.Case, err, e.gw.asked)
		}
	})
}
