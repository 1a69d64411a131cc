// Package trackingtest is a tracking provider of our own for tests: a real HTTP server on
// 127.0.0.1 speaking 快递100's API (tracking.Kuaidi100): signed queries, subscriptions, and
// pushes to a callback URL, signed or forged. Each number behaves as told — normal, unknown to
// the provider, or late beyond the client's timeout. Tests start and close it; nothing is
// global.
package trackingtest

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"time"

	"mallconsole/bff/internal/tracking"
)

// Behaviour is how the server answers for a number.
type Behaviour int

// Behaviours.
const (
	Normal  Behaviour = iota // three events, state 0 (运输中)
	Unknown                  // returnCode 500: 查询无结果
	Late                     // answers after Options.Late, beyond the client's timeout
)

// Options configure the server; empty fields get test values.
type Options struct {
	Customer, Key, Salt string
	Late                time.Duration // how late a Late number answers; default 3 s
}

// Server is the stand-in provider.
type Server struct {
	opt     Options
	srv     *httptest.Server
	closing chan struct{}

	mu         sync.Mutex
	behaviours map[string]Behaviour
	queries    map[string]int
	subscribed map[string]tracking.SubscribeParam
}

// Start starts a server on 127.0.0.1.
func Start(opt Options) (*Server, error) {
	if opt.Customer == "" {
		opt.Customer = "CUSTOMER01"
	}
	if opt.Key == "" {
		opt.Key = "query-key-0123"
	}
	if opt.Salt == "" {
		opt.Salt = "push-salt-0123"
	}
	if opt.Late == 0 {
		opt.Late = 3 * time.Second
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &Server{opt: opt, closing: make(chan struct{}), behaviours: map[string]Behaviour{},
		queries: map[string]int{}, subscribed: map[string]tracking.SubscribeParam{}}
	s.srv = &httptest.Server{Listener: l, Config: &http.Server{Handler: http.HandlerFunc(s.serve), ReadHeaderTimeout: 5 * time.Second}}
	s.srv.Start()
	return s, nil
}

// URL is the API's base.
func (s *Server) URL() string { return s.srv.URL }

// Options are the server's settings (its customer, key and salt).
func (s *Server) Options() Options { return s.opt }

// Close stops the server; late answers give up at once.
func (s *Server) Close() {
	s.mu.Lock()
	select {
	case <-s.closing:
	default:
		close(s.closing)
	}
	s.mu.Unlock()
	s.srv.Close()
}

// Set tells how number is answered.
func (s *Server) Set(number string, b Behaviour) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.behaviours[number] = b
}

// Queries is how often number was queried.
func (s *Server) Queries(number string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.queries[number]
}

// Subscription is the subscription made for number, if any.
func (s *Server) Subscription(number string) (tracking.SubscribeParam, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.subscribed[number]
	return p, ok
}

// Events are the events a Normal number has, newest first, as the server sends them.
func Events(number string) []tracking.KdEvent {
	return []tracking.KdEvent{
		{Time: "2026-11-28 18:00:00", Context: "【上海市】快件已到达 上海转运中心，单号 " + number},
		{Time: "2026-11-28 12:30:00", Context: "【杭州市】快件已发往 上海转运中心"},
		{Time: "2026-11-28 09:15:00", Context: "【杭州市】商家已发货，快递员已揽收"},
	}
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.ParseForm() != nil {
		writeJSON(w, tracking.PushAck{ReturnCode: "400", Message: "bad request"})
		return
	}
	switch r.URL.Path {
	case tracking.PathQuery:
		s.query(w, r)
	case tracking.PathSubscribe:
		s.subscribe(w, r)
	default:
		http.NotFound(w, r)
	}
}

func (s *Server) query(w http.ResponseWriter, r *http.Request) {
	param := r.PostForm.Get("param")
	if r.PostForm.Get("customer") != s.opt.Customer || r.PostForm.Get("sign") != tracking.Sign(param, s.opt.Key, s.opt.Customer) {
		writeJSON(w, refusal("400", "签名错误"))
		return
	}
	var q tracking.QueryParam
	if err := json.Unmarshal([]byte(param), &q); err != nil || q.Num == "" || q.Com == "" {
		writeJSON(w, refusal("400", "参数错误"))
		return
	}
	if (q.Com == "shunfeng" || q.Com == "zhongtong") && len(q.Phone) != 4 {
		writeJSON(w, refusal("408", "手机号码后四位不正确"))
		return
	}
	s.mu.Lock()
	s.queries[q.Num]++
	b := s.behaviours[q.Num]
	s.mu.Unlock()
	switch b {
	case Unknown:
		writeJSON(w, refusal("500", "查询无结果，请隔段时间再查"))
		return
	case Late:
		t := time.NewTimer(s.opt.Late)
		defer t.Stop()
		select {
		case <-t.C:
		case <-r.Context().Done():
			return
		case <-s.closing:
			return
		}
	}
	writeJSON(w, tracking.KdAnswer{Message: "ok", State: "0", Status: "200", Com: q.Com, Nu: q.Num, Data: Events(q.Num)})
}

func (s *Server) subscribe(w http.ResponseWriter, r *http.Request) {
	var p tracking.SubscribeParam
	if err := json.Unmarshal([]byte(r.PostForm.Get("param")), &p); err != nil || p.Key != s.opt.Key {
		writeJSON(w, tracking.PushAck{ReturnCode: "600", Message: "您不是合法的订阅者"})
		return
	}
	if p.Parameters.CallbackURL == "" || p.Parameters.Salt != s.opt.Salt {
		writeJSON(w, tracking.PushAck{ReturnCode: "700", Message: "回调地址或salt不正确"})
		return
	}
	s.mu.Lock()
	_, repeat := s.subscribed[p.Number]
	s.subscribed[p.Number] = p
	s.mu.Unlock()
	if repeat {
		writeJSON(w, tracking.PushAck{ReturnCode: "501", Message: "重复订阅"})
		return
	}
	writeJSON(w, tracking.PushAck{Result: true, ReturnCode: "200", Message: "提交成功"})
}

// Push posts a push for the number (company: 快递100's code) to callback with state and
// events, signed with the salt, or forged when forged is set. It returns the HTTP status.
func (s *Server) Push(ctx context.Context, callback, company, number, state string, events []tracking.KdEvent, forged bool) (int, error) {
	param, err := json.Marshal(tracking.PushParam{Status: "polling", LastResult: tracking.KdAnswer{
		Message: "ok", State: state, Status: "200", Com: company, Nu: number, Data: events}})
	if err != nil {
		return 0, err
	}
	sign := tracking.Sign(string(param), s.opt.Salt)
	if forged {
		sign = tracking.Sign(string(param), "not-the-salt")
	}
	form := url.Values{"param": {string(param)}, "sign": {sign}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, callback, strings.NewReader(form.Encode()))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, fmt.Errorf("pushing: %w", err)
	}
	defer resp.Body.Close()
	return resp.StatusCode, nil
}

func refusal(code, msg string) map[string]any {
	return map[string]any{"result": false, "returnCode": code, "message": msg}
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json;charset=UTF-8")
	_ = json.NewEncoder(w).Encode(v)
}
