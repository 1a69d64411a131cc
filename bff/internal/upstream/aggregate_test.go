package upstream_test

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"testing"
	"time"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/seed"
	"mallconsole/bff/internal/upstream"
)

func TestGatherAnswersWithWhatIsReady(t *testing.T) {
	start := time.Now()
	out, failed := upstream.Gather(context.Background(), 300*time.Millisecond,
		upstream.Part{Name: "goods", Fetch: func(context.Context) (any, error) { return 12, nil }},
		upstream.Part{Name: "orders", Fetch: func(context.Context) (any, error) { return nil, errors.New("down") }},
		upstream.Part{Name: "slow", Fetch: func(ctx context.Context) (any, error) {
			<-ctx.Done() // gives up when the deadline passes
			time.Sleep(50 * time.Millisecond)
			return 1, nil
		}},
		upstream.Part{Name: "panics", Fetch: func(context.Context) (any, error) { panic("bug") }},
	)
	if took := time.Since(start); took < 300*time.Millisecond || took > 2*time.Second {
		t.Fatalf("took %s", took)
	}
	b, _ := json.Marshal(out)
	want := `{"goods":12,"orders":{"part":"orders","status":"unavailable"},"panics":{"part":"panics","status":"unavailable"},"slow":{"part":"slow","status":"unavailable"}}`
	if string(b) != want {
		t.Fatalf("got  %s\nwant %s", b, want)
	}
	if len(failed) != 3 {
		t.Fatalf("failures = %v", failed)
	}
	for _, f := range failed {
		if f.Part == "slow" && !errors.Is(f.Err, upstream.ErrPartTimeout) {
			t.Fatalf("slow: %v", f.Err)
		}
	}
}

func TestGatherRunsPartsInParallel(t *testing.T) {
	part := func(name string) upstream.Part {
		return upstream.Part{Name: name, Fetch: func(context.Context) (any, error) {
			time.Sleep(200 * time.Millisecond)
			return name, nil
		}}
	}
	start := time.Now()
	out, failed := upstream.Gather(context.Background(), 5*time.Second, part("a"), part("b"), part("c"), part("d"))
	if took := time.Since(start); took > 600*time.Millisecond || len(failed) != 0 || out["d"] != "d" {
		t.Fatalf("%s %v %v", took, out, failed)
	}
}

// A local part and two upstream parts, one of whose upstreams is down: 200 with the down part
// marked, fetched with the caller's identity.
func TestGatherWithUpstreamParts(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "http://" + ln.Addr().String()
	ln.Close()
	s, o := edge(t, "/api/legacy=%s/base,/api/gone="+dead, 5*time.Second)
	p := &authz.Principal{UserID: 2, SessionID: "s", Kind: authz.KindStaff, Username: seed.StaffUser, Perms: []string{"order:list"}}
	ups := s.App.Upstreams
	if !ups.Covers("/api/legacy/orders") || ups.Covers("/api/local") {
		t.Fatal("Covers")
	}
	fetch := func(path string) func(ctx context.Context) (any, error) {
		return func(ctx context.Context) (any, error) {
			var v any
			return v, ups.GetJSON(ctx, p, path, &v)
		}
	}
	out, failed := upstream.Gather(context.Background(), 2*time.Second,
		upstream.Part{Name: "local", Fetch: func(context.Context) (any, error) { return map[string]int{"users": 3}, nil }},
		upstream.Part{Name: "orders", Fetch: fetch("/api/legacy/orders?page=0")},
		upstream.Part{Name: "sales", Fetch: fetch("/api/gone/sales")},
		upstream.Part{Name: "nowhere", Fetch: fetch("/api/none")},
	)
	b, _ := json.Marshal(out)
	want := `{"local":{"users":3},"nowhere":{"part":"nowhere","status":"unavailable"},"orders":{"content":[{"id":1}],"totalElements":1},"sales":{"part":"sales","status":"unavailable"}}`
	if string(b) != want || len(failed) != 2 {
		t.Fatalf("got  %s\nwant %s\n%v", b, want, failed)
	}
	if o.calls.Load() != 1 {
		t.Fatalf("origin calls = %d", o.calls.Load())
	}
}
