package attach_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/objstore"
)

var png = append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{0}, 100)...)

type answer struct {
	ID           int64  `json:"id"`
	URL          string `json:"url"`
	OriginalName string `json:"originalName"`
	URI          string `json:"uri"`
	ReadURL      string `json:"readUrl"`
	DownloadURL  string `json:"downloadUrl"`
	FileType     string `json:"fileType"`
	Size         int64  `json:"size"`
}

// upload posts a multipart form: the file (when name is not empty) and the fields.
func upload(t testing.TB, s *apptest.Server, token, name string, content io.Reader, fields map[string]string) *http.Response {
	t.Helper()
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		for k, v := range fields {
			_ = mw.WriteField(k, v)
		}
		if name != "" {
			w, _ := mw.CreateFormFile("file", name)
			if _, err := io.Copy(w, content); err != nil {
				pw.CloseWithError(err)
				return
			}
		}
		pw.CloseWithError(mw.Close())
	}()
	req, _ := http.NewRequest(http.MethodPost, s.URL+"/api/contract/upload", pr)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	return res
}

func wantStatus(t *testing.T, res *http.Response, status int, msg string) {
	t.Helper()
	var e apptest.Envelope
	b, _ := io.ReadAll(res.Body)
	_ = json.Unmarshal(b, &e)
	if res.StatusCode != status || (msg != "" && e.Message != msg) {
		t.Fatalf("got %d %s, want %d %q", res.StatusCode, b, status, msg)
	}
}

// files lists what the server's storage holds: the upload directory, or the bucket (with any
// unfinished multipart upload).
// files lists the stored files but those the program made itself (owner 0: the demo contract
// template's PDF, written at start).
func files(t *testing.T, s *apptest.Server) []string {
	t.Helper()
	var own []string
	s.DB.Table("attachments").Where("owner_id = 0").Pluck("stored_name", &own)
	return slices.DeleteFunc(stored(t, s), func(k string) bool { return slices.Contains(own, k) })
}

