package formupload_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"maps"
	"strings"
	"testing"
	"time"

	"mallconsole/bff/internal/platform/formupload"
	"mallconsole/bff/internal/platform/formupload/vendortest"
	"mallconsole/bff/internal/platform/objstore"
)

// png is the start of a PNG: enough for a vendor to detect image/png.
var png = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89")

const html = "<html><script>alert(1)</script></html>"

// signer is what attach.Presigner asks of each provider.
type signer interface {
	PresignPost(ctx context.Context, r objstore.PostRules) (objstore.Policy, error)
}

func rules(key string, expires time.Time) objstore.PostRules {
	return objstore.PostRules{Key: key, ContentType: "image/png", MaxBytes: 64, Expires: expires}
}

// eachVendor runs check against a Qiniu and an OSS server, with a signer of the same account.
func eachVendor(t *testing.T, check func(t *testing.T, v *vendortest.Server, s signer, extra map[string]string)) {
	t.Run("qiniu", func(t *testing.T) {
		v := vendortest.Qiniu(t)
		q, err := formupload.NewQiniu(formupload.Config{UploadURL: v.URL, AccessKey: v.AccessKey, SecretKey: v.SecretKey, Bucket: v.Bucket})
		if err != nil {
			t.Fatal(err)
		}
		check(t, v, q, nil)
	})
	t.Run("oss", func(t *testing.T) {
		v := vendortest.OSS(t)
		o, err := formupload.NewOSS(formupload.Config{UploadURL: v.URL + "/", AccessKey: v.AccessKey, SecretKey: v.SecretKey})
		if err != nil {
			t.Fatal(err)
		}
		// the browser adds its file's type, which the policy pins
		check(t, v, o, map[string]string{"Content-Type": "image/png"})
	})
}

func post(t *testing.T, p objstore.Policy, extra map[string]string, fileType string, content []byte) (int, string) {
	fields := maps.Clone(p.Fields)
	maps.Copy(fields, extra)
	return vendortest.Post(t, p.URL, fields, fileType, content)
}

// A picture posted with the issued fields is stored under the key; the vendor refuses a larger
// file, HTML, another key, a forged signature and an expired token, and stores nothing for them.
func TestVendorsAcceptOnlyWhatWasSigned(t *testing.T) {
	eachVendor(t, func(t *testing.T, v *vendortest.Server, s signer, extra map[string]string) {
		ctx := context.Background()
		p, err := s.PresignPost(ctx, rules("a1.png", time.Now().Add(time.Hour)))
		if err != nil {
			t.Fatal(err)
		}
		if p.URL != v.URL+"/" || p.Fields["key"] != "a1.png" {
			t.Fatalf("policy %+v", p)
		}
		refused := map[string]func() (int, string){
			"too large": func() (int, string) {
				return post(t, p, extra, "image/png", append(append([]byte{}, png...), make([]byte, 64)...))
			},
			"html": func() (int, string) {
				e := maps.Clone(extra)
				if e != nil {
					e["Content-Type"] = "text/html"
				}
				return post(t, p, e, "text/html", []byte(html))
			},
			"other key": func() (int, string) { return post(t, p, map[string]string{"key": "b2.png"}, "image/png", png) },
			"forged": func() (int, string) {
				// one character of the signature changed, always to another one (replacing it
				// with a fixed letter left the signature as it was when it already was that letter)
				forged := maps.Clone(p.Fields)
				for k, val := range forged {
					if k == "token" || k == "Signature" {
						b := []byte(val)
						if i := len(b) / 2; b[i] == 'A' {
							b[i] = 'B'
						} else {
							b[i] = 'A'
						}
						forged[k] = string(b)
					}
				}
				return post(t, objstore.Policy{URL: p.URL, Fields: forged}, extra, "image/png", png)
			},
		}
		for name, try := range refused {
			if code, msg := try(); code/100 == 2 {
				t.Errorf("%s: accepted (%d %s)", name, code, msg)
			}
		}
		if v.Keys() != 0 {
			t.Fatalf("refused posts stored %d files", v.Keys())
		}
		if code, msg := post(t, p, extra, "image/png", png); code/100 != 2 {
			t.Fatalf("picture refused: %d %s", code, msg)
		}
		if got, ok := v.Get("a1.png"); !ok || !bytes.Equal(got, png) {
			t.Fatal("the picture is not stored under its key")
		}

		old, err := s.PresignPost(ctx, rules("c3.png", time.Now().Add(time.Hour)))
		if err != nil {
			t.Fatal(err)
		}
		v.Now = func() time.Time { return time.Now().Add(time.Hour + time.Second) }
		if code, msg := post(t, old, extra, "image/png", png); code/100 == 2 || v.Keys() != 1 {
			t.Fatalf("expired token accepted: %d %s", code, msg)
		}
	})
}

