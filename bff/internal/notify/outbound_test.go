package notify_test

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"net/mail"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	. "mallconsole/bff/internal/notify"
	"mallconsole/bff/internal/notify/smtptest"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
)

// TestOutbound: a Send reaches a local webhook receiver, which checks the signature, and a real
// SMTP server (AUTH PLAIN), whose mail has the UTF-8 subject; a recipient without an e-mail gets
// no mail.
func TestOutbound(t *testing.T) {
	g := dbtest.Open(t, db.SQLite)
	const secret = "webhook-secret-0123456789"
	got := make(chan WebhookBody, 10)
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		ts := r.Header.Get("X-Mall-Timestamp")
		if r.Header.Get("X-Mall-Signature") != Sign(secret, ts, body) || ts == "" {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		var b WebhookBody
		_ = json.Unmarshal(body, &b)
		got <- b
	}))
	defer hook.Close()
	smtp := smtptest.Start(t, "mailer", "mail-pass")
	m, err := NewMail(smtp.Addr, "商城 <noreply@example.com>", "mailer", "mail-pass")
	if err != nil {
		t.Fatal(err)
	}
	s := New(g, people{{UserID: 1, Email: "ops@example.com"}, {UserID: 2}}, NewLocalHub(), Options{
		Channels: []Channel{NewWebhook(hook.URL, secret, nil), m}})
	defer s.Close()
	if err := s.Send(context.Background(), Audience{Admins: true}, Message{Type: JobFailed, Title: "任务失败：关闭超时订单", Body: "详情见任务页", Link: "/system/jobs"}); err != nil {
		t.Fatal(err)
	}
	users := map[int64]bool{}
	for range 2 {
		select {
		case b := <-got:
			if b.Type != JobFailed || b.Title != "任务失败：关闭超时订单" || b.Link != "/system/jobs" {
				t.Errorf("webhook body %+v", b)
			}
			users[b.UserID] = true
		case <-time.After(10 * time.Second):
			t.Fatal("no webhook post")
		}
	}
	if !users[1] || !users[2] {
		t.Errorf("webhook users %v", users)
	}
	select {
	case ml := <-smtp.Mails:
		if ml.User != "mailer" || ml.From != "noreply@example.com" || len(ml.To) != 1 || ml.To[0] != "ops@example.com" {
			t.Errorf("mail envelope %+v", ml)
		}
		msg, err := mail.ReadMessage(strings.NewReader(string(ml.Data)))
		if err != nil {
			t.Fatal(err)
		}
		subject, _ := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
		body, _ := io.ReadAll(base64.NewDecoder(base64.StdEncoding, msg.Body))
		if subject != "任务失败：关闭超时订单" || !strings.Contains(string(body), "详情见任务页") {
			t.Errorf("mail %q %q", subject, body)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no mail")
	}
	select {
	case ml := <-smtp.Mails:
		t.Errorf("a recipient without an e-mail got mail: %+v", ml)
	default:
	}
	// A receiver refuses a wrong signature.
	w := NewWebhook(hook.URL, "another-secret-0123456789", nil)
	if err := w.Deliver(context.Background(), Recipient{UserID: 1}, Stored{Type: LowStock}); err == nil {
		t.Error("a wrongly signed post was accepted")
	}
}

// TestStreamHeartbeat: with a tiny heartbeat the stream sends `: ping` comments, and closes at
// the first heartbeat after its session stopped standing (the bounded delay when no `end` event
// came).
func TestStreamHeartbeat(t *testing.T) {
	g := dbtest.Open(t, db.SQLite)
	alive := make(chan bool, 10)
	s := New(g, people{}, NewLocalHub(), Options{Heartbeat: 5 * time.Millisecond,
		SessionAlive: func(context.Context, string) (bool, error) {
			select {
			case ok := <-alive:
				return ok, nil
			default:
				return true, nil
			}
		}})
	e := echo.New()
	// Stands in for auth's middleware (tested with the real one in internal/app).
	signedIn := func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			authz.Set(c, &authz.Principal{UserID: 9, SessionID: "sess"})
			return next(c)
		}
	}
	s.Routes(authz.NewRouter(e, signedIn, nil))
	srv := httptest.NewServer(e)
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/api/messages/stream")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	var lines []string
	pings := 0
	for sc.Scan() && len(lines) < 1000 {
		lines = append(lines, sc.Text())
		if sc.Text() == ": ping" {
			if pings++; pings == 2 {
				alive <- false
			}
		}
	}
	if lines[0] != "retry: 3000" || pings != 2 {
		t.Errorf("stream %q", lines)
	}
}

// TestStreamEndsOnShutdown: http.Server.Shutdown waits for idle connections, which a stream
// never is; the service's Shutdown (registered with RegisterOnShutdown) ends them.
func TestStreamEndsOnShutdown(t *testing.T) {
	g := dbtest.Open(t, db.SQLite)
	s := New(g, people{}, NewLocalHub(), Options{})
	e := echo.New()
	e.Use(func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			authz.Set(c, &authz.Principal{UserID: 9, SessionID: "sess"})
			return next(c)
		}
	})
	signedIn := func(next echo.HandlerFunc) echo.HandlerFunc { return next }
	s.Routes(authz.NewRouter(e, signedIn, nil))
	srv := httptest.NewUnstartedServer(e)
	srv.Config.RegisterOnShutdown(s.Shutdown)
	srv.Start()
	resp, err := http.Get(srv.URL + "/api/messages/stream")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	br := bufio.NewReader(resp.Body)
	if _, err := br.ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Config.Shutdown(ctx); err != nil {
		t.Fatalf("shutdown waited for the stream: %v", err)
	}
	srv.Close()
}
