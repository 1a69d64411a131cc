// Package gatewaytest is a payment gateway of our own for tests: a real HTTP server on
// 127.0.0.1 speaking the protocol of docs/aftersale-gateway.md. It keeps refunds by the shop's
// refund number and pays each once however often it is asked, and it notifies the way real
// gateways misbehave — late, twice, out of order, forged, or never — chosen per server or per
// refund. Tests start and close it; nothing is global.
package gatewaytest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"mallconsole/bff/internal/aftersale/gateway"
	"mallconsole/bff/internal/platform/money"
)

// Behaviour is how the server treats a refund after accepting it.
type Behaviour string

const (
	Normal  Behaviour = "normal"  // succeeds at once, one SUCCESS notification
	Late    Behaviour = "late"    // stays PROCESSING for Options.Delay, then succeeds and notifies
	Twice   Behaviour = "twice"   // the SUCCESS notification is sent twice
	Reorder Behaviour = "reorder" // SUCCESS, then a PROCESSING notification arriving after it
	BadSig  Behaviour = "badsig"  // succeeds; the notification's signature is forged
	None    Behaviour = "none"    // succeeds but never notifies: only Query tells
	Fail    Behaviour = "fail"    // fails (no money moves), one FAILED notification
	Slow    Behaviour = "slow"    // succeeds and notifies, but answers the request only after Options.SlowAnswer
)

// Options configure a server. MerchantID, Key and NotifyKey are required.
type Options struct {
	MerchantID, Key, NotifyKey string
	Behaviour                  Behaviour     // the server's default; empty: Normal
	Delay                      time.Duration // Late; 0: 200 ms
	SlowAnswer                 time.Duration // Slow; 0: 3 s
	Now                        func() time.Time
	NotifyClient               *http.Client // nil: one with a 5 s timeout
}

// Refund is the server's record of one refund.
type Refund struct {
	RefundNo, OrderNo, RefundID, NotifyURL string
	Amount                                 money.Fen
	Status                                 gateway.Status
	SuccessTime                            time.Time
	Requests                               int // refund requests received for it
	Paid                                   int // times its money was paid out: never more than 1
}

// Notification is one notification the server sent, with the receiver's answer.
type Notification struct {
	RefundNo   string
	Status     gateway.Status
	Forged     bool
	HTTPStatus int // 0: no answer
	Body       string
}

// Server is a running local gateway.
type Server struct {
	opt     Options
	ln      net.Listener
	srv     *http.Server
	closing chan struct{}
	wg      sync.WaitGroup

	mu      sync.Mutex
	closed  bool
	seq     int
	refunds map[string]*Refund
	behave  map[string]Behaviour
	sent    []Notification
}

// Start listens on 127.0.0.1:0 and serves until Close.
func Start(opt Options) (*Server, error) {
	if opt.MerchantID == "" || opt.Key == "" || opt.NotifyKey == "" {
		return nil, errors.New("gatewaytest: MerchantID, Key and NotifyKey are required")
	}
	if opt.Behaviour == "" {
		opt.Behaviour = Normal
	}
	if opt.Delay == 0 {
		opt.Delay = 200 * time.Millisecond
	}
	if opt.SlowAnswer == 0 {
		opt.SlowAnswer = 3 * time.Second
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.NotifyClient == nil {
		opt.NotifyClient = &http.Client{Timeout: 5 * time.Second}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &Server{opt: opt, ln: ln, closing: make(chan struct{}), refunds: map[string]*Refund{}, behave: map[string]Behaviour{}}
	s.srv = &http.Server{Handler: http.HandlerFunc(s.serve), ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = s.srv.Serve(ln) }()
	return s, nil
}

// URL is the server's base URL (Config.URL).
func (s *Server) URL() string { return "http://" + s.ln.Addr().String() }

// Config is a client configuration for this server, with the given notify address.
func (s *Server) Config(notifyURL string) gateway.Config {
	return gateway.Config{URL: s.URL(), MerchantID: s.opt.MerchantID, Key: s.opt.Key, NotifyKey: s.opt.NotifyKey, NotifyURL: notifyURL}
}

// SetBehaviour changes the server's default behaviour for refunds asked from now on.
func (s *Server) SetBehaviour(b Behaviour) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.opt.Behaviour = b
}

// Behave sets the behaviour of one refund, before it is asked (Slow also for later repeats).
func (s *Server) Behave(refundNo string, b Behaviour) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.behave[refundNo] = b
}

