package gateway_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"mallconsole/bff/internal/aftersale/gateway"
	"mallconsole/bff/internal/aftersale/gateway/gatewaytest"
)

// Asking the same refund again — in turn or at once — answers the one refund and pays once.
func TestRepeatedRefundPaysOnce(t *testing.T) {
	s, r, c := setup(t, gatewaytest.Options{}, nil)
	ctx := context.Background()
	req := gateway.Request{RefundNo: "RFAS1", OrderNo: "O1", Amount: 1234, Reason: "质量问题"}
	first, err := c.Refund(ctx, req)
	if err != nil || first.RefundNo != "RFAS1" || first.GatewayRef == "" || first.Amount != 1234 {
		t.Fatalf("%+v %v", first, err)
	}
	var wg sync.WaitGroup
	refs := make([]string, 10)
	for i := range refs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := c.Refund(ctx, req)
			if err != nil {
				t.Error(err)
			}
			refs[i] = res.GatewayRef
		}()
	}
	wg.Wait()
	for _, ref := range refs {
		if ref != first.GatewayRef {
			t.Fatalf("a repeat made refund %q, the first was %q", ref, first.GatewayRef)
		}
	}
	s.Wait()
	rec, _ := s.Refund("RFAS1")
	if rec.Paid != 1 || rec.Requests != 11 {
		t.Fatalf("paid %d times on %d requests", rec.Paid, rec.Requests)
	}
	if got := r.results("RFAS1"); len(got) != 1 || got[0].Status != gateway.StatusSuccess || got[0].SuccessTime == nil {
		t.Fatalf("notifications %+v", got)
	}
	// A repeat after the refund finished says so.
	if res, err := c.Refund(ctx, req); err != nil || res.Status != gateway.StatusSuccess || res.SuccessTime == nil {
		t.Fatalf("repeat after success: %+v %v", res, err)
	}
	// The same number with another amount is refused, and pays nothing more.
	_, err = c.Refund(ctx, gateway.Request{RefundNo: "RFAS1", OrderNo: "O1", Amount: 9999})
	var ge *gateway.Error
	if !gateway.Refused(err) || !errors.As(err, &ge) || ge.HTTPStatus != http.StatusConflict || ge.Code != "INVALID_REQUEST" {
		t.Fatalf("conflicting repeat: %v", err)
	}
	if s.Paid("RFAS1") != 1 {
		t.Fatal("paid again")
	}
}

