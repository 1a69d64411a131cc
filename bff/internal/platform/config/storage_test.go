package config

import (
	"strings"
	"testing"
)

func TestStorageDefaultsToLocalDisk(t *testing.T) {
	c, err := load(t, nil)
	if err != nil || c.S3.Bucket != "" || c.S3.PolicyHours != 1 || c.S3.Region != "us-east-1" {
		t.Fatalf("%+v %v", c.S3, err)
	}
	if c, err := load(t, nil, "BFF_STORAGE=local"); err != nil || c.S3.Bucket != "" {
		t.Fatalf("local: %+v %v", c.S3, err)
	}
}

var s3Env = []string{"BFF_STORAGE=s3://shop-files", "BFF_S3_ENDPOINT=https://s3.example.com:9000/", "BFF_S3_REGION=cn-east-1",
	"BFF_S3_ACCESS_KEY=AKID", "BFF_S3_SECRET_KEY=s3cr3t", "BFF_S3_POLICY_HOURS=0.5"}

func TestStorageS3(t *testing.T) {
	c, err := load(t, nil, s3Env...)
	want := S3{Bucket: "shop-files", Endpoint: "https://s3.example.com:9000", Region: "cn-east-1", AccessKey: "AKID",
		SecretKey: "s3cr3t", PolicyHours: 0.5}
	if err != nil || c.S3 != want {
		t.Fatalf("%+v %v", c.S3, err)
	}
}

// Each missing or bad setting stops the start and is named; the secrets have no default.
func TestStorageS3Rules(t *testing.T) {
	without := func(name string) []string { return withoutVar(s3Env, name) }
	for _, tc := range []struct {
		name string
		env  []string
		want string
	}{
		{"no endpoint", without("BFF_S3_ENDPOINT"), "BFF_S3_ENDPOINT (--s3-endpoint): required with BFF_STORAGE=s3://shop-files"},
		{"no access key", without("BFF_S3_ACCESS_KEY"), "BFF_S3_ACCESS_KEY (--s3-access-key): required"},
		{"no secret key", without("BFF_S3_SECRET_KEY"), "BFF_S3_SECRET_KEY (--s3-secret-key): required"},
		{"bad scheme", []string{"BFF_STORAGE=gs://b"}, "BFF_STORAGE (--storage): must be local or s3://bucket"},
		{"bad bucket", []string{"BFF_STORAGE=s3://Bad_Bucket"}, "BFF_STORAGE (--storage): bucket \"Bad_Bucket\" is not a valid S3 bucket name"},
		{"no bucket", []string{"BFF_STORAGE=s3://"}, "BFF_STORAGE (--storage): bucket \"\""},
		{"endpoint not a URL", append(without("BFF_S3_ENDPOINT"), "BFF_S3_ENDPOINT=s3.example.com"), "BFF_S3_ENDPOINT (--s3-endpoint): must be http(s)://host[:port]"},
		{"endpoint with a path", append(without("BFF_S3_ENDPOINT"), "BFF_S3_ENDPOINT=http://h/bucket"), "BFF_S3_ENDPOINT (--s3-endpoint): must be"},
		{"hours zero", append(without("BFF_S3_POLICY_HOURS"), "BFF_S3_POLICY_HOURS=0"), "BFF_S3_POLICY_HOURS (--s3-policy-hours): must be a number of hours from 0.01 to 168"},
		{"hours too many", append(without("BFF_S3_POLICY_HOURS"), "BFF_S3_POLICY_HOURS=169"), "BFF_S3_POLICY_HOURS"},
		{"key without a bucket", []string{"BFF_S3_SECRET_KEY=x"}, "BFF_S3_SECRET_KEY (--s3-secret-key): set, but BFF_STORAGE is not s3://bucket"},
	} {
		_, err := load(t, nil, tc.env...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", tc.name, err, tc.want)
		}
	}
	// a secret given in the endpoint's URL is not repeated in the error
	if _, err := load(t, nil, append(without("BFF_S3_ENDPOINT"), "BFF_S3_ENDPOINT=http://k:topsecret@h/x")...); err == nil || strings.Contains(err.Error(), "topsecret") {
		t.Fatalf("endpoint with credentials: %v", err)
	}
}

// withoutVar is env less the setting name (NAME=…).
func withoutVar(env []string, name string) []string {
	var out []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, name+"=") {
			out = append(out, kv)
		}
	}
	return out
}
