package storefront_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"gorm.io/gorm"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/kv"
	"mallconsole/bff/internal/storefront"
)

// TestSignVector pins the signature to one computed by openssl (the docs' curl example):
//
//	printf 'GET\n/open/v1/skus\ncodes=A1\n1764300000\nabcdefghijklmnop0123\n%s' "$(printf '' | sha256sum | cut -d' ' -f1)" |
//	  openssl dgst -sha256 -hmac sk_test
func TestSignVector(t *testing.T) {
	got := storefront.Sign("sk_test", "GET", "/open/v1/skus", "codes=A1", "1764300000", "abcdefghijklmnop0123", nil)
	if want := "a6e47d9dbdcb9bd6da6a1937e10b0b09226c636d740e4b3831f71b4330d0b881"; got != want {
		t.Fatalf("signature %s, want %s", got, want)
	}
}

func TestSealer(t *testing.T) {
	s, err := storefront.NewSealer([]byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		t.Fatal(err)
	}
	sealed, err := s.Seal("ck_1", "sk_secret")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s.Open("ck_1", sealed); err != nil || got != "sk_secret" {
		t.Fatalf("open: %q %v", got, err)
	}
	if _, err := s.Open("ck_2", sealed); err == nil {
		t.Fatal("a sealed secret opened for another client")
	}
	other, _ := storefront.NewSealer([]byte("another-master-secret-0123456789ab"))
	if _, err := other.Open("ck_1", sealed); err == nil {
		t.Fatal("a sealed secret opened under another key")
	}
	if _, err := storefront.NewSealer([]byte("short")); err == nil {
		t.Fatal("a short master secret was taken")
	}
}

// clock is a settable clock for the verifier and the keys.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

type rig struct {
	url     string
	clock   *clock
	clients *storefront.Clients
	calls   atomic.Int64
	gate    chan struct{} // when set, the write handler waits on it
	fail    atomic.Bool   // the write handler answers 500
	g       *gorm.DB
}

// newRig serves GET /open/v1/ping and POST /open/v1/things behind the verifier (and the key)
// on a fresh database; instances share g and store (a second instance: same arguments).
func newRig(t testing.TB, g *gorm.DB, store kv.Store, c *clock) *rig {
	t.Helper()
	sealer, err := storefront.NewSealer([]byte("test-key-0123456789-0123456789-0123456789"))
	if err != nil {
		t.Fatal(err)
	}
	rg := &rig{clock: c, g: g}
	rg.clients = storefront.NewClients(storefront.NewStore(g), sealer, agency.NewStore(g, nil), c.now)
	v := storefront.NewVerifier(rg.clients, storefront.NewNonces(store), c.now, dbtest.Logger(t))
	idem := storefront.NewIdempotency(g, c.now)
	e := echo.New()
	e.HTTPErrorHandler = httpx.ErrorHandler(dbtest.Logger(t), c.now)
	r := authz.NewRouter(e, nil, nil)
	rule := authz.Signed(v.Middleware, storefront.Scheme)
	r.GET("/open/v1/ping", rule, func(c echo.Context) error {
		return c.JSON(http.StatusOK, map[string]string{"client": storefront.ClientOf(c).ClientID, "q": c.QueryParam("q")})
	})
	r.POST("/open/v1/things", rule, idem.Wrap(func(c echo.Context) error {
		n := rg.calls.Add(1)
		if rg.gate != nil {
			<-rg.gate
		}
		if rg.fail.Load() {
			return echo.NewHTTPError(http.StatusInternalServerError)
		}
		b, _ := io.ReadAll(c.Request().Body)
		if string(b) == `{"bad":true}` {
			return httpx.BadRequest("bad", "不行")
		}
		return c.JSON(http.StatusCreated, map[string]any{"n": n, "body": string(b)})
	}))
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	rg.url = srv.URL
	return rg
}

type call struct {
	method, path, query string
	body                []byte
	clientID, secret    string
	ts                  time.Time
	nonce, key          string
	tamper              func(*http.Request) // after signing
}

var nonceN atomic.Int64

