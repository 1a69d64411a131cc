// Package smtptest runs a real SMTP server (github.com/emersion/go-smtp) on a local port for a
// test, keeping the mails it receives.
package smtptest

import (
	"errors"
	"io"
	"log"
	"net"
	"testing"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Mail is one received mail.
type Mail struct {
	From string
	To   []string
	Data []byte // the message as sent: headers and body
	User string // the AUTH user, "" without
}

// Server is a running SMTP server; Mails receives each mail as it is accepted.
type Server struct {
	Addr  string
	Mails chan Mail
}

// Start starts a server on 127.0.0.1; with user set it offers AUTH PLAIN and requires it.
// It stops when the test ends.
func Start(t testing.TB, user, password string) *Server {
	t.Helper()
	s := &Server{Mails: make(chan Mail, 100)}
	be := smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) {
		return &session{srv: s, user: user, password: password}, nil
	})
	srv := smtp.NewServer(be)
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.ErrorLog = log.New(io.Discard, "", 0)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s.Addr = l.Addr().String()
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	return s
}

type session struct {
	srv            *Server
	user, password string
	authed         string
	cur            Mail
}

func (s *session) AuthMechanisms() []string {
	if s.user == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (s *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, password string) error {
		if user != s.user || password != s.password {
			return errors.New("invalid credentials")
		}
		s.authed = user
		return nil
	}), nil
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	if s.user != "" && s.authed == "" {
		return smtp.ErrAuthRequired
	}
	s.cur = Mail{From: from, User: s.authed}
	return nil
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.cur.To = append(s.cur.To, to)
	return nil
}

func (s *session) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.cur.Data = b
	s.srv.Mails <- s.cur
	return nil
}

func (s *session) Reset()        { s.cur = Mail{} }
func (s *session) Logout() error { return nil }
