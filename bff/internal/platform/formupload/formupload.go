// Package formupload signs a browser's form upload straight to an object-storage vendor, so a
// rich-text picture never passes the BFF (seed-spec §7 "Rich-text image upload … one of two
// object-storage providers using a … signed token"): a Qiniu-style upload token (Qiniu) and an
// Aliyun OSS-style POST policy (OSS). Both answer objstore.PostRules with an objstore.Policy, as
// the S3 bucket's presigned POST does, so attach.Presigner takes any of the three. The secret
// stays in the BFF: the browser gets only the signed token for one key, one deadline, one size.
package formupload

import (
	"crypto/hmac"
	"crypto/sha1" //nolint:gosec // both vendors define their signatures as HMAC-SHA1
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// Config is one vendor account: the upload endpoint the browser posts to, the key pair, and (for
// Qiniu) the bucket the token's scope names.
type Config struct {
	UploadURL string // Qiniu: https://upload.qiniup.com; OSS: https://bucket.oss-cn-hangzhou.aliyuncs.com
	AccessKey string
	SecretKey string
	Bucket    string
}

func (c Config) check(needBucket bool) error {
	u, err := url.Parse(c.UploadURL)
	var errs []error
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		errs = append(errs, fmt.Errorf("formupload: upload URL must be http(s)://host[:port], got %q", c.UploadURL))
	}
	if c.AccessKey == "" || c.SecretKey == "" {
		errs = append(errs, errors.New("formupload: access key and secret key are required"))
	}
	if needBucket && c.Bucket == "" {
		errs = append(errs, errors.New("formupload: bucket is required"))
	}
	return errors.Join(errs...)
}

// hmacSHA1 is the MAC both vendors sign with.
func hmacSHA1(secret, msg string) []byte {
	m := hmac.New(sha1.New, []byte(secret))
	m.Write([]byte(msg))
	return m.Sum(nil)
}

// RasterTypes are the picture types a signed upload may carry: what a browser shows in an <img>,
// never SVG (which can carry script). The same list as attach's direct pictures.
var RasterTypes = []string{"image/png", "image/jpeg", "image/gif", "image/webp", "image/bmp"}

func trimURL(u string) string { return strings.TrimSuffix(u, "/") }
