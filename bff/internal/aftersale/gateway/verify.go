package gateway

import (
	"fmt"
	"net/http"
)

// Verify checks a notification the gateway posted to NotifyURL and reads it: ErrBadSignature
// when its signature (NotifyKey over timestamp, nonce and body) is missing or wrong, ErrStale
// when it is genuine but more than MaxSkew old (a replay), another error when its JSON is not a
// refund state of this merchant. A notification may come twice or out of order: the caller
// settles by the refund's state, idempotently, and answers NotifyOK every time.
func (c *Client) Verify(h http.Header, body []byte) (Result, error) {
	if c == nil {
		return Result{}, ErrNotConfigured
	}
	if len(body) > maxAnswer {
		return Result{}, fmt.Errorf("gateway: notification of %d bytes", len(body))
	}
	if err := checkMessage(c.cfg.NotifyKey, h, body, c.now()); err != nil {
		return Result{}, err
	}
	return parseState(body, c.cfg.MerchantID)
}
