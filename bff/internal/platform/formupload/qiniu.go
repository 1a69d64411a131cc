package formupload

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"

	"mallconsole/bff/internal/platform/objstore"
)

// Qiniu issues Qiniu upload tokens: AccessKey:base64url(HMAC-SHA1(SecretKey, encodedPutPolicy)):encodedPutPolicy,
// where encodedPutPolicy is base64url of the put policy's JSON (Qiniu's "上传凭证").
type Qiniu struct{ cfg Config }

// NewQiniu checks the account's settings.
func NewQiniu(c Config) (*Qiniu, error) {
	if err := c.check(true); err != nil {
		return nil, err
	}
	c.UploadURL = trimURL(c.UploadURL)
	return &Qiniu{cfg: c}, nil
}

// PutPolicy is the part of Qiniu's put policy the BFF uses.
type PutPolicy struct {
	Scope      string `json:"scope"`      // bucket:key — the token writes this one key
	Deadline   int64  `json:"deadline"`   // Unix seconds: now + hours × 3600
	InsertOnly int    `json:"insertOnly"` // 1: never overwrite an existing file
	FsizeLimit int64  `json:"fsizeLimit"` // largest file in bytes
	MimeLimit  string `json:"mimeLimit"`  // accepted types, ';'-separated, detected from the content
}

// PresignPost signs a token for the rules' key, deadline and size, limited to raster pictures
// (Qiniu detects the type from the content, so the declared type narrows nothing more). The
// browser posts token, key and the file.
func (q *Qiniu) PresignPost(_ context.Context, r objstore.PostRules) (objstore.Policy, error) {
	p := PutPolicy{Scope: q.cfg.Bucket + ":" + r.Key, Deadline: r.Expires.Unix(), InsertOnly: 1,
		FsizeLimit: r.MaxBytes, MimeLimit: strings.Join(RasterTypes, ";")}
	raw, err := json.Marshal(p)
	if err != nil {
		return objstore.Policy{}, fmt.Errorf("formupload: put policy: %w", err)
	}
	return objstore.Policy{URL: q.cfg.UploadURL + "/", Fields: map[string]string{
		"token": QiniuToken(q.cfg.AccessKey, q.cfg.SecretKey, raw), "key": r.Key}}, nil
}

// QiniuToken signs a put policy's JSON as Qiniu does.
func QiniuToken(accessKey, secretKey string, policyJSON []byte) string {
	encoded := base64.URLEncoding.EncodeToString(policyJSON)
	sign := base64.URLEncoding.EncodeToString(hmacSHA1(secretKey, encoded))
	return accessKey + ":" + sign + ":" + encoded
}
