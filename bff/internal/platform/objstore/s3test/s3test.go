// Package s3test gives tests a real S3-compatible server: versitygw with its posix backend in a
// temporary directory, on a free loopback port, stopped by its PID when the test ends. The binary
// is BFF_TEST_VERSITYGW or $(go env GOPATH)/bin/versitygw (go install
// github.com/versity/versitygw/cmd/versitygw@v1.8.0); without it the test is skipped, or fails
// when CI is set.
package s3test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"mallconsole/bff/internal/platform/objstore"
)

// EnvBinary names the versitygw binary.
const EnvBinary = "BFF_TEST_VERSITYGW"

// Install is the command that provides the binary.
const Install = "go install github.com/versity/versitygw/cmd/versitygw@v1.8.0"

// Binary is the versitygw to run, "" when there is none.
func Binary() string {
	if p := os.Getenv(EnvBinary); p != "" {
		return p
	}
	gopath, err := exec.Command("go", "env", "GOPATH").Output()
	if err != nil {
		return ""
	}
	p := filepath.Join(string(trimNL(gopath)), "bin", "versitygw")
	if _, err := os.Stat(p); err != nil {
		return ""
	}
	return p
}

func trimNL(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}

// Start runs a versitygw with one empty bucket and returns the settings that reach it.
func Start(t testing.TB) objstore.Config {
	t.Helper()
	bin := Binary()
	if bin == "" {
		if os.Getenv("CI") != "" {
			t.Fatalf("versitygw not found (CI is set): %s, or set %s", Install, EnvBinary)
		}
		t.Skipf("versitygw not found: %s, or set %s to run the S3 tests", Install, EnvBinary)
	}
	cfg := objstore.Config{Endpoint: "http://" + freeAddr(t), Region: "us-east-1", Bucket: "uploads",
		AccessKey: "test-" + random(6), SecretKey: random(20)}
	root := t.TempDir()
	cmd := exec.Command(bin, "--access", cfg.AccessKey, "--secret", cfg.SecretKey, "--region", cfg.Region,
		"--port", cfg.Endpoint[len("http://"):], "posix", root)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + root}
	log, err := os.Create(filepath.Join(t.TempDir(), "versitygw.log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", bin, err)
	}
	pid := cmd.Process.Pid
	t.Cleanup(func() {
		if p, err := os.FindProcess(pid); err == nil {
			_ = p.Kill()
		}
		_ = cmd.Wait()
		_ = log.Close()
	})
	b, err := objstore.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for { // bounded by ctx: the server answers within a second or two
		if err = b.MakeBucket(ctx); err == nil {
			return cfg
		}
		select {
		case <-ctx.Done():
			out, _ := os.ReadFile(log.Name())
			t.Fatalf("versitygw (pid %d) did not come up: %v\n%s", pid, err, out)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func freeAddr(t testing.TB) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return "127.0.0.1:" + strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
}

func random(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// PostForm posts fields and then content, last, as the file "file" to url: what a browser does
// with a presigned POST policy. It returns the status and the body (the service's reason).
func PostForm(t testing.TB, url string, fields map[string]string, content []byte) (int, string) {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for k, v := range fields {
		_ = mw.WriteField(k, v)
	}
	w, _ := mw.CreateFormFile("file", "picture")
	_, _ = w.Write(content)
	_ = mw.Close()
	res, err := http.Post(url, mw.FormDataContentType(), &body)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}
