package config

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// ImageUpload is where the rich-text editor posts pictures (seed-spec §7 "Rich-text image
// upload"): through the BFF, straight to the S3 bucket of BFF_STORAGE, or straight to a Qiniu or
// Aliyun OSS bucket with a token the BFF signs (docs/decisions.md "Rich-text pictures").
type ImageUpload struct {
	// Provider: ImageAuto (s3 with BFF_STORAGE=s3://…, else local), ImageLocal, ImageS3,
	// ImageQiniu or ImageOSS; Load resolves auto.
	Provider  string
	UploadURL string // qiniu/oss: the upload endpoint the browser posts to
	ReadURL   string // qiniu/oss: the public base the picture is read from (ends without "/")
	AccessKey string
	SecretKey string
	Bucket    string // qiniu: the bucket the token's scope names
	Hours     float64
}

// The picture upload providers.
const (
	ImageAuto  = "auto"
	ImageLocal = "local"
	ImageS3    = "s3"
	ImageQiniu = "qiniu"
	ImageOSS   = "oss"
)

func imageSettings() []setting {
	text := func(set func(*ImageUpload, string)) func(*Config, string) error {
		return func(c *Config, v string) error { set(&c.Image, strings.TrimSpace(v)); return nil }
	}
	return []setting{
		{"BFF_IMAGE_UPLOAD", "auto", "where rich-text pictures go: auto (straight to the bucket with BFF_STORAGE=s3://…, else through the BFF) | local | s3 | qiniu | oss", func(c *Config, v string) error {
			c.Image.Provider = strings.ToLower(strings.TrimSpace(v))
			switch c.Image.Provider {
			case ImageAuto, ImageLocal, ImageS3, ImageQiniu, ImageOSS:
				return nil
			}
			return fmt.Errorf("must be auto, local, s3, qiniu or oss, got %q", v)
		}},
		{"BFF_IMAGE_UPLOAD_URL", "", "with BFF_IMAGE_UPLOAD=qiniu|oss: the upload endpoint, e.g. https://upload.qiniup.com or https://BUCKET.oss-cn-hangzhou.aliyuncs.com", parseImageURL(func(i *ImageUpload) *string { return &i.UploadURL })},
		{"BFF_IMAGE_READ_URL", "", "with BFF_IMAGE_UPLOAD=qiniu|oss: the bucket's public address pictures are read from, e.g. https://img.example.com", parseImageURL(func(i *ImageUpload) *string { return &i.ReadURL })},
		{"BFF_IMAGE_ACCESS_KEY", "", "with BFF_IMAGE_UPLOAD=qiniu|oss: the AccessKey (id) (required, no default)", text(func(i *ImageUpload, v string) { i.AccessKey = v })},
		{"BFF_IMAGE_SECRET_KEY", "", "with BFF_IMAGE_UPLOAD=qiniu|oss: the SecretKey / AccessKeySecret (required, no default)", text(func(i *ImageUpload, v string) { i.SecretKey = v })},
		{"BFF_IMAGE_BUCKET", "", "with BFF_IMAGE_UPLOAD=qiniu: the bucket (the token's scope; required)", text(func(i *ImageUpload, v string) { i.Bucket = v })},
		{"BFF_IMAGE_POLICY_HOURS", "1", "with BFF_IMAGE_UPLOAD=qiniu|oss: lifetime in hours of an upload token (deadline = now + hours × 3600 s; 0.01..168)", func(c *Config, v string) error {
			h, err := strconv.ParseFloat(v, 64)
			if err != nil || h < 0.01 || h > 168 {
				return fmt.Errorf("must be a number of hours from 0.01 to 168, got %q", v)
			}
			c.Image.Hours = h
			return nil
		}},
	}
}

func parseImageURL(field func(*ImageUpload) *string) func(*Config, string) error {
	return func(c *Config, v string) error {
		if v == "" {
			return nil
		}
		u, err := url.Parse(v)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.RawQuery != "" {
			return fmt.Errorf("must be http(s)://host[:port][/path], got %q", redact(v))
		}
		*field(&c.Image) = strings.TrimSuffix(v, "/")
		return nil
	}
}

// resolveImage turns auto into a provider and requires each vendor setting the provider needs,
// and none it does not use: a secret given for a vendor that is not used is a mistake.
func resolveImage(c *Config) error {
	im := &c.Image
	if im.Provider == ImageAuto || im.Provider == "" {
		im.Provider = ImageLocal
		if c.S3.Bucket != "" {
			im.Provider = ImageS3
		}
	}
	vendor := im.Provider == ImageQiniu || im.Provider == ImageOSS
	given := []struct {
		name string
		set  bool
		need bool
	}{
		{"BFF_IMAGE_UPLOAD_URL", im.UploadURL != "", vendor},
		{"BFF_IMAGE_READ_URL", im.ReadURL != "", vendor},
		{"BFF_IMAGE_ACCESS_KEY", im.AccessKey != "", vendor},
		{"BFF_IMAGE_SECRET_KEY", im.SecretKey != "", vendor},
		{"BFF_IMAGE_BUCKET", im.Bucket != "", im.Provider == ImageQiniu},
	}
	var errs []error
	if im.Provider == ImageS3 && c.S3.Bucket == "" {
		errs = append(errs, errors.New("BFF_IMAGE_UPLOAD=s3: needs BFF_STORAGE=s3://bucket (the pictures go to that bucket)"))
	}
	for _, g := range given {
		switch {
		case g.need && !g.set:
			errs = append(errs, fmt.Errorf("%s (--%s): required with BFF_IMAGE_UPLOAD=%s", g.name, FlagName(g.name), im.Provider))
		case !g.need && g.set:
			errs = append(errs, fmt.Errorf("%s (--%s): set, but BFF_IMAGE_UPLOAD=%s does not use it", g.name, FlagName(g.name), im.Provider))
		}
	}
	return errors.Join(errs...)
}