func (rg *rig) do(t testing.TB, c call) (int, string, http.Header) {
	t.Helper()
	if c.method == "" {
		c.method = http.MethodGet
	}
	if c.ts.IsZero() {
		c.ts = rg.clock.now()
	}
	if c.nonce == "" {
		c.nonce = "nonce-" + strconv.FormatInt(time.Now().UnixNano(), 36) + strconv.FormatInt(nonceN.Add(1), 10)
	}
	ts := strconv.FormatInt(c.ts.Unix(), 10)
	u := rg.url + c.path
	if c.query != "" {
		u += "?" + c.query
	}
	req, err := http.NewRequest(c.method, u, bytes.NewReader(c.body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(storefront.HeaderClientID, c.clientID)
	req.Header.Set(storefront.HeaderTimestamp, ts)
	req.Header.Set(storefront.HeaderNonce, c.nonce)
	req.Header.Set(storefront.HeaderSignature, storefront.Sign(c.secret, c.method, c.path, c.query, ts, c.nonce, c.body))
	if c.key != "" {
		req.Header.Set(storefront.HeaderIdempotencyKey, c.key)
	}
	if c.tamper != nil {
		c.tamper(req)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b), res.Header
}

func code(t *testing.T, body string) string {
	t.Helper()
	var e httpx.Envelope
	if err := json.Unmarshal([]byte(body), &e); err != nil {
		t.Fatalf("not an envelope: %s", body)
	}
	return e.Code
}

func wantRefused(t *testing.T, rg *rig, what string, c call, status int, want string) {
	t.Helper()
	st, body, _ := rg.do(t, c)
	if st != status || code(t, body) != want {
		t.Errorf("%s: %d %s, want %d %s", what, st, body, status, want)
	}
}

func TestVerifier(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		c := &clock{t: time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)}
		rg := newRig(t, g, kv.NewSQL(g, c.now), c)
		is, err := rg.clients.Create(ctx, storefront.ClientInput{Name: "店铺"})
		if err != nil {
			t.Fatal(err)
		}
		id, secret := is.Client.ClientID, is.Secret
		ok := call{path: "/open/v1/ping", query: "q=1&b=%E4%B8%AD", clientID: id, secret: secret}
		if st, body, _ := rg.do(t, ok); st != http.StatusOK {
			t.Fatalf("a signed call: %d %s", st, body)
		}

		wantRefused(t, rg, "wrong secret", call{path: "/open/v1/ping", clientID: id, secret: "sk_wrong"}, 401, storefront.CodeBadSignature)
		wantRefused(t, rg, "unknown client", call{path: "/open/v1/ping", clientID: "ck_nobody", secret: secret}, 401, storefront.CodeUnknownClient)
		wantRefused(t, rg, "old timestamp", call{path: "/open/v1/ping", clientID: id, secret: secret, ts: c.now().Add(-5*time.Minute - time.Second)}, 401, storefront.CodeExpired)
		wantRefused(t, rg, "future timestamp", call{path: "/open/v1/ping", clientID: id, secret: secret, ts: c.now().Add(5*time.Minute + time.Second)}, 401, storefront.CodeExpired)
		noSig := ok
		noSig.tamper = func(r *http.Request) { r.Header.Del(storefront.HeaderSignature) }
		wantRefused(t, rg, "no signature", noSig, 401, storefront.CodeMissingHeader)
		shortNonce := ok
		shortNonce.nonce = "short"
		wantRefused(t, rg, "short nonce", shortNonce, 401, storefront.CodeMissingHeader)
		query := ok
		query.tamper = func(r *http.Request) { r.URL.RawQuery = "q=2&b=%E4%B8%AD" }
		wantRefused(t, rg, "query changed", query, 401, storefront.CodeBadSignature)
		reordered := ok
		reordered.tamper = func(r *http.Request) { r.URL.RawQuery = "b=%E4%B8%AD&q=1" }
		wantRefused(t, rg, "query reordered", reordered, 401, storefront.CodeBadSignature)
		body := call{method: http.MethodPost, path: "/open/v1/things", body: []byte(`{"a":1}`), clientID: id, secret: secret, key: "k-body"}
		body.tamper = func(r *http.Request) {
			r.Body = io.NopCloser(bytes.NewReader([]byte(`{"a":2}`)))
			r.ContentLength = 7
		}
		wantRefused(t, rg, "body changed", body, 401, storefront.CodeBadSignature)

		// A nonce is used once, also when the second use is otherwise perfect.
		once := ok
		once.nonce = "the-same-nonce-0001"
		if st, b, _ := rg.do(t, once); st != http.StatusOK {
			t.Fatalf("first use of a nonce: %d %s", st, b)
		}
		wantRefused(t, rg, "replayed", once, 401, storefront.CodeReplayed)
		// … while the window lasts; a bad signature does not use a nonce up.
		bad := ok
		bad.nonce, bad.secret = "nonce-of-a-forgery-1", "sk_wrong"
		wantRefused(t, rg, "forged", bad, 401, storefront.CodeBadSignature)
		bad.secret = secret
		if st, b, _ := rg.do(t, bad); st != http.StatusOK {
			t.Fatalf("a nonce a forgery tried: %d %s", st, b)
		}

		// Rotation: the old secret fails at once, the new one works.
		rot, err := rg.clients.Rotate(ctx, is.Client.ID)
		if err != nil {
			t.Fatal(err)
		}
		wantRefused(t, rg, "old secret after rotation", call{path: "/open/v1/ping", clientID: id, secret: secret}, 401, storefront.CodeBadSignature)
		if st, b, _ := rg.do(t, call{path: "/open/v1/ping", clientID: id, secret: rot.Secret}); st != http.StatusOK {
			t.Fatalf("new secret: %d %s", st, b)
		}
		var used storefront.Client
		g.Where("id = ?", is.Client.ID).Take(&used)
		if used.LastUsedTime == nil || !used.LastUsedTime.Equal(c.now()) {
			t.Errorf("last used %v, want %v", used.LastUsedTime, c.now())
		}
		if err := rg.clients.Revoke(ctx, is.Client.ID); err != nil {
			t.Fatal(err)
		}
		wantRefused(t, rg, "revoked", call{path: "/open/v1/ping", clientID: id, secret: rot.Secret}, 401, storefront.CodeRevoked)
		if _, err := rg.clients.Rotate(ctx, is.Client.ID); err != storefront.ErrRevoked {
			t.Errorf("rotating a revoked client: %v", err)
		}
	})
}