// The tokens are the vendors' formats, byte for byte: Qiniu's AK:sign:policy with URL-safe
// base64 and a deadline in Unix seconds; OSS's base64 policy with content-length-range, the key
// and the type, signed with HMAC-SHA1.
func TestTokenFormats(t *testing.T) {
	deadline := time.Date(2026, 11, 26, 8, 0, 0, 0, time.UTC)
	q, _ := formupload.NewQiniu(formupload.Config{UploadURL: "https://upload.example.com", AccessKey: "AK", SecretKey: "SK", Bucket: "b"})
	p, _ := q.PresignPost(context.Background(), objstore.PostRules{Key: "k.png", MaxBytes: 5 << 20, Expires: deadline})
	parts := strings.Split(p.Fields["token"], ":")
	if len(parts) != 3 || parts[0] != "AK" {
		t.Fatalf("token %q", p.Fields["token"])
	}
	raw, _ := base64.URLEncoding.DecodeString(parts[2])
	want := `{"scope":"b:k.png","deadline":1795680000,"insertOnly":1,"fsizeLimit":5242880,"mimeLimit":"image/png;image/jpeg;image/gif;image/webp;image/bmp"}`
	if string(raw) != want {
		t.Fatalf("put policy %s\nwant %s", raw, want)
	}
	if p.Fields["token"] != formupload.QiniuToken("AK", "SK", []byte(want)) {
		t.Fatal("token not the signature of its policy")
	}
	// Qiniu's documented example: the signature of this policy with this secret
	if got := formupload.QiniuToken("MY_ACCESS_KEY", "MY_SECRET_KEY",
		[]byte(`{"scope":"my-bucket:sunflower.jpg","deadline":1451491200,"returnBody":"{\"name\":$(fname),\"size\":$(fsize),\"w\":$(imageInfo.width),\"h\":$(imageInfo.height),\"hash\":$(etag)}"}`)); !strings.HasPrefix(got, "MY_ACCESS_KEY:wQ4ofysef1R7IKnrziqtomqyDvI=:") {
		t.Fatalf("Qiniu's example token: %s", got)
	}

	o, _ := formupload.NewOSS(formupload.Config{UploadURL: "https://b.oss.example.com", AccessKey: "AK", SecretKey: "SK"})
	p, _ = o.PresignPost(context.Background(), objstore.PostRules{Key: "k.png", ContentType: "image/png", MaxBytes: 10, Expires: deadline})
	raw, _ = base64.StdEncoding.DecodeString(p.Fields["policy"])
	var doc map[string]any
	_ = json.Unmarshal(raw, &doc)
	if string(raw) != `{"expiration":"2026-11-26T08:00:00.000Z","conditions":[["content-length-range",1,10],["eq","$key","k.png"],["eq","$Content-Type","image/png"],["starts-with","$success_action_status","201"]]}` {
		t.Fatalf("oss policy %s", raw)
	}
	if p.Fields["Signature"] != formupload.OSSSignature("SK", p.Fields["policy"]) || p.Fields["OSSAccessKeyId"] != "AK" ||
		p.Fields["success_action_status"] != "201" {
		t.Fatalf("oss fields %v", p.Fields)
	}
}

// Settings are checked when the provider is made: no secret, no bucket (Qiniu), a bad URL.
func TestConfigRules(t *testing.T) {
	if _, err := formupload.NewQiniu(formupload.Config{UploadURL: "https://u", AccessKey: "a", SecretKey: "s"}); err == nil {
		t.Fatal("qiniu without a bucket")
	}
	if _, err := formupload.NewOSS(formupload.Config{UploadURL: "ftp://u", AccessKey: "a", SecretKey: "s"}); err == nil {
		t.Fatal("oss with ftp")
	}
	if _, err := formupload.NewOSS(formupload.Config{UploadURL: "https://u", AccessKey: "a"}); err == nil {
		t.Fatal("oss without a secret")
	}
}
