package formupload

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"

	"mallconsole/bff/internal/platform/objstore"
)

// OSS issues Aliyun OSS PostObject policies: the policy is base64 of a JSON document with an
// expiration and conditions, and Signature = base64(HMAC-SHA1(AccessKeySecret, policy)).
type OSS struct{ cfg Config }

// NewOSS checks the account's settings (the bucket is in the upload URL's host).
func NewOSS(c Config) (*OSS, error) {
	if err := c.check(false); err != nil {
		return nil, err
	}
	c.UploadURL = trimURL(c.UploadURL)
	return &OSS{cfg: c}, nil
}

// OSSPolicy is the PostObject policy document.
type OSSPolicy struct {
	Expiration string `json:"expiration"` // ISO 8601 UTC
	Conditions []any  `json:"conditions"`
}

// PresignPost signs a policy that may write exactly the rules' key with the declared type and
// 1..MaxBytes bytes until the deadline. The browser posts the fields (its Content-Type too) and
// the file last; OSS answers 201 (success_action_status) with no body to parse.
func (o *OSS) PresignPost(_ context.Context, r objstore.PostRules) (objstore.Policy, error) {
	doc := OSSPolicy{Expiration: r.Expires.UTC().Format("2006-01-02T15:04:05.000Z"), Conditions: []any{
		[]any{"content-length-range", 1, r.MaxBytes},
		[]any{"eq", "$key", r.Key},
		[]any{"eq", "$Content-Type", r.ContentType},
		[]any{"starts-with", "$success_action_status", "201"},
	}}
	raw, err := json.Marshal(doc)
	if err != nil {
		return objstore.Policy{}, fmt.Errorf("formupload: oss policy: %w", err)
	}
	policy := base64.StdEncoding.EncodeToString(raw)
	return objstore.Policy{URL: o.cfg.UploadURL + "/", Fields: map[string]string{
		"key": r.Key, "OSSAccessKeyId": o.cfg.AccessKey, "policy": policy,
		"Signature": OSSSignature(o.cfg.SecretKey, policy), "success_action_status": "201"}}, nil
}

// OSSSignature signs a base64 policy as OSS does.
func OSSSignature(secret, policy string) string {
	return base64.StdEncoding.EncodeToString(hmacSHA1(secret, policy))
}