func TestIdempotency(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		c := &clock{t: time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)}
		rg := newRig(t, g, kv.NewSQL(g, c.now), c)
		is, err := rg.clients.Create(ctx, storefront.ClientInput{Name: "店铺"})
		if err != nil {
			t.Fatal(err)
		}
		other, _ := rg.clients.Create(ctx, storefront.ClientInput{Name: "另一个"})
		w := func(key, body string) call {
			return call{method: http.MethodPost, path: "/open/v1/things", body: []byte(body), clientID: is.Client.ClientID,
				secret: is.Secret, key: key}
		}
		st1, b1, _ := rg.do(t, w("k1", `{"x":1}`))
		st2, b2, h2 := rg.do(t, w("k1", `{"x":1}`))
		if st1 != http.StatusCreated || st2 != st1 || b2 != b1 || h2.Get(storefront.HeaderReplayed) != "true" {
			t.Fatalf("retry: %d %s then %d %s %v", st1, b1, st2, b2, h2)
		}
		if n := rg.calls.Load(); n != 1 {
			t.Fatalf("the work ran %d times", n)
		}
		wantRefused(t, rg, "same key, other body", w("k1", `{"x":2}`), 409, storefront.CodeKeyReused)
		noKey := w("", `{"x":1}`)
		if st, b, _ := rg.do(t, noKey); st != http.StatusBadRequest {
			t.Errorf("no key: %d %s", st, b)
		}
		// Keys are per client: another client's k1 is its own.
		oc := w("k1", `{"x":1}`)
		oc.clientID, oc.secret = other.Client.ClientID, other.Secret
		if st, _, h := rg.do(t, oc); st != http.StatusCreated || h.Get(storefront.HeaderReplayed) != "" {
			t.Errorf("another client's key: %d %v", st, h)
		}
		// A refusal of the input is an answer too: kept and replayed.
		st, b, _ := rg.do(t, w("k-bad", `{"bad":true}`))
		st2, b2, _ = rg.do(t, w("k-bad", `{"bad":true}`))
		if st != http.StatusBadRequest || st2 != st || b2 != b {
			t.Errorf("kept 400: %d %s then %d %s", st, b, st2, b2)
		}
		// A server failure is not kept: the retry does the work.
		before := rg.calls.Load()
		rg.fail.Store(true)
		if st, _, _ := rg.do(t, w("k-500", `{}`)); st != http.StatusInternalServerError {
			t.Fatalf("failing: %d", st)
		}
		rg.fail.Store(false)
		if st, _, _ := rg.do(t, w("k-500", `{}`)); st != http.StatusCreated || rg.calls.Load() != before+2 {
			t.Fatalf("retry after a failure: %d, %d calls", st, rg.calls.Load()-before)
		}
		// Expired after 24 h: the key is free again.
		c.add(24*time.Hour + time.Second)
		if st, _, h := rg.do(t, w("k1", `{"x":2}`)); st != http.StatusCreated || h.Get(storefront.HeaderReplayed) != "" {
			t.Errorf("an expired key: %d %v", st, h)
		}
	})
}