// Refund is the record of a refund, if the server has it.
func (s *Server) Refund(refundNo string) (Refund, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.refunds[refundNo]
	if !ok {
		return Refund{}, false
	}
	return *r, true
}

// Paid is how many times the refund's money was paid out (0 or 1, or the server is broken).
func (s *Server) Paid(refundNo string) int {
	r, _ := s.Refund(refundNo)
	return r.Paid
}

// Sent lists the notifications sent so far, in order.
func (s *Server) Sent() []Notification {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Notification(nil), s.sent...)
}

// Wait blocks until every notification scheduled so far has been sent (or given up).
func (s *Server) Wait() { s.wg.Wait() }

// Close stops the server: pending delays end at once and unsent notifications are dropped.
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	close(s.closing)
	s.mu.Unlock()
	_ = s.srv.Close()
	s.wg.Wait()
}

func (s *Server) behaviour(refundNo string) Behaviour {
	if b, ok := s.behave[refundNo]; ok {
		return b
	}
	return s.opt.Behaviour
}

// finish ends a refund once (paying it unless it fails) and sends its notifications; it runs
// on its own goroutine, counted by wg.
func (s *Server) finish(refundNo string, b Behaviour) {
	defer s.wg.Done()
	if b == Late && !s.sleep(s.opt.Delay) {
		return
	}
	s.mu.Lock()
	r := s.refunds[refundNo]
	if r.Status != gateway.StatusProcessing { // finished already: never pay twice
		s.mu.Unlock()
		return
	}
	if b == Fail {
		r.Status = gateway.StatusFailed
	} else {
		r.Status, r.SuccessTime = gateway.StatusSuccess, s.opt.Now().UTC().Truncate(time.Second)
		r.Paid++
	}
	final := s.state(r)
	processing := final
	processing.Status, processing.SuccessTime = gateway.StatusProcessing, ""
	notifyURL := r.NotifyURL
	s.mu.Unlock()

	if notifyURL == "" {
		return
	}
	switch b {
	case None:
	case Twice:
		s.notify(notifyURL, final, false)
		s.notify(notifyURL, final, false)
	case Reorder:
		s.notify(notifyURL, final, false)
		s.notify(notifyURL, processing, false)
	case BadSig:
		s.notify(notifyURL, final, true)
	default:
		s.notify(notifyURL, final, false)
	}
}

// sleep waits d unless the server closes first (false).
func (s *Server) sleep(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-s.closing:
		return false
	}
}

func (s *Server) state(r *Refund) gateway.RefundState {
	st := gateway.RefundState{MerchantID: s.opt.MerchantID, OutRefundNo: r.RefundNo, OutTradeNo: r.OrderNo, RefundID: r.RefundID,
		Status: r.Status, Amount: int64(r.Amount)}
	if r.Status == gateway.StatusSuccess {
		st.SuccessTime = r.SuccessTime.Format(time.RFC3339)
	}
	return st
}

// notify posts one notification and records the receiver's answer. Real gateways retry until
// they get NotifyOK; this one sends once, and Twice stands for the repeat.
func (s *Server) notify(url string, st gateway.RefundState, forged bool) {
	s.mu.Lock()
	s.seq++
	st.ID = fmt.Sprintf("EV%06d", s.seq)
	s.mu.Unlock()
	st.EventType = "REFUND." + string(st.Status)
	body, key := mustJSON(st), s.opt.NotifyKey
	if forged {
		key = "forged-" + key
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		select {
		case <-s.closing:
			cancel()
		case <-ctx.Done():
		}
	}()
	n := Notification{RefundNo: st.OutRefundNo, Status: st.Status, Forged: forged}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytesReader(body))
	if err == nil {
		req.Header.Set("Content-Type", "application/json")
		s.signHeaders(req.Header, key, body)
		if resp, err := s.opt.NotifyClient.Do(req); err == nil {
			n.HTTPStatus, n.Body = resp.StatusCode, readSome(resp)
		}
	}
	s.mu.Lock()
	s.sent = append(s.sent, n)
	s.mu.Unlock()
}

func (s *Server) signHeaders(h http.Header, key string, body []byte) {
	ts := fmt.Sprint(s.opt.Now().Unix())
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	nonce := hex.EncodeToString(b)
	h.Set(gateway.HeaderTimestamp, ts)
	h.Set(gateway.HeaderNonce, nonce)
	h.Set(gateway.HeaderSignature, gateway.SignMessage(key, ts, nonce, body))
}
