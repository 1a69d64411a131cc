package gateway

import (
	"errors"
	"net/http"
	"strconv"
	"testing"
	"time"
)

// The signature is a pure function of key and message, and any change to either breaks it.
func TestSignRoundTrip(t *testing.T) {
	body := []byte(`{"out_refund_no":"RF1"}`)
	a := SignRequest("k", "POST", "/v1/refunds", "1700000000", "n1", body)
	if a != SignRequest("k", "POST", "/v1/refunds", "1700000000", "n1", body) || len(a) != 64 {
		t.Fatalf("not deterministic hex: %q", a)
	}
	for name, b := range map[string]string{
		"key":    SignRequest("k2", "POST", "/v1/refunds", "1700000000", "n1", body),
		"method": SignRequest("k", "GET", "/v1/refunds", "1700000000", "n1", body),
		"path":   SignRequest("k", "POST", "/v1/refunds?x=1", "1700000000", "n1", body),
		"time":   SignRequest("k", "POST", "/v1/refunds", "1700000001", "n1", body),
		"nonce":  SignRequest("k", "POST", "/v1/refunds", "1700000000", "n2", body),
		"body":   SignRequest("k", "POST", "/v1/refunds", "1700000000", "n1", append(body, ' ')),
	} {
		if b == a {
			t.Errorf("changing the %s keeps the signature", name)
		}
	}
	// Fields are separated: moving a character across a boundary changes the signature.
	if SignMessage("k", "12", "3", nil) == SignMessage("k", "1", "23", nil) {
		t.Error("timestamp and nonce run together")
	}

	now := time.Unix(1700000000, 0)
	h := http.Header{}
	ts := strconv.FormatInt(now.Unix(), 10)
	h.Set(HeaderTimestamp, ts)
	h.Set(HeaderNonce, "abc")
	h.Set(HeaderSignature, SignMessage("nk", ts, "abc", body))
	if err := checkMessage("nk", h, body, now.Add(MaxSkew)); err != nil {
		t.Fatalf("a message %s old: %v", MaxSkew, err)
	}
	if err := checkMessage("nk", h, body, now.Add(MaxSkew+time.Second)); !errors.Is(err, ErrStale) {
		t.Fatalf("older than %s: %v", MaxSkew, err)
	}
	if err := checkMessage("nk", h, body, now.Add(-MaxSkew-time.Second)); !errors.Is(err, ErrStale) {
		t.Fatalf("from the future: %v", err)
	}
	if err := checkMessage("other", h, body, now); !errors.Is(err, ErrBadSignature) {
		t.Fatalf("another key: %v", err)
	}
	h.Set(HeaderSignature, "")
	if err := checkMessage("nk", h, body, now); !errors.Is(err, ErrBadSignature) {
		t.Fatalf("no signature: %v", err)
	}
}

func TestNewWithoutURLIsNil(t *testing.T) {
	if c := New(Config{MerchantID: "m", Key: "k", NotifyKey: "n"}, nil, nil); c != nil {
		t.Fatal("a client without a URL")
	}
	var none *Client
	if _, err := none.Refund(t.Context(), Request{RefundNo: "RF1", Amount: 1}); !errors.Is(err, ErrNotConfigured) || !Refused(err) {
		t.Fatalf("nil client refund: %v", err)
	}
	if _, err := none.Query(t.Context(), "RF1"); !errors.Is(err, ErrNotConfigured) || !Refused(err) {
		t.Fatalf("nil client query: %v", err)
	}
	if _, err := none.Verify(http.Header{}, nil); !errors.Is(err, ErrNotConfigured) {
		t.Fatalf("nil client verify: %v", err)
	}
	if c := New(Config{URL: "http://127.0.0.1:1/"}, nil, nil); c == nil || c.base != "http://127.0.0.1:1" || c.hc.Timeout != Timeout {
		t.Fatalf("%+v", c)
	}
}

func TestErrorKinds(t *testing.T) {
	refused := &Error{Op: "refund", RefundNo: "RF1", HTTPStatus: 401, Code: "SIGN_ERROR"}
	unknown := &Error{Op: "refund", RefundNo: "RF1", Unknown: true, Err: errors.New("timeout")}
	if !Refused(refused) || OutcomeUnknown(refused) || Refused(unknown) || !OutcomeUnknown(unknown) {
		t.Fatal("kinds")
	}
	if !OutcomeUnknown(errors.New("anything else")) || OutcomeUnknown(nil) || Refused(nil) {
		t.Fatal("plain errors count as unknown, nil as neither")
	}
	if got := refused.Error(); got != "gateway refund RF1: refused: HTTP 401 SIGN_ERROR" {
		t.Fatalf("%q", got)
	}
}
