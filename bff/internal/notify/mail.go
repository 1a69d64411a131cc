package notify

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/base64"
	"errors"
	"fmt"
	"mime"
	"net"
	"net/mail"
	"net/smtp"
	"strings"
	"time"
)

// Mail sends each delivery by e-mail through an SMTP server: plain SMTP, STARTTLS when the
// server offers it, AUTH PLAIN when a user is set (net/smtp refuses to send the password
// unencrypted except to localhost). Recipients without an e-mail are skipped.
type Mail struct {
	Addr     string // host:port
	From     string
	User     string
	Password string
	Now      func() time.Time
}

// Name names the channel in logs.
func (m *Mail) Name() string { return "mail" }

// Deliver sends one mail.
func (m *Mail) Deliver(ctx context.Context, r Recipient, msg Stored) error {
	if r.Email == "" {
		return nil
	}
	to, err := mail.ParseAddress(r.Email)
	if err != nil {
		return fmt.Errorf("recipient address: %w", err)
	}
	from, err := mail.ParseAddress(m.From)
	if err != nil {
		return fmt.Errorf("sender address: %w", err)
	}
	d := net.Dialer{Timeout: 10 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", m.Addr)
	if err != nil {
		return err
	}
	if dl, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(dl)
	}
	host, _, _ := net.SplitHostPort(m.Addr)
	c, err := smtp.NewClient(conn, host)
	if err != nil {
		conn.Close()
		return err
	}
	defer c.Close()
	if ok, _ := c.Extension("STARTTLS"); ok {
		if err := c.StartTLS(&tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}); err != nil {
			return fmt.Errorf("STARTTLS: %w", err)
		}
	}
	if m.User != "" {
		if err := c.Auth(smtp.PlainAuth("", m.User, m.Password, host)); err != nil {
			return fmt.Errorf("AUTH: %w", err)
		}
	}
	if err := c.Mail(from.Address); err != nil {
		return err
	}
	if err := c.Rcpt(to.Address); err != nil {
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(m.compose(from, to, msg)); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}

// compose builds the mail: UTF-8 subject (RFC 2047) and a base64 UTF-8 text body.
func (m *Mail) compose(from, to *mail.Address, msg Stored) []byte {
	now := time.Now
	if m.Now != nil {
		now = m.Now
	}
	text := msg.Body
	if msg.Link != "" {
		text += "\r\n\r\n" + msg.Link
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\nDate: %s\r\nMIME-Version: 1.0\r\n",
		from.String(), to.String(), mime.BEncoding.Encode("utf-8", clean(msg.Title)), now().Format(time.RFC1123Z))
	b.WriteString("Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n")
	enc := base64.StdEncoding.EncodeToString([]byte(text))
	for len(enc) > 76 {
		b.WriteString(enc[:76] + "\r\n")
		enc = enc[76:]
	}
	b.WriteString(enc + "\r\n")
	return b.Bytes()
}

// clean keeps a header value on one line.
func clean(s string) string { return strings.NewReplacer("\r", " ", "\n", " ").Replace(s) }

// ErrNoMailConfig is returned by NewMail without an address or sender.
var ErrNoMailConfig = errors.New("notify: mail needs an SMTP address and a sender")

// NewMail returns the channel.
func NewMail(addr, from, user, password string) (*Mail, error) {
	if addr == "" || from == "" {
		return nil, ErrNoMailConfig
	}
	return &Mail{Addr: addr, From: from, User: user, Password: password}, nil
}
