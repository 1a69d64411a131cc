package attach_test

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// multipartBody is a form with one file part (field, name, content) and the text fields.
func multipartBody(t *testing.T, field, name string, content []byte, fields map[string]string) ([]byte, string) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for k, v := range fields {
		if err := mw.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	w, err := mw.CreateFormFile(field, name)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = w.Write(content)
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes(), mw.FormDataContentType()
}

func wantErr(t *testing.T, r apptest.Response, status int, msg string) {
	t.Helper()
	if e := r.Error(t); e.Status != status || e.Message != msg {
		t.Fatalf("got %d %s, want %d %s", r.Status, r.Body, status, msg)
	}
}

// TestUploadCutShort: a body that ends inside the file (a dropped connection, a lying client) is
// the client's fault (400), for uploads and avatars alike, and leaves nothing behind.
func TestUploadCutShort(t *testing.T) {
	eachStore(t, func(t *testing.T, s *apptest.Server) {
		staff := s.Login(t, "staff", apptest.DemoPassword)
		pic := append(append([]byte{}, png...), bytes.Repeat([]byte{7}, 8000)...)
		for path, field := range map[string]string{"/api/contract/upload": "file", "/api/users/updateAvatar": "avatar"} {
			body, ctype := multipartBody(t, field, "a.png", pic, nil)
			cut := body[:len(body)-4000]
			r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: path, Token: staff, Raw: cut, RawType: ctype})
			wantErr(t, r, 400, "body: 格式错误")
		}
		if got := files(t, s); len(got) != 0 {
			t.Fatalf("cut uploads left files: %v", got)
		}
		var rows int64
		s.DB.Table("attachments").Where("owner_id <> 0").Count(&rows)
		if rows != 0 {
			t.Fatalf("cut uploads left %d rows", rows)
		}
	})
}

// TestUploadFieldsNotUTF8: text fields that are not UTF-8 are refused at the edge (MySQL would
// fail the insert with a 500), and the refusal is in the operation log.
func TestUploadFieldsNotUTF8(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		staff := s.Login(t, "staff", apptest.DemoPassword)
		for _, f := range []string{"type", "code", "orderId", "businessId"} {
			body, ctype := multipartBody(t, "file", "a.png", png, map[string]string{f: "ab\xff\xfe"})
			r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/contract/upload", Token: staff, Raw: body, RawType: ctype})
			wantErr(t, r, 400, f+": 不是有效的UTF-8文本")
		}
		var logged int64
		s.DB.Table("operation_logs").Where("route = ? AND status = ?", "/api/contract/upload", 400).Count(&logged)
		if logged != 4 {
			t.Fatalf("%d refused uploads logged, want 4", logged)
		}
	})
}

// TestDownloadName: the name a file is sent under carries the extension of the type found in its
// content, not the uploader's; bidirectional and zero-width controls are removed from names.
func TestDownloadName(t *testing.T) {
	eachStore(t, func(t *testing.T, s *apptest.Server) {
		staff := s.Login(t, "staff", apptest.DemoPassword)
		up := func(name string, content []byte) answer {
			body, ctype := multipartBody(t, "file", name, content, nil)
			r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/contract/upload", Token: staff, Raw: body, RawType: ctype})
			var a answer
			if r.Status != 201 || json.Unmarshal(r.Body, &a) != nil {
				t.Fatalf("upload %q: %d %s", name, r.Status, r.Body)
			}
			return a
		}
		svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)
		for name, want := range map[string]string{
			"page.html":  `attachment; filename="page.svg"`,
			"noext":      `attachment; filename="noext.svg"`,
			"pic.SVG":    `attachment; filename="pic.SVG"`,
			"pic.png.js": `attachment; filename="pic.png.svg"`,
		} {
			a := up(name, svg)
			if got := s.Get(t, a.DownloadURL, "").Header.Get("Content-Disposition"); !strings.HasPrefix(got, want+";") {
				t.Errorf("%s: disposition %s, want %s", name, got, want)
			}
			if got := s.Get(t, a.ReadURL, "").Header.Get("Content-Disposition"); !strings.HasPrefix(got, strings.Replace(want, "attachment", "inline", 1)+";") {
				t.Errorf("%s: inline disposition %s", name, got)
			}
		}
		// "invoice\u202Egnp.exe" would show as "invoiceexe.png".
		a := up("invoice\u202Egnp\u200B.exe.png", png)
		if a.OriginalName != "invoicegnp.exe.png" {
			t.Fatalf("shown name %q", a.OriginalName)
		}
		for _, r := range "\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069\u200E\u200F\u061C\u200D\u2060\uFEFF" {
			if a := up("a"+string(r)+"b.png", png); a.OriginalName != "ab.png" {
				t.Fatalf("%U kept: %q", r, a.OriginalName)
			}
		}
	})
}
