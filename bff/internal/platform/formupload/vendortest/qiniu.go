package vendortest

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// Qiniu answers form uploads (POST / with token, key, file) as Qiniu's upload host does: 401 for
// a bad token, 403 for an expired one or a key outside the scope, 413 over fsizeLimit, 403 for
// a type outside mimeLimit (detected from the content), 614 for a key that exists; 200 with
// {"hash","key"} when stored.
func Qiniu(t testing.TB) *Server {
	return start(t, func(s *Server, w http.ResponseWriter, f form) {
		code, msg := s.qiniu(f)
		if code != http.StatusOK {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(code)
			_ = json.NewEncoder(w).Encode(map[string]string{"error": msg})
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]string{"hash": fmt.Sprintf("%x", len(f.file)), "key": f.fields["key"]})
	})
}

func (s *Server) qiniu(f form) (int, string) {
	parts := strings.Split(f.fields["token"], ":")
	if len(parts) != 3 || parts[0] != s.AccessKey {
		return http.StatusUnauthorized, "bad token"
	}
	sign, err := base64.URLEncoding.DecodeString(parts[1])
	if err != nil || !validMAC(s.SecretKey, parts[2], sign) {
		return http.StatusUnauthorized, "bad token"
	}
	raw, err := base64.URLEncoding.DecodeString(parts[2])
	var p struct {
		Scope      string `json:"scope"`
		Deadline   int64  `json:"deadline"`
		InsertOnly int    `json:"insertOnly"`
		FsizeLimit int64  `json:"fsizeLimit"`
		MimeLimit  string `json:"mimeLimit"`
	}
	if err != nil || json.Unmarshal(raw, &p) != nil {
		return http.StatusBadRequest, "invalid put policy"
	}
	if s.Now().Unix() > p.Deadline {
		return http.StatusUnauthorized, "expired token"
	}
	bucket, key, _ := strings.Cut(p.Scope, ":")
	if bucket != s.Bucket {
		return http.StatusForbidden, "no such bucket"
	}
	if key != "" && f.fields["key"] != key {
		return http.StatusForbidden, "key doesn't match with scope"
	}
	if !f.hasFile {
		return http.StatusBadRequest, "file is empty"
	}
	if p.FsizeLimit > 0 && int64(len(f.file)) > p.FsizeLimit {
		return http.StatusRequestEntityTooLarge, "exceed FsizeLimit"
	}
	detected := strings.TrimSpace(strings.Split(http.DetectContentType(f.file), ";")[0])
	if p.MimeLimit != "" && !typeMatches(p.MimeLimit, detected) {
		return http.StatusForbidden, "limited mimeType: " + detected
	}
	if !s.put(f.fields["key"], f.file, detected) {
		return 614, "file exists"
	}
	return http.StatusOK, ""
}
