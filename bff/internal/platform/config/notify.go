package config

import (
	"errors"
	"fmt"
	"net/mail"
	"net/url"
	"strings"
)

// Notify is where messages go besides the console (docs/notifications.md). Every part is off
// unless set.
type Notify struct {
	WebhookURL    string // empty: no webhook
	WebhookSecret string // signs the webhook's posts; required with WebhookURL
	SMTPAddr      string // host:port; empty: no e-mail
	SMTPFrom      string // the sender; required with SMTPAddr
	SMTPUser      string // AUTH PLAIN when set
	SMTPPassword  string
}

func notifySettings() []setting {
	return []setting{
		{"BFF_NOTIFY_WEBHOOK_URL", "", "http(s) URL every message is also posted to (signed with BFF_NOTIFY_WEBHOOK_SECRET); empty: no webhook", func(c *Config, v string) error {
			if v == "" {
				return nil
			}
			u, err := url.Parse(v)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
				return fmt.Errorf("must be an http(s) URL without credentials, got %q", redact(v))
			}
			c.Notify.WebhookURL = v
			return nil
		}},
		{"BFF_NOTIFY_WEBHOOK_SECRET", "", "with BFF_NOTIFY_WEBHOOK_URL: the HMAC-SHA256 key of its X-Mall-Signature (at least 16 characters; required, no default)", func(c *Config, v string) error {
			if v != "" && (len(v) < minGatewayKeyLen || strings.TrimSpace(v) != v) {
				return fmt.Errorf("must be at least %d characters, without surrounding spaces", minGatewayKeyLen)
			}
			c.Notify.WebhookSecret = v
			return nil
		}},
		{"BFF_SMTP_ADDR", "", "host:port of the SMTP server messages are mailed through (STARTTLS when offered); empty: no e-mail", func(c *Config, v string) error {
			if v == "" {
				return nil
			}
			if err := checkHostPort(v); err != nil {
				return err
			}
			c.Notify.SMTPAddr = v
			return nil
		}},
		{"BFF_SMTP_FROM", "", "with BFF_SMTP_ADDR: the sender address (required)", func(c *Config, v string) error {
			if v == "" {
				return nil
			}
			if _, err := mail.ParseAddress(v); err != nil {
				return fmt.Errorf("not an e-mail address: %q", v)
			}
			c.Notify.SMTPFrom = v
			return nil
		}},
		{"BFF_SMTP_USER", "", "with BFF_SMTP_ADDR: the AUTH user (empty: no AUTH)", func(c *Config, v string) error {
			c.Notify.SMTPUser = v
			return nil
		}},
		{"BFF_SMTP_PASSWORD", "", "with BFF_SMTP_USER: the AUTH password", func(c *Config, v string) error {
			c.Notify.SMTPPassword = v
			return nil
		}},
	}
}

// checkNotify requires the settings that go together: a webhook and its secret, a mail server
// and its sender, a password only with a user.
func checkNotify(c *Config) error {
	n := c.Notify
	var errs []error
	if (n.WebhookURL == "") != (n.WebhookSecret == "") {
		errs = append(errs, errors.New("BFF_NOTIFY_WEBHOOK_URL and BFF_NOTIFY_WEBHOOK_SECRET (--notify-webhook-url, --notify-webhook-secret): give both or neither"))
	}
	if (n.SMTPAddr == "") != (n.SMTPFrom == "") {
		errs = append(errs, errors.New("BFF_SMTP_ADDR and BFF_SMTP_FROM (--smtp-addr, --smtp-from): give both or neither"))
	}
	if n.SMTPAddr == "" && n.SMTPUser != "" {
		errs = append(errs, errors.New("BFF_SMTP_USER (--smtp-user): set, but BFF_SMTP_ADDR is not"))
	}
	if n.SMTPUser == "" && n.SMTPPassword != "" {
		errs = append(errs, errors.New("BFF_SMTP_PASSWORD (--smtp-password): set, but BFF_SMTP_USER is not"))
	}
	return errors.Join(errs...)
}
