package web

import (
	"strings"
	"testing"
)

// TestPolicyUploads: a bucket the page posts pictures to is allowed for connections only, never
// as a source of scripts, styles or pictures.
func TestPolicyUploads(t *testing.T) {
	csp := Policy{Uploads: []string{"https://s3.example.com:9000", "https://pics.s3.example.com:9000"}}.header([]byte("<html></html>"))
	for _, d := range strings.Split(csp, "; ") {
		name, _, _ := strings.Cut(d, " ")
		has := strings.Contains(d, "s3.example.com")
		if want := name == "connect-src"; has != want {
			t.Errorf("%s: names the bucket %v, want %v", d, has, want)
		}
	}
	if !strings.Contains(csp, "connect-src 'self' https://s3.example.com:9000 https://pics.s3.example.com:9000") {
		t.Errorf("policy %q", csp)
	}
}

// TestPolicyPictures: a vendor bucket's public address is a source of pictures only.
func TestPolicyPictures(t *testing.T) {
	csp := Policy{Pictures: []string{"https://img.example.com"}}.header([]byte("<html></html>"))
	for _, d := range strings.Split(csp, "; ") {
		name, _, _ := strings.Cut(d, " ")
		if has, want := strings.Contains(d, "img.example.com"), name == "img-src"; has != want {
			t.Errorf("%s: names the picture host %v, want %v", d, has, want)
		}
	}
}
