package attach_test

import (
	"bytes"
	"io"
	"testing"

	"mallconsole/bff/internal/apptest"
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
