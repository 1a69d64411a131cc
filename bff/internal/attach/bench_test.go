package attach_test

import (
	"bytes"
	"io"
	"testing"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/config"
)

// BenchmarkUpload50MB posts a 50 MB PDF through the real server to local disk: throughput is the
// MB/s column.
func BenchmarkUpload50MB(b *testing.B) {
	s := apptest.Start(b, "sqlite")
	tok := s.Login(b, "staff", apptest.DemoPassword)
	content := append([]byte("%PDF-1.7\n"), make([]byte, 50<<20-9)...)
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

// BenchmarkUpload100MB posts a 100 MB PDF through the real server to each storage: local disk,
// and an S3 bucket of versitygw (posix backend) on loopback. MB/s is the throughput.
func BenchmarkUpload100MB(b *testing.B) {
	content := append([]byte("%PDF-1.7\n"), make([]byte, 100<<20-9)...)
	for _, store := range []string{"disk", "s3"} {
		b.Run(store, func(b *testing.B) {
			setups := []apptest.Setup{func(c *config.Config) { c.UploadMaxMB = 200 }}
			if store == "s3" {
				setups = append(setups, apptest.WithS3(b))
			}
			s := apptest.Start(b, "sqlite", setups...)
			tok := s.Login(b, "staff", apptest.DemoPassword)
			b.SetBytes(int64(len(content)))
			b.ResetTimer()
			for b.Loop() {
				res := upload(b, s, tok, "big.pdf", bytes.NewReader(content), nil)
				_, _ = io.Copy(io.Discard, res.Body)
				if res.StatusCode != 201 {
					b.Fatalf("status %d", res.StatusCode)
				}
			}
		})
	}
}