// Every behaviour as the shop's receiver sees it. Behaviours are set per refund on one server.
func TestNotificationBehaviours(t *testing.T) {
	s, r, c := setup(t, gatewaytest.Options{Delay: 300 * time.Millisecond}, nil)
	ctx := context.Background()
	cases := []struct {
		b        gatewaytest.Behaviour
		want     []gateway.Status // verified notifications, in order
		refused  int              // notifications the receiver refused
		paid     int
		queryEnd gateway.Status
	}{
		{gatewaytest.Normal, []gateway.Status{"SUCCESS"}, 0, 1, gateway.StatusSuccess},
		{gatewaytest.Late, []gateway.Status{"SUCCESS"}, 0, 1, gateway.StatusSuccess},
		{gatewaytest.Twice, []gateway.Status{"SUCCESS", "SUCCESS"}, 0, 1, gateway.StatusSuccess},
		{gatewaytest.Reorder, []gateway.Status{"SUCCESS", "PROCESSING"}, 0, 1, gateway.StatusSuccess},
		{gatewaytest.BadSig, nil, 1, 1, gateway.StatusSuccess},
		{gatewaytest.None, nil, 0, 1, gateway.StatusSuccess},
		{gatewaytest.Fail, []gateway.Status{"FAILED"}, 0, 0, gateway.StatusFailed},
	}
	start := time.Now()
	for _, tc := range cases {
		no := "RF" + string(tc.b)
		s.Behave(no, tc.b)
		res, err := c.Refund(ctx, gateway.Request{RefundNo: no, OrderNo: "O-" + no, Amount: 500})
		if err != nil {
			t.Fatalf("%s: %v", tc.b, err)
		}
		if tc.b == gatewaytest.Late {
			// Accepted but not done: the answer and a query both say PROCESSING.
			q, err := c.Query(ctx, no)
			if res.Status != gateway.StatusProcessing || err != nil || q.Status != gateway.StatusProcessing {
				t.Fatalf("late: answer %s, query %+v %v", res.Status, q, err)
			}
		}
	}
	s.Wait()
	if time.Since(start) < 300*time.Millisecond {
		t.Fatal("the late notification was not late")
	}
	for _, tc := range cases {
		no := "RF" + string(tc.b)
		got := statuses(r.results(no))
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: receiver verified %v, want %v", tc.b, got, tc.want)
		}
		if p := s.Paid(no); p != tc.paid {
			t.Errorf("%s: paid %d times, want %d", tc.b, p, tc.paid)
		}
		// The query always tells the end, whatever the notifications said or did not say.
		q, err := c.Query(ctx, no)
		if err != nil || q.Status != tc.queryEnd || q.RefundNo != no || q.Amount != 500 {
			t.Errorf("%s: query %+v %v", tc.b, q, err)
		}
		if tc.queryEnd == gateway.StatusSuccess && q.SuccessTime == nil {
			t.Errorf("%s: success without a time", tc.b)
		}
	}
	// The forged notification was refused with ErrBadSignature, and the gateway heard 401.
	refusals := r.refusals()
	if len(refusals) != 1 || !errors.Is(refusals[0], gateway.ErrBadSignature) {
		t.Fatalf("refusals %v", refusals)
	}
	for _, n := range s.Sent() {
		want := http.StatusOK
		if n.Forged {
			want = http.StatusUnauthorized
		}
		if n.HTTPStatus != want || (want == http.StatusOK && n.Body != gateway.NotifyOK) {
			t.Errorf("notification %+v: receiver answered %d %q", n, n.HTTPStatus, n.Body)
		}
	}
	if n := len(s.Sent()); n != 8 { // normal, late, badsig, fail one each; twice and reorder two
		t.Errorf("%d notifications sent, want 8", n)
	}
}

// A behaviour set on the server applies to every refund asked after.
func TestServerWideBehaviour(t *testing.T) {
	s, r, c := setup(t, gatewaytest.Options{Behaviour: gatewaytest.None}, nil)
	ctx := context.Background()
	for _, no := range []string{"RFN1", "RFN2"} {
		if _, err := c.Refund(ctx, gateway.Request{RefundNo: no, Amount: 100}); err != nil {
			t.Fatal(err)
		}
	}
	s.SetBehaviour(gatewaytest.Twice)
	if _, err := c.Refund(ctx, gateway.Request{RefundNo: "RFT1", Amount: 100}); err != nil {
		t.Fatal(err)
	}
	s.Wait()
	if len(r.results("RFN1"))+len(r.results("RFN2")) != 0 || len(r.results("RFT1")) != 2 {
		t.Fatalf("none: %v %v, twice: %v", r.results("RFN1"), r.results("RFN2"), r.results("RFT1"))
	}
	for _, no := range []string{"RFN1", "RFN2"} {
		if q, err := c.Query(ctx, no); err != nil || q.Status != gateway.StatusSuccess {
			t.Fatalf("%s: %+v %v", no, q, err)
		}
	}
}

// A refund the gateway never received answers NOT_FOUND to a query; a 404 from anything else
// (a wrong URL, a proxy) is not taken for it.
func TestQueryNotFound(t *testing.T) {
	_, _, c := setup(t, gatewaytest.Options{}, nil)
	q, err := c.Query(context.Background(), "RFNEVER")
	if err != nil || q.Status != gateway.StatusNotFound || q.RefundNo != "RFNEVER" {
		t.Fatalf("%+v %v", q, err)
	}
	plain := httptest.NewServer(http.NotFoundHandler())
	defer plain.Close()
	other := gateway.New(gateway.Config{URL: plain.URL, MerchantID: merchant, Key: key, NotifyKey: notifyKey}, nil, time.Now)
	if _, err := other.Query(context.Background(), "RFNEVER"); !gateway.Refused(err) {
		t.Fatalf("a plain 404: %v", err)
	}
}
