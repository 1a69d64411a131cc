package config

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
)

// S3 is the bucket uploads are kept in (BFF_STORAGE=s3://bucket); zero Bucket: local disk.
type S3 struct {
	Bucket    string
	Endpoint  string // http(s)://host[:port]
	Region    string
	AccessKey string
	SecretKey string
	// PolicyHours is how long a presigned image POST stays valid: hours × 3600 s.
	PolicyHours float64
}

// bucketPattern is S3's bucket naming rule (3..63 lower-case letters, digits, dots and hyphens).
var bucketPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$`)

func parseStorage(c *Config, v string) error {
	switch v = strings.TrimSpace(v); {
	case v == "local":
		return nil
	case strings.HasPrefix(v, "s3://"):
		b := strings.TrimSuffix(strings.TrimPrefix(v, "s3://"), "/")
		if !bucketPattern.MatchString(b) {
			return fmt.Errorf("bucket %q is not a valid S3 bucket name (3..63 of a-z 0-9 . -)", b)
		}
		c.S3.Bucket = b
		return nil
	}
	return fmt.Errorf("must be local or s3://bucket, got %q", v)
}

func parseS3Endpoint(c *Config, v string) error {
	if v == "" {
		return nil
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") ||
		u.RawQuery != "" || u.User != nil {
		return fmt.Errorf("must be http(s)://host[:port] without a path, got %q", redact(v))
	}
	c.S3.Endpoint = u.Scheme + "://" + u.Host
	return nil
}

func parseS3Hours(c *Config, v string) error {
	h, err := strconv.ParseFloat(v, 64)
	if err != nil || h < 0.01 || h > 168 {
		return fmt.Errorf("must be a number of hours from 0.01 to 168, got %q", v)
	}
	c.S3.PolicyHours = h
	return nil
}

// checkStorage requires every S3 setting with an s3:// storage, and none without it: a key given
// for a bucket that is not used is a mistake worth stopping for. Secrets have no defaults.
func checkStorage(c Config) error {
	given := map[string]bool{
		"BFF_S3_ENDPOINT":   c.S3.Endpoint != "",
		"BFF_S3_ACCESS_KEY": c.S3.AccessKey != "",
		"BFF_S3_SECRET_KEY": c.S3.SecretKey != "",
	}
	var errs []error
	for _, name := range []string{"BFF_S3_ENDPOINT", "BFF_S3_ACCESS_KEY", "BFF_S3_SECRET_KEY"} {
		switch {
		case c.S3.Bucket != "" && !given[name]:
			errs = append(errs, fmt.Errorf("%s (--%s): required with BFF_STORAGE=s3://%s", name, FlagName(name), c.S3.Bucket))
		case c.S3.Bucket == "" && given[name]:
			errs = append(errs, fmt.Errorf("%s (--%s): set, but BFF_STORAGE is not s3://bucket (uploads go to local disk)", name, FlagName(name)))
		}
	}
	return errors.Join(errs...)
}
