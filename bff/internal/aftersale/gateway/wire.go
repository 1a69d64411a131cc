// Package gateway is the client of a payment gateway's refund API (docs/aftersale-gateway.md):
// a refund named by the shop's own refund number (so a repeat never pays twice), an
// asynchronous notification signed by the gateway, and a status query for when the
// notification does not come. It knows nothing of after-sales cases; the aftersale service
// calls it through its Gateway interface.
package gateway

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"mallconsole/bff/internal/platform/money"
)

// The headers that carry a signature, on requests (signed with Config.Key) and on the gateway's
// answers and notifications (signed with Config.NotifyKey).
const (
	HeaderMerchant  = "X-Gateway-Merchant"
	HeaderTimestamp = "X-Gateway-Timestamp" // Unix seconds
	HeaderNonce     = "X-Gateway-Nonce"
	HeaderSignature = "X-Gateway-Signature" // lower-case hex of HMAC-SHA256
)

// Paths of the API under Config.URL.
const (
	PathRefunds = "/v1/refunds"  // POST a refund
	PathRefund  = "/v1/refunds/" // GET PathRefund + out_refund_no: its status
)

// MaxSkew is how far a message's timestamp may be from our clock: older messages are replays
// (or a clock gone wrong) and refused with ErrStale.
const MaxSkew = 5 * time.Minute

// NotifyOK is the body a notification receiver answers once it has handled a notification
// (also for a repeat): the gateway then stops sending it.
const NotifyOK = `{"code":"SUCCESS"}`

var (
	// ErrBadSignature: a message's signature headers are missing or do not match its body.
	ErrBadSignature = errors.New("gateway: bad signature")
	// ErrStale: a correctly signed message whose timestamp is more than MaxSkew from now.
	ErrStale = errors.New("gateway: stale timestamp")
)

// SignRequest is the signature of a request to the gateway: HMAC-SHA256 with the merchant key
// over method, path with query, timestamp, nonce and body, each followed by "\n" (the string
// WeChat Pay v3 signs, with a shared key instead of a certificate).
func SignRequest(key, method, uri, timestamp, nonce string, body []byte) string {
	return sign(key, method, uri, timestamp, nonce, string(body))
}

// SignMessage is the signature of the gateway's answers and notifications: HMAC-SHA256 with
// the notify key over timestamp, nonce and body, each followed by "\n".
func SignMessage(key, timestamp, nonce string, body []byte) string {
	return sign(key, timestamp, nonce, string(body))
}

func sign(key string, parts ...string) string {
	m := hmac.New(sha256.New, []byte(key))
	for _, p := range parts {
		m.Write([]byte(p))
		m.Write([]byte{'\n'})
	}
	return hex.EncodeToString(m.Sum(nil))
}

// checkMessage verifies the signature headers of a message from the gateway, then its age.
// The signature comes first so that ErrStale always means "genuine but old" (a replay).
func checkMessage(key string, h http.Header, body []byte, now time.Time) error {
	ts, nonce, sig := h.Get(HeaderTimestamp), h.Get(HeaderNonce), h.Get(HeaderSignature)
	if ts == "" || nonce == "" || sig == "" {
		return ErrBadSignature
	}
	want := SignMessage(key, ts, nonce, body)
	if !hmac.Equal([]byte(want), []byte(sig)) {
		return ErrBadSignature
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return ErrBadSignature
	}
	if d := now.Sub(time.Unix(sec, 0)); d > MaxSkew || d < -MaxSkew {
		return ErrStale
	}
	return nil
}

// RefundBody is the JSON of a refund request.
type RefundBody struct {
	OutRefundNo string `json:"out_refund_no"`
	OutTradeNo  string `json:"out_trade_no"`
	Amount      int64  `json:"amount"` // fen, > 0 (an integer, never yuan text)
	Currency    string `json:"currency"`
	Reason      string `json:"reason,omitempty"`
	NotifyURL   string `json:"notify_url,omitempty"`
}

// RefundState is the JSON the gateway sends of a refund: the answer to a refund request or a
// query, and (with ID and EventType) a notification.
type RefundState struct {
	ID          string `json:"id,omitempty"`         // notification id
	EventType   string `json:"event_type,omitempty"` // notification: REFUND.SUCCESS, REFUND.PROCESSING, REFUND.FAILED
	MerchantID  string `json:"merchant_id"`
	OutRefundNo string `json:"out_refund_no"`
	OutTradeNo  string `json:"out_trade_no"`
	RefundID    string `json:"refund_id"`              // the gateway's own number
	Status      Status `json:"status"`                 // PROCESSING, SUCCESS, FAILED
	Amount      int64  `json:"amount"`                 // fen
	SuccessTime string `json:"success_time,omitempty"` // RFC 3339, with SUCCESS
}

// ErrorBody is the JSON of an answer that is not 2xx.
type ErrorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Error codes the protocol names.
const (
	CodeNotFound = "RESOURCE_NOT_EXISTS" // 404 to a query: the gateway never received the refund
)

// parseState reads and checks a refund state. A state that is not one of the three known
// statuses, or a SUCCESS without its time, is refused: the caller must not settle money on it.
// It must also be of this merchant: a message about another shop's refund is not ours to settle.
func parseState(body []byte, merchant string) (Result, error) {
	var s RefundState
	if err := json.Unmarshal(body, &s); err != nil {
		return Result{}, fmt.Errorf("gateway: bad JSON: %w", err)
	}
	if s.MerchantID != merchant {
		return Result{}, fmt.Errorf("gateway: message for merchant %q", s.MerchantID)
	}
	if s.OutRefundNo == "" {
		return Result{}, errors.New("gateway: out_refund_no missing")
	}
	r := Result{RefundNo: s.OutRefundNo, GatewayRef: s.RefundID, Status: s.Status, Amount: money.Fen(s.Amount)}
	switch s.Status {
	case StatusProcessing, StatusFailed:
	case StatusSuccess:
		t, err := time.Parse(time.RFC3339, s.SuccessTime)
		if err != nil {
			return Result{}, fmt.Errorf("gateway: SUCCESS with success_time %q", s.SuccessTime)
		}
		t = t.UTC()
		r.SuccessTime = &t
	default:
		return Result{}, fmt.Errorf("gateway: unknown status %q", s.Status)
	}
	return r, nil
}
