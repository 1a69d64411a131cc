package attach_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"maps"
	"net/http"
	"strings"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/objstore/s3test"
)

type imagePolicy struct {
	Storage   string            `json:"storage"`
	MaxBytes  int64             `json:"maxBytes"`
	URL       string            `json:"url"`
	Fields    map[string]string `json:"fields"`
	Key       string            `json:"key"`
	ReadURL   string            `json:"readUrl"`
	ExpiresAt string            `json:"expiresAt"`
}

func askPolicy(t *testing.T, s *apptest.Server, token, contentType string) (apptest.Response, imagePolicy) {
	t.Helper()
	r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/files/imagePolicy", Token: token,
		JSON: map[string]string{"contentType": contentType}})
	var p imagePolicy
	if r.Status == 200 {
		r.JSON(t, &p)
	}
	return r, p
}

// postDirect posts the policy's fields, the declared type and the file to the bucket, as the
// editor does.
func postDirect(t *testing.T, p imagePolicy, contentType string, content []byte) (int, string) {
	t.Helper()
	fields := maps.Clone(p.Fields)
	fields["Content-Type"] = contentType
	return s3test.PostForm(t, p.URL, fields, content)
}

// On local disk the policy says so (the editor keeps posting to the BFF); bad types and
// anonymous callers are refused whatever the storage.
func TestImagePolicyLocal(t *testing.T) {
	eachStore(t, func(t *testing.T, s *apptest.Server) {
		staff := s.Login(t, "staff", apptest.DemoPassword)
		if r, _ := askPolicy(t, s, "", "image/png"); r.Status != 401 {
			t.Fatalf("anonymous: %d", r.Status)
		}
		for _, ct := range []string{"image/svg+xml", "text/html", ""} {
			wantErr(t, func() apptest.Response { r, _ := askPolicy(t, s, staff, ct); return r }(), 400,
				"contentType: 不支持的图片类型（允许：png, jpg, gif, webp, bmp）")
		}
		if s.Config.S3.Bucket != "" {
			return
		}
		r, p := askPolicy(t, s, staff, "image/png")
		if r.Status != 200 || p.Storage != "local" || p.MaxBytes != 5<<20 || p.URL != "" || p.Fields != nil {
			t.Fatalf("local policy: %d %s", r.Status, r.Body)
		}
	})
}

// With S3 the editor posts straight to the bucket under the policy: the picture is then read
// through the BFF like any upload; the bucket refuses a larger file, another type, an expired
// policy; the policy lasts hours × 3600 s.
func TestImagePolicyS3(t *testing.T) {
	s := apptest.Start(t, "sqlite", apptest.WithS3(t), func(c *config.Config) { c.UploadMaxMB = 1 })
	s.Clock.Advance(time.Since(s.Clock.Now())) // the bucket checks the expiry against the real time
	staff := s.Login(t, "staff", apptest.DemoPassword)
	r, p := askPolicy(t, s, staff, "image/png")
	if r.Status != 200 || p.Storage != "s3" || p.MaxBytes != 1<<20 || p.ReadURL != "/api/files/"+p.Key ||
		!strings.HasSuffix(p.Key, ".png") || p.Fields["key"] != p.Key || p.Fields["policy"] == "" {
		t.Fatalf("s3 policy: %d %s", r.Status, r.Body)
	}
	raw, _ := base64.StdEncoding.DecodeString(p.Fields["policy"])
	var doc struct {
		Expiration time.Time `json:"expiration"`
		Conditions []any     `json:"conditions"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	if want := s.Clock.Now().Add(2 * 3600 * time.Second); doc.Expiration.Sub(want).Abs() > time.Second {
		t.Fatalf("expiration %s, want %s (2 hours × 3600 s)", doc.Expiration, want)
	}
	if !strings.Contains(string(raw), `["content-length-range", 1, 1048576]`) {
		t.Fatalf("no size limit in %s", raw)
	}

	// not yet posted: nothing to read
	if r := s.Get(t, p.ReadURL, ""); r.Status != 404 {
		t.Fatalf("read before the post: %d", r.Status)
	}
	for name, tc := range map[string]struct {
		ctype   string
		content []byte
	}{
		"too large": {"image/png", append(append([]byte{}, png...), make([]byte, 1<<20)...)},
		"not image": {"text/html", []byte("<script>alert(1)</script>")},
	} {
		if code, msg := postDirect(t, p, tc.ctype, tc.content); code/100 != 4 {
			t.Errorf("%s: %d %s", name, code, msg)
		}
	}
	if got := files(t, s); len(got) != 0 {
		t.Fatalf("refused posts stored %v", got)
	}
	if code, msg := postDirect(t, p, "image/png", png); code/100 != 2 {
		t.Fatalf("post: %d %s", code, msg)
	}
	got := s.Get(t, p.ReadURL, "")
	if got.Status != 200 || !bytes.Equal(got.Body, png) || got.Header.Get("Content-Type") != "image/png" ||
		got.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Fatalf("read: %d %v", got.Status, got.Header)
	}
	var owner int64
	s.DB.Table("attachments").Select("owner_id").Where("stored_name = ?", p.Key).Scan(&owner)
	if owner == 0 {
		t.Fatal("the picture is no one's attachment")
	}
}
