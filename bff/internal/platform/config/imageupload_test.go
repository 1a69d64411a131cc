package config

import (
	"strings"
	"testing"
)

// Without a setting pictures follow the storage: through the BFF on local disk, straight to the
// bucket with s3://.
func TestImageUploadFollowsStorage(t *testing.T) {
	if c, err := load(t, nil); err != nil || c.Image.Provider != ImageLocal || c.Image.Hours != 1 {
		t.Fatalf("%+v %v", c.Image, err)
	}
	if c, err := load(t, nil, s3Env...); err != nil || c.Image.Provider != ImageS3 {
		t.Fatalf("s3: %+v %v", c.Image, err)
	}
	if c, err := load(t, nil, append(s3Env, "BFF_IMAGE_UPLOAD=local")...); err != nil || c.Image.Provider != ImageLocal {
		t.Fatalf("s3 storage, local pictures: %+v %v", c.Image, err)
	}
}

var qiniuEnv = []string{"BFF_IMAGE_UPLOAD=qiniu", "BFF_IMAGE_UPLOAD_URL=https://upload.qiniup.com/", "BFF_IMAGE_READ_URL=https://img.example.com/",
	"BFF_IMAGE_ACCESS_KEY=AK", "BFF_IMAGE_SECRET_KEY=SK", "BFF_IMAGE_BUCKET=pics", "BFF_IMAGE_POLICY_HOURS=2"}

func TestImageUploadVendors(t *testing.T) {
	c, err := load(t, nil, qiniuEnv...)
	want := ImageUpload{Provider: ImageQiniu, UploadURL: "https://upload.qiniup.com", ReadURL: "https://img.example.com",
		AccessKey: "AK", SecretKey: "SK", Bucket: "pics", Hours: 2}
	if err != nil || c.Image != want {
		t.Fatalf("qiniu: %+v %v", c.Image, err)
	}
	c, err = load(t, nil, "BFF_IMAGE_UPLOAD=OSS", "BFF_IMAGE_UPLOAD_URL=https://b.oss-cn-hangzhou.aliyuncs.com",
		"BFF_IMAGE_READ_URL=https://b.oss-cn-hangzhou.aliyuncs.com", "BFF_IMAGE_ACCESS_KEY=AK", "BFF_IMAGE_SECRET_KEY=SK")
	if err != nil || c.Image.Provider != ImageOSS || c.Image.Bucket != "" {
		t.Fatalf("oss: %+v %v", c.Image, err)
	}
}

// Each missing, unused or bad setting stops the start and is named; the secrets have no default.
func TestImageUploadRules(t *testing.T) {
	without := func(name string) []string { return withoutVar(qiniuEnv, name) }
	for _, tc := range []struct {
		name string
		env  []string
		want string
	}{
		{"unknown", []string{"BFF_IMAGE_UPLOAD=cos"}, "BFF_IMAGE_UPLOAD (--image-upload): must be auto, local, s3, qiniu or oss"},
		{"no secret", without("BFF_IMAGE_SECRET_KEY"), "BFF_IMAGE_SECRET_KEY (--image-secret-key): required with BFF_IMAGE_UPLOAD=qiniu"},
		{"no access key", without("BFF_IMAGE_ACCESS_KEY"), "BFF_IMAGE_ACCESS_KEY (--image-access-key): required"},
		{"no bucket", without("BFF_IMAGE_BUCKET"), "BFF_IMAGE_BUCKET (--image-bucket): required with BFF_IMAGE_UPLOAD=qiniu"},
		{"no upload url", without("BFF_IMAGE_UPLOAD_URL"), "BFF_IMAGE_UPLOAD_URL (--image-upload-url): required"},
		{"no read url", without("BFF_IMAGE_READ_URL"), "BFF_IMAGE_READ_URL (--image-read-url): required"},
		{"bad url", append(without("BFF_IMAGE_UPLOAD_URL"), "BFF_IMAGE_UPLOAD_URL=upload.qiniup.com"), "BFF_IMAGE_UPLOAD_URL (--image-upload-url): must be http(s)://"},
		{"hours", append(without("BFF_IMAGE_POLICY_HOURS"), "BFF_IMAGE_POLICY_HOURS=200"), "BFF_IMAGE_POLICY_HOURS (--image-policy-hours): must be a number of hours from 0.01 to 168"},
		{"secret unused", []string{"BFF_IMAGE_SECRET_KEY=SK"}, "BFF_IMAGE_SECRET_KEY (--image-secret-key): set, but BFF_IMAGE_UPLOAD=local does not use it"},
		{"bucket with oss", []string{"BFF_IMAGE_UPLOAD=oss", "BFF_IMAGE_UPLOAD_URL=https://u", "BFF_IMAGE_READ_URL=https://r",
			"BFF_IMAGE_ACCESS_KEY=a", "BFF_IMAGE_SECRET_KEY=s", "BFF_IMAGE_BUCKET=b"}, "BFF_IMAGE_BUCKET (--image-bucket): set, but BFF_IMAGE_UPLOAD=oss"},
		{"s3 without a bucket", []string{"BFF_IMAGE_UPLOAD=s3"}, "BFF_IMAGE_UPLOAD=s3: needs BFF_STORAGE=s3://bucket"},
	} {
		_, err := load(t, nil, tc.env...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", tc.name, err, tc.want)
		}
	}
}
