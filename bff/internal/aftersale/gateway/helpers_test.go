package gateway_test

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"mallconsole/bff/internal/aftersale/gateway"
	"mallconsole/bff/internal/aftersale/gateway/gatewaytest"
)

const (
	merchant  = "M100"
	key       = "merchant-key-0123456789abcdef"
	notifyKey = "notify-key-0123456789abcdef"
)

// startGateway runs a local gateway for the test and closes it after.
func startGateway(t *testing.T, opt gatewaytest.Options) *gatewaytest.Server {
	t.Helper()
	opt.MerchantID, opt.Key, opt.NotifyKey = merchant, key, notifyKey
	s, err := gatewaytest.Start(opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

// receiver is the shop's notification endpoint in small: it verifies each notification with
// the client and answers as POST /api/aftersales/gateway/notify does (200 NotifyOK, 401 on a
// bad signature or stale time, 400 on a garbled one).
type receiver struct {
	srv *httptest.Server

	mu      sync.Mutex
	client  *gateway.Client
	got     []gateway.Result
	refused []error
	arrived chan struct{}
}

func newReceiver(t *testing.T) *receiver {
	t.Helper()
	r := &receiver{arrived: make(chan struct{}, 100)}
	r.srv = httptest.NewServer(http.HandlerFunc(r.serve))
	t.Cleanup(r.srv.Close)
	return r
}

func (r *receiver) URL() string { return r.srv.URL + "/api/aftersales/gateway/notify" }

func (r *receiver) use(c *gateway.Client) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.client = c
}

func (r *receiver) serve(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	r.mu.Lock()
	c := r.client
	r.mu.Unlock()
	res, err := c.Verify(req.Header, body)
	r.mu.Lock()
	if err != nil {
		r.refused = append(r.refused, err)
	} else {
		r.got = append(r.got, res)
	}
	r.mu.Unlock()
	defer func() { r.arrived <- struct{}{} }()
	switch {
	case errors.Is(err, gateway.ErrBadSignature), errors.Is(err, gateway.ErrStale):
		http.Error(w, `{"code":"SIGN_ERROR"}`, http.StatusUnauthorized)
	case err != nil:
		http.Error(w, `{"code":"PARAM_ERROR"}`, http.StatusBadRequest)
	default:
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, gateway.NotifyOK)
	}
}

// results are the verified notifications of one refund, in arrival order.
func (r *receiver) results(refundNo string) []gateway.Result {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []gateway.Result
	for _, x := range r.got {
		if x.RefundNo == refundNo {
			out = append(out, x)
		}
	}
	return out
}

func (r *receiver) refusals() []error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]error(nil), r.refused...)
}

// setup is a gateway, a receiver and a client wired together.
func setup(t *testing.T, opt gatewaytest.Options, hc *http.Client) (*gatewaytest.Server, *receiver, *gateway.Client) {
	t.Helper()
	s := startGateway(t, opt)
	r := newReceiver(t)
	c := gateway.New(s.Config(r.URL()), hc, time.Now)
	r.use(c)
	return s, r, c
}

func statuses(rs []gateway.Result) []gateway.Status {
	out := make([]gateway.Status, len(rs))
	for i, r := range rs {
		out[i] = r.Status
	}
	return out
}
