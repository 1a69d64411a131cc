package gateway

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Config is the gateway's address and keys (BFF_REFUND_GATEWAY_*). There are no defaults: an
// empty URL means no gateway, and New then returns nil.
type Config struct {
	URL, MerchantID, Key, NotifyKey, NotifyURL string
}

// Timeout bounds one request to the gateway whatever the caller's context says: a refund
// request left hanging would hold a staff member's click.
const Timeout = 10 * time.Second

// maxAnswer caps what is read of an answer or a notification.
const maxAnswer = 1 << 20

// ErrNotConfigured: a method was called on the nil *Client New returns without a URL. A nil
// *Client stored in an interface makes the interface non-nil, so the methods say so rather
// than panic.
var ErrNotConfigured = errors.New("gateway: not configured")

// Client talks to one gateway. A nil *Client is "not configured".
type Client struct {
	cfg  Config
	base string
	hc   *http.Client
	now  func() time.Time
}

// New returns the client, or nil when cfg.URL is empty. hc nil: a client of its own with
// Timeout; now nil: time.Now.
func New(cfg Config, hc *http.Client, now func() time.Time) *Client {
	if cfg.URL == "" {
		return nil
	}
	if hc == nil {
		hc = &http.Client{Timeout: Timeout}
	}
	if now == nil {
		now = time.Now
	}
	return &Client{cfg: cfg, base: strings.TrimSuffix(cfg.URL, "/"), hc: hc, now: now}
}

// Error is a refund or query that brought no usable answer. Unknown says what the caller may
// conclude: true when the gateway may have acted (no answer in time, a 5xx, an answer that
// cannot be read or is not signed) — a refund then stays "sent" and is queried later; false
// when the gateway refused the request (a 4xx): nothing was done.
type Error struct {
	Op         string // "refund" or "query"
	RefundNo   string
	Unknown    bool
	HTTPStatus int    // 0: no answer
	Code       string // the gateway's error code, when it answered one
	Message    string
	Err        error // the cause, when there is one
}

func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "gateway %s %s: ", e.Op, e.RefundNo)
	if e.Unknown {
		b.WriteString("outcome unknown")
	} else {
		b.WriteString("refused")
	}
	if e.HTTPStatus != 0 {
		fmt.Fprintf(&b, ": HTTP %d", e.HTTPStatus)
	}
	if e.Code != "" {
		fmt.Fprintf(&b, " %s", e.Code)
	}
	if e.Message != "" {
		fmt.Fprintf(&b, " %s", e.Message)
	}
	if e.Err != nil {
		fmt.Fprintf(&b, ": %v", e.Err)
	}
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// Refused tells whether err is the gateway refusing a request (4xx): it did nothing.
func Refused(err error) bool {
	var e *Error
	return errors.As(err, &e) && !e.Unknown
}

// OutcomeUnknown tells whether err leaves open whether the gateway acted. Any error that is not
// a refusal counts: when in doubt the refund may have been made.
func OutcomeUnknown(err error) bool {
	return err != nil && !Refused(err)
}

// Refund asks for the refund. Sending the same RefundNo again is safe: the gateway answers the
// refund it already has. The answer is usually PROCESSING; the notification (or Query) tells
// the end.
func (c *Client) Refund(ctx context.Context, r Request) (Result, error) {
	if c == nil {
		return Result{}, &Error{Op: "refund", RefundNo: r.RefundNo, Err: ErrNotConfigured}
	}
	if r.RefundNo == "" || r.Amount <= 0 {
		return Result{}, &Error{Op: "refund", RefundNo: r.RefundNo, Message: "refund number and a positive amount are required"}
	}
	body, err := json.Marshal(RefundBody{OutRefundNo: r.RefundNo, OutTradeNo: r.OrderNo, Amount: int64(r.Amount), Currency: "CNY",
		Reason: r.Reason, NotifyURL: c.cfg.NotifyURL})
	if err != nil {
		return Result{}, &Error{Op: "refund", RefundNo: r.RefundNo, Err: err}
	}
	res, status, err := c.do(ctx, "refund", r.RefundNo, http.MethodPost, PathRefunds, body)
	if err != nil {
		return Result{}, err
	}
	if res.RefundNo != r.RefundNo {
		return Result{}, &Error{Op: "refund", RefundNo: r.RefundNo, Unknown: true, HTTPStatus: status, Message: "answer names another refund"}
	}
	return res, nil
}