// TestIdempotencyConcurrent: two requests with one key at once: one does the work, the other is
// told it is in progress; afterwards the answer is replayed.
func TestIdempotencyConcurrent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		c := &clock{t: time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)}
		rg := newRig(t, g, kv.NewSQL(g, c.now), c)
		is, _ := rg.clients.Create(ctx, storefront.ClientInput{Name: "店铺"})
		rg.gate = make(chan struct{})
		w := call{method: http.MethodPost, path: "/open/v1/things", body: []byte(`{}`), clientID: is.Client.ClientID,
			secret: is.Secret, key: "same"}
		done := make(chan int)
		go func() { st, _, _ := rg.do(t, w); done <- st }()
		for rg.calls.Load() == 0 {
			time.Sleep(5 * time.Millisecond)
		}
		st, body, h := rg.do(t, w)
		if st != http.StatusConflict || code(t, body) != storefront.CodeInProgress || h.Get("Retry-After") != "1" {
			t.Errorf("while in progress: %d %s %v", st, body, h)
		}
		close(rg.gate)
		if st := <-done; st != http.StatusCreated {
			t.Fatalf("the first: %d", st)
		}
		if st, _, h := rg.do(t, w); st != http.StatusCreated || h.Get(storefront.HeaderReplayed) != "true" || rg.calls.Load() != 1 {
			t.Errorf("after: %d %v, %d calls", st, h, rg.calls.Load())
		}
		// A key left in progress by a dead instance is taken over once its lease ran out.
		if err := g.Exec("INSERT INTO open_idempotency (client_id, idem_key, request_hash, state, status, body, locked_until, expires_at, create_time) VALUES (?, 'orphan', ?, 'pending', 0, '', ?, ?, ?)",
			is.Client.ID, storefront.RequestHash("POST", "/open/v1/things", "", []byte(`{}`)), c.now().Add(time.Minute), c.now().Add(time.Hour), c.now()).Error; err != nil {
			t.Fatal(err)
		}
		w.key = "orphan"
		if st, body, _ := rg.do(t, w); st != http.StatusConflict || code(t, body) != storefront.CodeInProgress {
			t.Errorf("orphan within its lease: %d %s", st, body)
		}
		c.add(2 * time.Minute)
		if st, body, _ := rg.do(t, w); st != http.StatusCreated {
			t.Errorf("orphan after its lease: %d %s", st, body)
		}
	})
}

// BenchmarkSignedCall: one signed GET through the verifier (client read, secret opened, HMAC,
// nonce stored, 最近使用 kept once a minute) over loopback HTTP, SQLite and its kv table.
func BenchmarkSignedCall(b *testing.B) {
	g := dbtest.Open(b, "sqlite")
	c := &clock{t: time.Now()}
	rg := newRig(b, g, kv.NewSQL(g, c.now), c)
	is, err := rg.clients.Create(context.Background(), storefront.ClientInput{Name: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		c.add(100 * time.Millisecond) // within the client's 600 calls a minute
		if st, body, _ := rg.do(b, call{path: "/open/v1/ping", clientID: is.Client.ClientID, secret: is.Secret,
			nonce: fmt.Sprintf("bench-nonce-%012d", i)}); st != http.StatusOK {
			b.Fatalf("%d %s", st, body)
		}
	}
}
