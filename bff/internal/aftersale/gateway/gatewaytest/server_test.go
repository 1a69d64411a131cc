package gatewaytest

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"mallconsole/bff/internal/aftersale/gateway"
)

func start(t *testing.T, opt Options) *Server {
	t.Helper()
	opt.MerchantID, opt.Key, opt.NotifyKey = "M1", "k", "nk"
	s, err := Start(opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

func TestStartNeedsKeys(t *testing.T) {
	if _, err := Start(Options{MerchantID: "M1", Key: "k"}); err == nil {
		t.Fatal("started without a notify key")
	}
}

// Close does not wait out a late refund or a slow answer: tests stay quick and leak nothing.
func TestCloseIsPrompt(t *testing.T) {
	s := start(t, Options{Delay: time.Minute, SlowAnswer: time.Minute})
	c := gateway.New(s.Config("http://127.0.0.1:1/never"), nil, time.Now)
	s.Behave("RF1", Late)
	if _, err := c.Refund(context.Background(), gateway.Request{RefundNo: "RF1", Amount: 1}); err != nil {
		t.Fatal(err)
	}
	s.Behave("RF2", Slow)
	done := make(chan error, 1)
	go func() {
		_, err := c.Refund(context.Background(), gateway.Request{RefundNo: "RF2", Amount: 1})
		done <- err
	}()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if _, ok := s.Refund("RF2"); ok || time.Now().After(deadline) {
			break
		}
	}
	t0 := time.Now()
	s.Close()
	s.Close() // twice is harmless
	if d := time.Since(t0); d > 2*time.Second {
		t.Fatalf("Close took %s", d)
	}
	if err := <-done; !gateway.OutcomeUnknown(err) {
		t.Fatalf("the slow answer cut by Close: %v", err)
	}
	if r, _ := s.Refund("RF1"); r.Status != gateway.StatusProcessing || r.Paid != 0 {
		t.Fatalf("late refund after Close: %+v", r)
	}
}

// Requests must carry the merchant's signature; answers are signed with the notify key.
func TestRequestsMustBeSigned(t *testing.T) {
	s := start(t, Options{})
	resp, err := http.Post(s.URL()+gateway.PathRefunds, "application/json", strings.NewReader(`{"out_refund_no":"RF1","amount":1,"currency":"CNY"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized || resp.Header.Get(gateway.HeaderSignature) == "" {
		t.Fatalf("unsigned request: %d %v", resp.StatusCode, resp.Header)
	}
	if _, ok := s.Refund("RF1"); ok {
		t.Fatal("an unsigned request made a refund")
	}
	c := gateway.New(s.Config(""), nil, time.Now)
	// No notify address: the refund is made and simply not notified.
	if _, err := c.Refund(context.Background(), gateway.Request{RefundNo: "RF2", Amount: 1}); err != nil {
		t.Fatal(err)
	}
	s.Wait()
	if s.Paid("RF2") != 1 || len(s.Sent()) != 0 {
		t.Fatalf("paid %d, sent %v", s.Paid("RF2"), s.Sent())
	}
}
