package objstore_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"mallconsole/bff/internal/platform/memtest"
	"mallconsole/bff/internal/platform/objstore"
	"mallconsole/bff/internal/platform/objstore/s3test"
)

func bucket(t testing.TB) *objstore.Bucket {
	t.Helper()
	b, err := objstore.New(s3test.Start(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Check(context.Background()); err != nil {
		t.Fatal(err)
	}
	return b
}

func keys(t *testing.T, b *objstore.Bucket) []string {
	t.Helper()
	k, err := b.Keys(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// pattern is n bytes that differ from offset to offset, so a misplaced range shows.
func pattern(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*7 + i/251)
	}
	return b
}

func TestPutOpenDelete(t *testing.T) {
	b := bucket(t)
	ctx := context.Background()
	for _, size := range []int{10, 1 << 20, 1<<20 + 1, 11<<20 + 3} { // one PUT; the multipart path over three parts
		key := fmt.Sprintf("k%d.bin", size)
		content := pattern(size)
		n, err := b.Put(ctx, key, bytes.NewReader(content))
		if err != nil || n != int64(size) {
			t.Fatalf("put %d: %d %v", size, n, err)
		}
		f, err := b.Open(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		// ranges and whole reads as the file handler serves them
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.Header.Set("Range", fmt.Sprintf("bytes=%d-%d", size/2, size-1))
		http.ServeContent(rec, req, "", time.Time{}, f)
		if rec.Code != http.StatusPartialContent || !bytes.Equal(rec.Body.Bytes(), content[size/2:]) {
			t.Fatalf("range of %d: %d, %d bytes", size, rec.Code, rec.Body.Len())
		}
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			t.Fatal(err)
		}
		if got, err := io.ReadAll(f); err != nil || !bytes.Equal(got, content) {
			t.Fatalf("read back %d: %d bytes, %v", size, len(got), err)
		}
		rec = httptest.NewRecorder()
		http.ServeContent(rec, httptest.NewRequest(http.MethodGet, "/", nil), "", time.Time{}, f)
		if rec.Code != 200 || !bytes.Equal(rec.Body.Bytes(), content) {
			t.Fatalf("whole of %d: %d, %d bytes", size, rec.Code, rec.Body.Len())
		}
		_ = f.Close()
		if err := b.Delete(ctx, key); err != nil {
			t.Fatal(err)
		}
		if err := b.Delete(ctx, key); !errors.Is(err, objstore.ErrNotFound) {
			t.Fatalf("second delete: %v", err)
		}
		if _, err := b.Open(ctx, key); !errors.Is(err, objstore.ErrNotFound) {
			t.Fatalf("open deleted: %v", err)
		}
	}
	if k := keys(t, b); len(k) != 0 {
		t.Fatalf("left: %v", k)
	}
}

// failing reads n bytes, then fails.
type failing struct{ n int }

var errBody = errors.New("body cut")

func (f *failing) Read(p []byte) (int, error) {
	if f.n <= 0 {
		return 0, errBody
	}
	p = p[:min(len(p), f.n)]
	clear(p)
	f.n -= len(p)
	return len(p), nil
}

// A body that fails, before the first part or after some parts went up, leaves nothing: no
// object and no unfinished multipart upload; the body's error comes back as it is.
func TestFailedPutLeavesNothing(t *testing.T) {
	b := bucket(t)
	for _, n := range []int{100, 12 << 20} {
		if _, err := b.Put(context.Background(), "cut.bin", &failing{n: n}); !errors.Is(err, errBody) {
			t.Fatalf("cut after %d: %v", n, err)
		}
	}
	if k := keys(t, b); len(k) != 0 {
		t.Fatalf("left: %v", k)
	}
}

// A 512 MB upload is held one part at a time: the heap grows by a few parts, not by the file.
func TestPutStreamsWithFlatMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("512 MB upload")
	}
	b := bucket(t)
	const size = 512 << 20
	base := memtest.HeapNow()
	stop := make(chan struct{})
	peak := memtest.PeakHeap(stop)
	n, err := b.Put(context.Background(), "big.bin", io.LimitReader(zeros{}, size))
	close(stop)
	if err != nil || n != size {
		t.Fatalf("put: %d %v", n, err)
	}
	grew := int64(<-peak) - int64(base)
	if grew > 48<<20 {
		t.Fatalf("heap grew by %d MB for a %d MB upload", grew>>20, size>>20)
	}
	t.Logf("heap grew by %.1f MB at most for a %d MB upload", float64(grew)/(1<<20), size>>20)
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// post sends the policy's form with the file's type.
func post(t *testing.T, p objstore.Policy, contentType string, content []byte) (int, string) {
	t.Helper()
	fields := maps.Clone(p.Fields)
	fields["Content-Type"] = contentType
	return s3test.PostForm(t, p.URL, fields, content)
}

// The presigned POST is enforced by the service: the key, the type and the size.
func TestPresignedPost(t *testing.T) {
	b := bucket(t)
	ctx := context.Background()
	png := append([]byte("\x89PNG\r\n\x1a\n"), pattern(200)...)
	rules := objstore.PostRules{Key: "0123456789abcdef0123456789abcdef.png", ContentType: "image/png", MaxBytes: 1000,
		Expires: time.Now().Add(time.Hour)}
	p, err := b.PresignPost(ctx, rules)
	if err != nil {
		t.Fatal(err)
	}
	if code, msg := post(t, p, "image/png", png); code/100 != 2 {
		t.Fatalf("post: %d %s", code, msg)
	}
	f, err := b.Open(ctx, rules.Key)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(f)
	_ = f.Close()
	if !bytes.Equal(got, png) {
		t.Fatalf("stored %d bytes", len(got))
	}
	_ = b.Delete(ctx, rules.Key)

	for name, tc := range map[string]struct {
		ctype   string
		content []byte
		want    string // the service's reason
	}{
		"too large":  {"image/png", append(png, make([]byte, 1000)...), "EntityTooLarge"},
		"not image":  {"text/html", []byte("<script>alert(1)</script>"), `Policy Condition failed: [&#34;eq&#34;,&#34;$Content-Type&#34;`},
		"other type": {"image/svg+xml", []byte("<svg/>"), "Policy Condition failed"},
		"empty":      {"image/png", nil, "EntityTooSmall"},
	} {
		if code, msg := post(t, p, tc.ctype, tc.content); code/100 != 4 || !strings.Contains(msg, tc.want) {
			t.Errorf("%s: %d %s, want a refusal for %s", name, code, msg, tc.want)
		}
	}
	expired := rules
	expired.Expires = time.Now().Add(-time.Minute)
	p, err = b.PresignPost(ctx, expired)
	if err != nil {
		t.Fatal(err)
	}
	if code, msg := post(t, p, "image/png", png); code != http.StatusForbidden || !strings.Contains(msg, "xpired") {
		t.Errorf("expired policy: %d %s", code, msg)
	}
	if k := keys(t, b); len(k) != 0 {
		t.Fatalf("refused posts left: %v", k)
	}
}

// BenchmarkPut100MB streams 100 MB into versitygw (posix backend, loopback) and reads it back:
// the storage alone, without HTTP in front.
func BenchmarkPut100MB(b *testing.B) {
	bk := bucket(b)
	ctx := context.Background()
	const size = 100 << 20
	b.Run("put", func(b *testing.B) {
		b.SetBytes(size)
		for b.Loop() {
			if _, err := bk.Put(ctx, "bench.bin", io.LimitReader(zeros{}, size)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("get", func(b *testing.B) {
		b.SetBytes(size)
		for b.Loop() {
			f, err := bk.Open(ctx, "bench.bin")
			if err != nil {
				b.Fatal(err)
			}
			if n, err := io.Copy(io.Discard, f); err != nil || n != size {
				b.Fatal(n, err)
			}
			_ = f.Close()
		}
	})
}
