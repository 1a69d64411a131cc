package attach_test

import (
	"bytes"
	"maps"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/formupload/vendortest"
	"mallconsole/bff/internal/platform/httpx"
)

// With BFF_IMAGE_UPLOAD=qiniu or oss the editor is told to post the picture straight to the
// vendor with a token the BFF signed: the vendor (a local server that checks as the real one)
// stores it under the key, refuses a larger file and an expired token; the picture is read at
// the vendor's public address and the BFF keeps no row for it.
func TestImagePolicyVendors(t *testing.T) {
	for _, provider := range []string{config.ImageQiniu, config.ImageOSS} {
		t.Run(provider, func(t *testing.T) {
			v := vendortest.Qiniu(t)
			if provider == config.ImageOSS {
				v = vendortest.OSS(t)
			}
			s := apptest.Start(t, "sqlite", func(c *config.Config) {
				c.UploadMaxMB = 1
				c.Image = config.ImageUpload{Provider: provider, UploadURL: v.URL, ReadURL: v.URL + "/", AccessKey: v.AccessKey,
					SecretKey: v.SecretKey, Hours: 2}
				if provider == config.ImageQiniu {
					c.Image.Bucket = v.Bucket
				}
			})
			s.Clock.Advance(time.Since(s.Clock.Now())) // the vendor checks the deadline against the real time
			staff := s.Login(t, "staff", apptest.DemoPassword)
			var before, after int64
			s.DB.Table("attachments").Count(&before)
			r, p := askPolicy(t, s, staff, "image/png")
			if r.Status != 200 || p.Storage != provider || p.MaxBytes != 1<<20 || p.URL != v.URL+"/" || p.ReadURL != v.URL+"/"+p.Key ||
				p.Fields["key"] != p.Key {
				t.Fatalf("policy: %d %s", r.Status, r.Body)
			}
			if want := httpx.FormatTime(s.Clock.Now().Add(2 * 3600 * time.Second)); p.ExpiresAt != want {
				t.Fatalf("expires %s, want %s (2 hours × 3600 s)", p.ExpiresAt, want)
			}
			fields := maps.Clone(p.Fields)
			if provider == config.ImageOSS {
				fields["Content-Type"] = "image/png"
			}
			if code, msg := vendortest.Post(t, p.URL, fields, "image/png", append(append([]byte{}, png...), make([]byte, 1<<20)...)); code/100 == 2 {
				t.Fatalf("too large accepted: %d %s", code, msg)
			}
			if code, msg := vendortest.Post(t, p.URL, fields, "image/png", png); code/100 != 2 {
				t.Fatalf("picture refused: %d %s", code, msg)
			}
			if got, ok := v.Get(p.Key); !ok || !bytes.Equal(got, png) {
				t.Fatal("the vendor did not store the picture under the key")
			}
			s.DB.Table("attachments").Count(&after)
			if after != before {
				t.Fatalf("%d attachment rows for a vendor picture", after-before)
			}
			_, late := askPolicy(t, s, staff, "image/png")
			v.Now = func() time.Time { return time.Now().Add(2*time.Hour + time.Second) }
			late.Fields["Content-Type"] = "image/png"
			if provider == config.ImageQiniu {
				delete(late.Fields, "Content-Type")
			}
			if code, msg := vendortest.Post(t, late.URL, late.Fields, "image/png", png); code/100 == 2 {
				t.Fatalf("expired token accepted: %d %s", code, msg)
			}
		})
	}
}