func stored(t *testing.T, s *apptest.Server) []string {
	t.Helper()
	if c := s.Config.S3; c.Bucket != "" {
		b, err := objstore.New(objstore.Config{Endpoint: c.Endpoint, Region: c.Region, Bucket: c.Bucket, AccessKey: c.AccessKey, SecretKey: c.SecretKey})
		if err != nil {
			t.Fatal(err)
		}
		keys, err := b.Keys(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return keys
	}
	entries, _ := os.ReadDir(filepath.Join(s.Config.DataDir, "uploads"))
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// eachStore runs body on local disk with every store variant, and on S3 (versitygw) with SQLite.
func eachStore(t *testing.T, body func(t *testing.T, s *apptest.Server), setups ...apptest.Setup) {
	t.Helper()
	apptest.Each(t, body, setups...)
	t.Run("s3", func(t *testing.T) {
		t.Parallel()
		body(t, apptest.Start(t, "sqlite", append(setups, apptest.WithS3(t))...))
	})
}

func TestUpload(t *testing.T) {
	eachStore(t, func(t *testing.T, s *apptest.Server) {
		staff := s.Login(t, "staff", apptest.DemoPassword)
		admin := s.Login(t, "admin", apptest.AdminPassword)
		channel := s.ChannelLogin(t, "channel", apptest.DemoPassword)

		// (no type: only the registered ones may be named, "contract" and "contractTemplate" with the contract package's rules, see contract/files.go)
		res := upload(t, s, staff, `..\..\合同 1.png`, bytes.NewReader(png), map[string]string{"type": "", "code": "C1", "orderId": "9", "businessId": "b"})
		if res.StatusCode != http.StatusCreated {
			wantStatus(t, res, 201, "")
		}
		var a answer
		if err := json.NewDecoder(res.Body).Decode(&a); err != nil {
			t.Fatal(err)
		}
		if a.OriginalName != "合同 1.png" || a.URI != a.ReadURL || a.URL != a.URI || a.DownloadURL != a.URI+"/download" ||
			a.FileType != "png" || a.Size != int64(len(png)) || !strings.HasPrefix(a.URI, "/api/files/") || strings.Contains(a.URI, "合同") {
			t.Fatalf("answer = %+v", a)
		}
		if got := files(t, s); len(got) != 1 || "/api/files/"+got[0] != a.URI {
			t.Fatalf("stored files = %v (generated names only)", got)
		}

		// read back: inline, and as a download with the original name
		r := s.Get(t, a.ReadURL, "")
		if r.Status != 200 || !bytes.Equal(r.Body, png) || r.Header.Get("Content-Type") != "image/png" ||
			r.Header.Get("X-Content-Type-Options") != "nosniff" || !strings.HasPrefix(r.Header.Get("Content-Disposition"), "inline;") ||
			!strings.Contains(r.Header.Get("Content-Security-Policy"), "sandbox") {
			t.Fatalf("read: %d %v", r.Status, r.Header)
		}
		r = s.Do(t, apptest.Request{Method: http.MethodGet, Path: a.ReadURL, Header: http.Header{"Range": {"bytes=8-15"}}})
		if r.Status != http.StatusPartialContent || !bytes.Equal(r.Body, png[8:16]) || r.Header.Get("Content-Range") != "bytes 8-15/108" {
			t.Fatalf("range: %d %v %q", r.Status, r.Header, r.Body)
		}
		r = s.Get(t, a.DownloadURL, "")
		if want := `attachment; filename="__ 1.png"; filename*=UTF-8''%E5%90%88%E5%90%8C%201.png`; r.Header.Get("Content-Disposition") != want {
			t.Fatalf("download disposition = %s", r.Header.Get("Content-Disposition"))
		}
		if r := s.Get(t, "/api/files/0123456789abcdef0123456789abcdef.png", ""); r.Status != 404 {
			t.Fatalf("unknown file: %d", r.Status)
		}
		if r := s.Get(t, "/api/files/..%2F..%2Fbff.db", ""); r.Status != 404 {
			t.Fatalf("path outside the store: %d", r.Status)
		}

		// the type is checked by content, not by name
		wantStatus(t, upload(t, s, staff, "evil.png", strings.NewReader("<script>alert(1)</script>"), nil), 400,
			"file: 不支持的文件类型（允许：pdf, png, jpg, gif, webp, bmp, svg, doc, docx, xls, xlsx, zip）")
		wantStatus(t, upload(t, s, staff, "a.pdf", strings.NewReader("MZ\x90\x00 an executable"), nil), 400, "")
		wantStatus(t, upload(t, s, staff, "empty.png", strings.NewReader(""), nil), 400, "file: 文件为空")
		wantStatus(t, upload(t, s, staff, "", nil, map[string]string{"code": "x"}), 400, "file: 不能为空")
		wantStatus(t, upload(t, s, staff, "a.png", bytes.NewReader(png), map[string]string{"code": strings.Repeat("x", 65)}), 400, "code: 太长（最多64个字符）")
		wantStatus(t, upload(t, s, "", "a.png", bytes.NewReader(png), nil), 401, "未登录")
		if r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/contract/upload", Token: staff, JSON: map[string]string{}}); r.Status != 400 {
			t.Fatalf("JSON upload: %d", r.Status)
		}
		if got := files(t, s); len(got) != 1 {
			t.Fatalf("refused uploads left files: %v", got)
		}

		// delete: not by another user without attach:del, by the owner, by the admin
		del := func(tok string, id any) apptest.Response {
			return s.Do(t, apptest.Request{Method: http.MethodDelete, Path: "/api/actattach/delete/" + strings.TrimSpace(jsonText(id)), Token: tok})
		}
		if r := del(channel, a.ID); r.Status != 403 {
			t.Fatalf("other user's delete: %d %s", r.Status, r.Body)
		}
		if r := del(staff, "abc"); r.Status != 400 {
			t.Fatalf("bad id: %d", r.Status)
		}
		if r := del(staff, a.ID); r.Status != 200 {
			t.Fatalf("owner's delete: %d %s", r.Status, r.Body)
		}
		if r := s.Get(t, a.ReadURL, ""); r.Status != 404 {
			t.Fatalf("deleted file still read: %d", r.Status)
		}
		if r := del(staff, a.ID); r.Status != 404 {
			t.Fatalf("second delete: %d", r.Status)
		}
		res = upload(t, s, channel, "b.pdf", strings.NewReader("%PDF-1.7\n..."), nil)
		_ = json.NewDecoder(res.Body).Decode(&a)
		if r := del(admin, a.ID); r.Status != 200 {
			t.Fatalf("admin's delete: %d", r.Status)
		}
		if got := files(t, s); len(got) != 0 {
			t.Fatalf("files after deletes: %v", got)
		}
	})
}

func jsonText(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// The limit is enforced while the file streams: the server answers 413 without storing it.
func TestUploadTooBig(t *testing.T) {
	eachStore(t, func(t *testing.T, s *apptest.Server) {
		staff := s.Login(t, "staff", apptest.DemoPassword)
		big := io.MultiReader(bytes.NewReader(png), bytes.NewReader(make([]byte, 1<<20)))
		wantStatus(t, upload(t, s, staff, "big.png", big, nil), 413, "file: 文件大小不能超过1MB")
		exact := io.MultiReader(bytes.NewReader(png), bytes.NewReader(make([]byte, 1<<20-len(png))))
		if res := upload(t, s, staff, "exact.png", exact, nil); res.StatusCode != 201 {
			wantStatus(t, res, 201, "")
		}
		if got := files(t, s); len(got) != 1 {
			t.Fatalf("files = %v, want only the one within the limit", got)
		}
	}, func(c *config.Config) { c.UploadMaxMB = 1 })
}
