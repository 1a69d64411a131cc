package gateway_test

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"mallconsole/bff/internal/aftersale/gateway"
	"mallconsole/bff/internal/aftersale/gateway/gatewaytest"
)

// signed is a notification as the gateway would send it at t.
func signed(k string, t time.Time, body string) http.Header {
	h := http.Header{}
	ts := strconv.FormatInt(t.Unix(), 10)
	h.Set(gateway.HeaderTimestamp, ts)
	h.Set(gateway.HeaderNonce, "0123456789abcdef")
	h.Set(gateway.HeaderSignature, gateway.SignMessage(k, ts, "0123456789abcdef", []byte(body)))
	return h
}

func TestVerify(t *testing.T) {
	now := time.Date(2026, 11, 28, 8, 0, 0, 0, time.UTC)
	c := gateway.New(gateway.Config{URL: "http://127.0.0.1:1", MerchantID: merchant, Key: key, NotifyKey: notifyKey}, nil,
		func() time.Time { return now })
	good := `{"id":"EV1","event_type":"REFUND.SUCCESS","merchant_id":"M100","out_refund_no":"RF1","out_trade_no":"O1",` +
		`"refund_id":"GW1","status":"SUCCESS","amount":1234,"success_time":"2026-11-28T15:59:58+08:00"}`
	res, err := c.Verify(signed(notifyKey, now, good), []byte(good))
	if err != nil || res.RefundNo != "RF1" || res.GatewayRef != "GW1" || res.Status != gateway.StatusSuccess || res.Amount != 1234 ||
		res.SuccessTime == nil || !res.SuccessTime.Equal(now.Add(-2*time.Second)) || res.SuccessTime.Location() != time.UTC {
		t.Fatalf("%+v %v", res, err)
	}

	tampered := strings.Replace(good, "1234", "123400", 1)
	noSig := signed(notifyKey, now, good)
	noSig.Del(gateway.HeaderSignature)
	badTS := signed(notifyKey, now, good)
	badTS.Set(gateway.HeaderTimestamp, "yesterday")
	for name, tc := range map[string]struct {
		h    http.Header
		body string
		want error // nil: some other error
	}{
		"forged (another key)":    {signed("guessed", now, good), good, gateway.ErrBadSignature},
		"tampered body":           {signed(notifyKey, now, good), tampered, gateway.ErrBadSignature},
		"no signature":            {noSig, good, gateway.ErrBadSignature},
		"timestamp changed":       {badTS, good, gateway.ErrBadSignature},
		"stale (6 minutes)":       {signed(notifyKey, now.Add(-6*time.Minute), good), good, gateway.ErrStale},
		"from the future":         {signed(notifyKey, now.Add(6*time.Minute), good), good, gateway.ErrStale},
		"garbled JSON":            {signed(notifyKey, now, `{"out_refund_no":`), `{"out_refund_no":`, nil},
		"unknown status":          {signed(notifyKey, now, strings.Replace(good, `"SUCCESS"`, `"DONE"`, 1)), strings.Replace(good, `"SUCCESS"`, `"DONE"`, 1), nil},
		"success without a time":  {signed(notifyKey, now, strings.Replace(good, "2026-11-28T15:59:58+08:00", "", 1)), strings.Replace(good, "2026-11-28T15:59:58+08:00", "", 1), nil},
		"another merchant":        {signed(notifyKey, now, strings.Replace(good, "M100", "M999", 1)), strings.Replace(good, "M100", "M999", 1), nil},
		"no refund number":        {signed(notifyKey, now, strings.Replace(good, `"RF1"`, `""`, 1)), strings.Replace(good, `"RF1"`, `""`, 1), nil},
		"signed with the req key": {signed(key, now, good), good, gateway.ErrBadSignature},
	} {
		_, err := c.Verify(tc.h, []byte(tc.body))
		switch {
		case err == nil:
			t.Errorf("%s: accepted", name)
		case tc.want != nil && !errors.Is(err, tc.want):
			t.Errorf("%s: %v, want %v", name, err, tc.want)
		case tc.want == nil && (errors.Is(err, gateway.ErrBadSignature) || errors.Is(err, gateway.ErrStale)):
			t.Errorf("%s: %v, want a content error", name, err)
		}
	}
}

// A notification the gateway really sent is refused by a receiver whose clock is 6 minutes on:
// a replay of yesterday's SUCCESS cannot settle today's refund.
func TestVerifyStaleFromTheServer(t *testing.T) {
	late := time.Now().Add(6 * time.Minute)
	s := startGateway(t, gatewaytest.Options{})
	r := newReceiver(t)
	r.use(gateway.New(s.Config(r.URL()), nil, func() time.Time { return late }))
	c := gateway.New(s.Config(r.URL()), nil, time.Now)
	if _, err := c.Refund(context.Background(), gateway.Request{RefundNo: "RFSTALE", Amount: 1}); err != nil {
		t.Fatal(err)
	}
	s.Wait()
	if got := r.refusals(); len(got) != 1 || !errors.Is(got[0], gateway.ErrStale) {
		t.Fatalf("%v", got)
	}
}

// Signing both ways: a client with the wrong merchant key is refused and nothing is paid; one
// with the wrong notify key cannot trust the answer, so the outcome is unknown — and indeed the
// refund was made.
func TestKeysBothWays(t *testing.T) {
	s := startGateway(t, gatewaytest.Options{})
	ctx := context.Background()
	cfg := s.Config("")
	cfg.Key = "wrong"
	_, err := gateway.New(cfg, nil, time.Now).Refund(ctx, gateway.Request{RefundNo: "RFK1", Amount: 1})
	var ge *gateway.Error
	if !gateway.Refused(err) || !errors.As(err, &ge) || ge.HTTPStatus != http.StatusUnauthorized || ge.Code != "SIGN_ERROR" {
		t.Fatalf("wrong key: %v", err)
	}
	if _, ok := s.Refund("RFK1"); ok {
		t.Fatal("a refused request made a refund")
	}
	cfg = s.Config("")
	cfg.NotifyKey = "wrong"
	_, err = gateway.New(cfg, nil, time.Now).Refund(ctx, gateway.Request{RefundNo: "RFK2", Amount: 1})
	if !gateway.OutcomeUnknown(err) || !errors.Is(err, gateway.ErrBadSignature) {
		t.Fatalf("wrong notify key: %v", err)
	}
	s.Wait()
	if s.Paid("RFK2") != 1 {
		t.Fatal("the refund was made; the client could only not tell")
	}
	// A client whose clock is 6 minutes off is refused by the gateway.
	_, err = gateway.New(s.Config(""), nil, func() time.Time { return time.Now().Add(-6 * time.Minute) }).
		Refund(ctx, gateway.Request{RefundNo: "RFK3", Amount: 1})
	if !gateway.Refused(err) {
		t.Fatalf("stale request: %v", err)
	}
}
