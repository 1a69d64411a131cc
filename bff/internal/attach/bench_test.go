package attach_test

import (
	"bytes"
	"io"
	"testing"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/config"
)

// benchUpload posts a PDF of size bytes through the real server started with setups, as the
// staff user: throughput is the MB/s column.
func benchUpload(b *testing.B, size int, setups ...apptest.Setup) {
	s := apptest.Start(b, "sqlite", setups...)
	tok := s.Login(b, "staff", apptest.DemoPassword)
	content := append([]byte("%PDF-1.7\n"), make([]byte, size-9)...)
	b.SetBytes(int64(len(content)))
	b.ResetTimer()
	for b.Loop() {
		res := upload(b, s, tok, "big.pdf", bytes.NewReader(content), nil)
		_, _ = io.Copy(io.Discard, res.Body)
		if res.StatusCode != 201 {
			b.Fatalf("status %d", res.StatusCode)
		}
	}
}

// BenchmarkUpload50MB posts a 50 MB PDF to local disk.
func BenchmarkUpload50MB(b *testing.B) { benchUpload(b, 50<<20) }

// BenchmarkUpload100MB posts a 100 MB PDF to each storage: local disk, and an S3 bucket of
// versitygw (posix backend) on loopback.
func BenchmarkUpload100MB(b *testing.B) {
	limit := func(c *config.Config) { c.UploadMaxMB = 200 }
	b.Run("disk", func(b *testing.B) { benchUpload(b, 100<<20, limit) })
	b.Run("s3", func(b *testing.B) { benchUpload(b, 100<<20, limit, apptest.WithS3(b)) })
}