// Query asks where the refund stands. A refund the gateway never received answers
// StatusNotFound (no error): sending it again is then safe.
func (c *Client) Query(ctx context.Context, refundNo string) (Result, error) {
	if c == nil {
		return Result{}, &Error{Op: "query", RefundNo: refundNo, Err: ErrNotConfigured}
	}
	if refundNo == "" {
		return Result{}, &Error{Op: "query", Message: "refund number required"}
	}
	res, status, err := c.do(ctx, "query", refundNo, http.MethodGet, PathRefund+url.PathEscape(refundNo), nil)
	if err != nil {
		return Result{}, err
	}
	if status == http.StatusNotFound {
		return Result{RefundNo: refundNo, Status: StatusNotFound}, nil
	}
	if res.RefundNo != refundNo {
		return Result{}, &Error{Op: "query", RefundNo: refundNo, Unknown: true, HTTPStatus: status, Message: "answer names another refund"}
	}
	return res, nil
}

// do sends one signed request and reads the signed answer. A 404 whose signed body says
// CodeNotFound comes back as (zero Result, 404, nil); every other failure is an *Error.
func (c *Client) do(ctx context.Context, op, refundNo, method, path string, body []byte) (Result, int, error) {
	fail := func(unknown bool, status int, err error) (Result, int, error) {
		return Result{}, status, &Error{Op: op, RefundNo: refundNo, Unknown: unknown, HTTPStatus: status, Err: err}
	}
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return fail(false, 0, err) // a bad URL: nothing was sent
	}
	ts, nonce := strconv.FormatInt(c.now().Unix(), 10), newNonce()
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set(HeaderMerchant, c.cfg.MerchantID)
	req.Header.Set(HeaderTimestamp, ts)
	req.Header.Set(HeaderNonce, nonce)
	req.Header.Set(HeaderSignature, SignRequest(c.cfg.Key, method, req.URL.RequestURI(), ts, nonce, body))
	resp, err := c.hc.Do(req)
	if err != nil {
		// Timeouts, resets, refused connections: a connection refused never reached the
		// gateway, but telling it apart from a reset after sending is guesswork, so all are
		// "unknown" and the query settles them.
		return fail(true, 0, err)
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer))
	if err != nil {
		return fail(true, resp.StatusCode, err)
	}
	switch {
	case resp.StatusCode >= 500:
		e := errorBody(answer)
		return Result{}, resp.StatusCode, &Error{Op: op, RefundNo: refundNo, Unknown: true, HTTPStatus: resp.StatusCode, Code: e.Code, Message: e.Message}
	case resp.StatusCode == http.StatusNotFound && op == "query":
		// Only the gateway's own signed "no such refund" counts: a proxy's 404 page (a wrong
		// URL) must not make the shop believe a sent refund was never received.
		if checkMessage(c.cfg.NotifyKey, resp.Header, answer, c.now()) == nil && errorBody(answer).Code == CodeNotFound {
			return Result{}, http.StatusNotFound, nil
		}
		e := errorBody(answer)
		return Result{}, resp.StatusCode, &Error{Op: op, RefundNo: refundNo, HTTPStatus: resp.StatusCode, Code: e.Code, Message: e.Message}
	case resp.StatusCode >= 300:
		e := errorBody(answer)
		return Result{}, resp.StatusCode, &Error{Op: op, RefundNo: refundNo, HTTPStatus: resp.StatusCode, Code: e.Code, Message: e.Message}
	}
	// A 2xx settles money, so it must be the gateway's: signed with the notify key, recent.
	if err := checkMessage(c.cfg.NotifyKey, resp.Header, answer, c.now()); err != nil {
		return fail(true, resp.StatusCode, err)
	}
	res, err := parseState(answer, c.cfg.MerchantID)
	if err != nil {
		return fail(true, resp.StatusCode, err)
	}
	return res, resp.StatusCode, nil
}

func errorBody(b []byte) ErrorBody {
	var e ErrorBody
	_ = json.Unmarshal(b, &e) // an unreadable error body leaves the status to speak
	if len(e.Message) > 200 {
		e.Message = e.Message[:200]
	}
	return e
}

func newNonce() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return hex.EncodeToString(b)
}
