package gateway_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"mallconsole/bff/internal/aftersale/gateway"
	"mallconsole/bff/internal/aftersale/gateway/gatewaytest"
)

// The gateway makes the refund but answers too late: the client says "outcome unknown" (never
// "refused", which would invite paying some other way), the query finds the refund, and asking
// again answers the same refund without paying twice.
func TestTimeoutIsUnknownOutcome(t *testing.T) {
	hc := &http.Client{Timeout: 300 * time.Millisecond}
	s, r, c := setup(t, gatewaytest.Options{SlowAnswer: 5 * time.Second}, hc)
	ctx := context.Background()
	req := gateway.Request{RefundNo: "RFSLOW", OrderNo: "O9", Amount: 8800}
	s.Behave("RFSLOW", gatewaytest.Slow)
	start := time.Now()
	_, err := c.Refund(ctx, req)
	var ge *gateway.Error
	if !gateway.OutcomeUnknown(err) || gateway.Refused(err) || !errors.As(err, &ge) || ge.HTTPStatus != 0 {
		t.Fatalf("%v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("waited %s", d)
	}
	s.Wait()
	if q, err := c.Query(ctx, "RFSLOW"); err != nil || q.Status != gateway.StatusSuccess {
		t.Fatalf("query %+v %v", q, err)
	}
	if got := r.results("RFSLOW"); len(got) != 1 || got[0].Status != gateway.StatusSuccess {
		t.Fatalf("notifications %+v", got)
	}
	s.Behave("RFSLOW", gatewaytest.Normal)
	if res, err := c.Refund(ctx, req); err != nil || res.Status != gateway.StatusSuccess {
		t.Fatalf("repeat %+v %v", res, err)
	}
	if rec, _ := s.Refund("RFSLOW"); rec.Paid != 1 || rec.Requests != 2 {
		t.Fatalf("paid %d on %d requests", rec.Paid, rec.Requests)
	}

	// The caller's own deadline counts the same.
	s.Behave("RFSLOW2", gatewaytest.Slow)
	dctx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	if _, err := gateway.New(s.Config(r.URL()), nil, time.Now).Refund(dctx, gateway.Request{RefundNo: "RFSLOW2", Amount: 1}); !gateway.OutcomeUnknown(err) {
		t.Fatalf("deadline: %v", err)
	}
}

// 5xx and a gateway that is not there leave the outcome unknown; 4xx is a refusal.
func TestAnswersClassified(t *testing.T) {
	for _, tc := range []struct {
		status  int
		unknown bool
	}{{500, true}, {502, true}, {503, true}, {400, false}, {401, false}, {403, false}, {409, false}} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.WriteHeader(tc.status)
			_, _ = w.Write([]byte(`{"code":"SYSTEM_ERROR","message":"busy"}`))
		}))
		c := gateway.New(gateway.Config{URL: srv.URL, MerchantID: merchant, Key: key, NotifyKey: notifyKey}, nil, time.Now)
		_, err := c.Refund(context.Background(), gateway.Request{RefundNo: "RF1", Amount: 1})
		_, qerr := c.Query(context.Background(), "RF1")
		srv.Close()
		var ge *gateway.Error
		if gateway.OutcomeUnknown(err) != tc.unknown || gateway.OutcomeUnknown(qerr) != tc.unknown || !errors.As(err, &ge) ||
			ge.HTTPStatus != tc.status || ge.Code != "SYSTEM_ERROR" {
			t.Errorf("%d: refund %v, query %v", tc.status, err, qerr)
		}
	}
	// Nobody listening: unknown (the query settles it once the gateway is back).
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close()
	c := gateway.New(gateway.Config{URL: url, MerchantID: merchant, Key: key, NotifyKey: notifyKey}, nil, time.Now)
	if _, err := c.Refund(context.Background(), gateway.Request{RefundNo: "RF1", Amount: 1}); !gateway.OutcomeUnknown(err) {
		t.Fatalf("no gateway: %v", err)
	}
	// A 200 that is not signed cannot settle money: unknown.
	unsigned := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte(`{"merchant_id":"M100","out_refund_no":"RF1","status":"SUCCESS","amount":1,"success_time":"2026-11-28T08:00:00Z"}`))
	}))
	defer unsigned.Close()
	c = gateway.New(gateway.Config{URL: unsigned.URL, MerchantID: merchant, Key: key, NotifyKey: notifyKey}, nil, time.Now)
	if _, err := c.Query(context.Background(), "RF1"); !gateway.OutcomeUnknown(err) || !errors.Is(err, gateway.ErrBadSignature) {
		t.Fatalf("unsigned 200: %v", err)
	}
	// Bad input is refused before anything is sent.
	if _, err := c.Refund(context.Background(), gateway.Request{RefundNo: "RF1", Amount: 0}); !gateway.Refused(err) {
		t.Fatalf("zero amount: %v", err)
	}
}
