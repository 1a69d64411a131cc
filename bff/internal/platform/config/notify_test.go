package config

import (
	"strings"
	"testing"
)

func TestNotifyOffByDefault(t *testing.T) {
	c, err := load(t, nil)
	if err != nil || c.Notify != (Notify{}) {
		t.Fatalf("%+v %v", c.Notify, err)
	}
}

func TestNotifySettings(t *testing.T) {
	const (
		url    = "BFF_NOTIFY_WEBHOOK_URL=https://hooks.example.com/mall"
		secret = "BFF_NOTIFY_WEBHOOK_SECRET=0123456789abcdef"
		addr   = "BFF_SMTP_ADDR=smtp.example.com:587"
		from   = "BFF_SMTP_FROM=商城 <noreply@example.com>"
		usr    = "BFF_SMTP_USER=mailer"
		pass   = "BFF_SMTP_PASSWORD=secret"
	)
	c, err := load(t, nil, url, secret, addr, from, usr, pass)
	if err != nil {
		t.Fatal(err)
	}
	want := Notify{WebhookURL: "https://hooks.example.com/mall", WebhookSecret: "0123456789abcdef", SMTPAddr: "smtp.example.com:587",
		SMTPFrom: "商城 <noreply@example.com>", SMTPUser: "mailer", SMTPPassword: "secret"}
	if c.Notify != want {
		t.Fatalf("%+v", c.Notify)
	}
	for _, tc := range []struct {
		name string
		env  []string
		want string
	}{
		{"URL alone", []string{url}, "BFF_NOTIFY_WEBHOOK_URL and BFF_NOTIFY_WEBHOOK_SECRET"},
		{"secret alone", []string{secret}, "BFF_NOTIFY_WEBHOOK_URL and BFF_NOTIFY_WEBHOOK_SECRET"},
		{"short secret", []string{url, "BFF_NOTIFY_WEBHOOK_SECRET=short"}, "BFF_NOTIFY_WEBHOOK_SECRET"},
		{"not http", []string{"BFF_NOTIFY_WEBHOOK_URL=ftp://x", secret}, "BFF_NOTIFY_WEBHOOK_URL"},
		{"addr alone", []string{addr}, "BFF_SMTP_ADDR and BFF_SMTP_FROM"},
		{"bad from", []string{addr, "BFF_SMTP_FROM=nobody"}, "BFF_SMTP_FROM"},
		{"user without addr", []string{usr}, "BFF_SMTP_USER (--smtp-user): set, but BFF_SMTP_ADDR is not"},
		{"password without user", []string{addr, from, pass}, "BFF_SMTP_PASSWORD"},
	} {
		if _, err := load(t, nil, tc.env...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}
