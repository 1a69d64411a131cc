// Package vendortest runs, on loopback, servers that answer form uploads as Qiniu and Aliyun OSS
// do: they recompute the signature with the secret, check the deadline, the key, the size and
// the type, store the file in memory and serve it back at GET /{key} (the bucket's public
// domain). Tests of formupload and of the rich-text picture upload post to them.
package vendortest

import (
	"crypto/hmac"
	"crypto/sha1" //nolint:gosec // the vendors' signature
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// Server is one fake vendor.
type Server struct {
	URL       string
	AccessKey string
	SecretKey string
	Bucket    string
	// Now is the vendor's clock (deadlines are checked against it); default time.Now.
	Now func() time.Time

	mu    sync.Mutex
	files map[string]file
}

type file struct {
	body        []byte
	contentType string
}

func start(t testing.TB, upload func(s *Server, w http.ResponseWriter, f form)) *Server {
	s := &Server{AccessKey: "AK" + t.Name(), SecretKey: "SK-" + t.Name(), Bucket: "pictures", Now: time.Now,
		files: map[string]file{}}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /{$}", func(w http.ResponseWriter, r *http.Request) {
		f, err := readForm(r)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		upload(s, w, f)
	})
	mux.HandleFunc("GET /{key}", func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		f, ok := s.files[r.PathValue("key")]
		s.mu.Unlock()
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", f.contentType)
		_, _ = w.Write(f.body)
	})
	ts := httptest.NewServer(mux) // 127.0.0.1
	t.Cleanup(ts.Close)
	s.URL = ts.URL
	return s
}

// Get is the file stored under key.
func (s *Server) Get(key string) ([]byte, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, ok := s.files[key]
	return f.body, ok
}

// Keys is how many files are stored.
func (s *Server) Keys() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.files)
}

func (s *Server) put(key string, body []byte, contentType string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, taken := s.files[key]; taken {
		return false
	}
	s.files[key] = file{body: body, contentType: contentType}
	return true
}

// form is a multipart form upload: the text fields, and the file with the Content-Type its part
// declared.
type form struct {
	fields   map[string]string
	file     []byte
	fileType string
	hasFile  bool
}

// readForm reads up to 64 MiB; a field after the file is ignored, as the vendors do.
func readForm(r *http.Request) (form, error) {
	f := form{fields: map[string]string{}}
	mr, err := r.MultipartReader()
	if err != nil {
		return f, err
	}
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return f, nil
		}
		if err != nil {
			return f, err
		}
		b, err := io.ReadAll(io.LimitReader(p, 64<<20))
		if err != nil {
			return f, err
		}
		if p.FormName() == "file" {
			f.file, f.fileType, f.hasFile = b, p.Header.Get("Content-Type"), true
			return f, nil
		}
		f.fields[p.FormName()] = string(b)
	}
}

func validMAC(secret, msg string, got []byte) bool {
	m := hmac.New(sha1.New, []byte(secret))
	m.Write([]byte(msg))
	return hmac.Equal(m.Sum(nil), got)
}

// typeMatches says whether t is in a ';'-separated list of types, where "image/*" is any image.
func typeMatches(list, t string) bool {
	for _, want := range strings.Split(list, ";") {
		if want == t || (strings.HasSuffix(want, "/*") && strings.HasPrefix(t, strings.TrimSuffix(want, "*"))) {
			return true
		}
	}
	return false
}

// Post sends fields and then content, last, as the file "file" of contentType to url: what a
// browser's FormData upload does.
func Post(t testing.TB, url string, fields map[string]string, contentType string, content []byte) (int, string) {
	t.Helper()
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		for k, v := range fields {
			_ = mw.WriteField(k, v)
		}
		h := make(map[string][]string)
		h["Content-Disposition"] = []string{`form-data; name="file"; filename="picture"`}
		h["Content-Type"] = []string{contentType}
		w, _ := mw.CreatePart(h)
		_, _ = w.Write(content)
		pw.CloseWithError(mw.Close())
	}()
	res, err := http.Post(url, mw.FormDataContentType(), pr)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}
