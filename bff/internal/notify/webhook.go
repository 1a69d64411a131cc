package notify

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// Webhook posts each delivery as JSON to a URL, signed so the receiver can tell it came from
// us and is fresh: X-Mall-Timestamp (Unix seconds) and X-Mall-Signature, the hex
// HMAC-SHA256(secret, timestamp + "." + body).
type Webhook struct {
	URL    string
	Secret string
	Client *http.Client // nil: one with a 5 s timeout
	Now    func() time.Time
}

// WebhookBody is what the webhook receives.
type WebhookBody struct {
	Type       string    `json:"type"`
	Title      string    `json:"title"`
	Body       string    `json:"body"`
	Link       string    `json:"link"`
	UserID     int64     `json:"userId"`
	CreateTime time.Time `json:"createTime"`
}

// NewWebhook returns the channel.
func NewWebhook(url, secret string, now func() time.Time) *Webhook {
	if now == nil {
		now = time.Now
	}
	return &Webhook{URL: url, Secret: secret, Client: &http.Client{Timeout: 5 * time.Second}, Now: now}
}

// Name names the channel in logs.
func (w *Webhook) Name() string { return "webhook" }

// Sign is the signature of body sent at timestamp (what a receiver recomputes).
func Sign(secret, timestamp string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(timestamp))
	m.Write([]byte("."))
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}

// Deliver posts the message; any answer but 2xx is an error.
func (w *Webhook) Deliver(ctx context.Context, r Recipient, m Stored) error {
	body, err := json.Marshal(WebhookBody{Type: m.Type, Title: m.Title, Body: m.Body, Link: m.Link, UserID: r.UserID, CreateTime: m.CreateTime})
	if err != nil {
		return err
	}
	ts := strconv.FormatInt(w.Now().Unix(), 10)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.URL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Mall-Timestamp", ts)
	req.Header.Set("X-Mall-Signature", Sign(w.Secret, ts, body))
	resp, err := w.Client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("webhook answered %s", resp.Status)
	}
	return nil
}
