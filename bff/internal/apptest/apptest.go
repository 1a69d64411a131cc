// Package apptest starts the real server (all features wired by package app) on a real,
// migrated and seeded database for end-to-end HTTP tests, with a clock the test moves.
package apptest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"mallconsole/bff/internal/app"
	"mallconsole/bff/internal/auth"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/objstore/s3test"
	"mallconsole/bff/internal/seed"
)

// Passwords of the seeded users.
const (
	AdminPassword = "admin-pass-1"
	DemoPassword  = "demo-pass-1"
)

// Clock is a settable clock.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock starts at a fixed instant.
func NewClock() *Clock { return &Clock{t: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Advance moves the clock forward.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// Server is a running BFF.
type Server struct {
	URL    string
	Clock  *Clock
	DB     *gorm.DB
	Config config.Config
	App    *app.App
	Key    []byte
	// Generation is the app's cache generation: stores built with it invalidate its caches.
	Generation *cache.Generation
	// RedisPrefix is where the Redis variant keeps its keys.
	RedisPrefix string
}

// Setup adjusts the configuration before the server starts.
type Setup func(c *config.Config)

// Variants are the store set-ups a test runs on: SQL stores on SQLite and on MySQL, and Redis
// stores (with SQLite for the rest).
func Variants() []string { return []string{"sqlite", "mysql", "redis"} }

// Each runs body against a fresh server per variant, as parallel subtests.
func Each(t *testing.T, body func(t *testing.T, s *Server), setups ...Setup) {
	t.Helper()
	for _, v := range Variants() {
		t.Run(v, func(t *testing.T) {
			t.Parallel()
			body(t, Start(t, v, setups...))
		})
	}
}

// MySQLRedis is a variant beyond Variants: MySQL for the data and Redis for the shared
// values, as a production deployment of several instances runs.
const MySQLRedis = "mysql+redis"

// Start runs a server of the variant with demo data (captcha on, portal login off unless a
// setup changes that).
func Start(t testing.TB, variant string, setups ...Setup) *Server {
	t.Helper()
	backend := db.SQLite
	if variant == "mysql" || variant == MySQLRedis {
		backend = db.MySQL
	}
	cfg := config.Config{
		Addr: "127.0.0.1:0", Captcha: true, Demo: true, SessionTTL: 8 * time.Hour,
		LoginMaxFails: 5, LoginLock: 15 * time.Minute, DataDir: t.TempDir(),
		RefundApprovalOver: 100000, // BFF_REFUND_APPROVAL_OVER's default
		// In-process tests prove rules, races and answers, not capacity: admission control is off
		// unless a test sets it (admit_test.go), so a slow machine never turns a race into 503s.
		Admit: config.Admit{Off: true},
	}
	prefix := ""
	if variant == "redis" || variant == MySQLRedis {
		cfg.Redis, prefix = dbtest.RedisURL(t)
	}
	for _, s := range setups {
		s(&cfg)
	}
	g := dbtest.Open(t, backend)
	gen := &cache.Generation{}
	err := seed.Run(context.Background(), g, seed.Options{Demo: cfg.Demo, AdminPassword: AdminPassword,
		DemoPassword: DemoPassword, BcryptCost: bcrypt.MinCost, Out: io.Discard, Generation: gen})
	if err != nil {
		t.Fatalf("seeding: %v", err)
	}
	clock := NewClock()
	key := []byte("test-key-0123456789-0123456789-0123456789")
	a, err := app.New(context.Background(), app.Options{Config: cfg, DB: g, Key: key, Now: clock.Now,
		Log: dbtest.Logger(t), Generation: gen, RedisPrefix: prefix, BcryptCost: bcrypt.MinCost})
	if err != nil {
		t.Fatalf("building the app: %v", err)
	}
	srv := httptest.NewServer(a.Echo)
	t.Cleanup(func() {
		srv.Close()
		a.Close()
	})
	return &Server{URL: srv.URL, Clock: clock, DB: g, Config: cfg, App: a, Key: key, Generation: gen, RedisPrefix: prefix}
}

// Twin starts a second instance of s: the same database, Redis and key, and the same clock, but
// its own process (caches, rate limits, in-memory state), as a second replica behind a load
// balancer.
func (s *Server) Twin(t testing.TB) *Server {
	t.Helper()
	gen := &cache.Generation{}
	a, err := app.New(context.Background(), app.Options{Config: s.Config, DB: s.DB, Key: s.Key, Now: s.Clock.Now,
		Log: dbtest.Logger(t), Generation: gen, RedisPrefix: s.RedisPrefix, BcryptCost: bcrypt.MinCost})
	if err != nil {
		t.Fatalf("building the second instance: %v", err)
	}
	srv := httptest.NewServer(a.Echo)
	t.Cleanup(func() {
		srv.Close()
		a.Close()
	})
	return &Server{URL: srv.URL, Clock: s.Clock, DB: s.DB, Config: s.Config, App: a, Key: s.Key, Generation: gen,
		RedisPrefix: s.RedisPrefix}
}

// peekCaptcha reads a captcha's answer from its id, as the holder of the key can.
func (s *Server) peekCaptcha(t testing.TB, uuid string) string {
	t.Helper()
	a := auth.CaptchaAnswer(s.Key, uuid)
	if a == "" {
		t.Fatalf("no answer fits captcha %q", uuid)
	}
	return a
}

// Response is an answer read whole.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body into v, failing the test when it is not JSON.
func (r Response) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("body is not JSON (%v): %s", err, r.Body)
	}
}

// Envelope is the error body.
type Envelope = httpx.Envelope

// Error decodes the error envelope and checks its status equals the HTTP status.
func (r Response) Error(t testing.TB) Envelope {
	t.Helper()
	var e Envelope
	r.JSON(t, &e)
	if e.Status != r.Status || e.Timestamp == 0 || e.Code == "" {
		t.Fatalf("envelope %+v does not match HTTP status %d", e, r.Status)
	}
	return e
}

// Request is what Do sends.
type Request struct {
	Method  string
	Path    string
	Token   string     // sent as Authorization as is
	Form    url.Values // form body
	JSON    any        // JSON body
	Raw     []byte     // any other body, sent with RawType (multipart uploads)
	RawType string
	Header  http.Header // extra headers
}

// Do sends the request to the server.
func (s *Server) Do(t testing.TB, r Request) Response {
	t.Helper()
	var body io.Reader
	ctype := ""
	switch {
	case r.Form != nil:
		body, ctype = strings.NewReader(r.Form.Encode()), "application/x-www-form-urlencoded"
	case r.JSON != nil:
		b, err := json.Marshal(r.JSON)
		if err != nil {
			t.Fatal(err)
		}
		body, ctype = strings.NewReader(string(b)), "application/json"
	case r.Raw != nil:
		body, ctype = bytes.NewReader(r.Raw), r.RawType
	}
	method := r.Method
	if method == "" {
		method = http.MethodGet
	}
	req, err := http.NewRequest(method, s.URL+r.Path, body)
	if err != nil {
		t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if r.Token != "" {
		req.Header.Set("Authorization", r.Token)
	}
	for k, vs := range r.Header {
		for _, v := range vs {
			if strings.EqualFold(k, "Host") {
				req.Host = v
			} else {
				req.Header.Add(k, v)
			}
		}
	}
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, r.Path, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return Response{Status: res.StatusCode, Header: res.Header, Body: b}
}

// Get sends a GET with a token.
func (s *Server) Get(t testing.TB, path, token string) Response {
	t.Helper()
	return s.Do(t, Request{Path: path, Token: token})
}

// Captcha fetches a captcha and returns its uuid and the answer (read from the store the way
// only a test can: the answer is what the picture shows).
func (s *Server) Captcha(t testing.TB) (uuid, answer string) {
	t.Helper()
	r := s.Get(t, "/api/auth/code", "")
	var c struct {
		UUID    string `json:"uuid"`
		Img     string `json:"img"`
		Enabled bool   `json:"enabled"`
	}
	r.JSON(t, &c)
	if r.Status != http.StatusOK || c.UUID == "" || !strings.HasPrefix(c.Img, "data:image/png;base64,") {
		t.Fatalf("captcha: %d %s", r.Status, r.Body)
	}
	return c.UUID, s.peekCaptcha(t, c.UUID)
}

// Login signs in a staff user through the captcha and returns the token; it fails the test when
// sign-in fails.
func (s *Server) Login(t testing.TB, username, password string) string {
	t.Helper()
	uuid, code := s.Captcha(t)
	r := s.Do(t, Request{Method: http.MethodPost, Path: "/api/auth/login",
		Form: url.Values{"username": {username}, "password": {password}, "code": {code}, "uuid": {uuid}}})
	return token(t, r)
}

// ChannelLogin signs in a channel operator and returns the token.
func (s *Server) ChannelLogin(t testing.TB, username, password string) string {
	t.Helper()
	r := s.Do(t, Request{Method: http.MethodPost, Path: "/background/common/tj/login",
		Form: url.Values{"username": {username}, "password": {password}}})
	return token(t, r)
}

func token(t testing.TB, r Response) string {
	t.Helper()
	var res struct {
		Token string `json:"token"`
	}
	r.JSON(t, &res)
	if r.Status != http.StatusOK || !strings.HasPrefix(res.Token, "Bearer ") {
		t.Fatalf("sign-in failed: %d %s", r.Status, r.Body)
	}
	return res.Token
}

// WithS3 keeps the server's uploads in a fresh bucket of a versitygw started for the test
// (skipped when versitygw is not installed, failed when CI is set).
func WithS3(t testing.TB) Setup {
	t.Helper()
	b := s3test.Start(t)
	return func(c *config.Config) {
		c.S3 = config.S3{Bucket: b.Bucket, Endpoint: b.Endpoint, Region: b.Region, AccessKey: b.AccessKey,
			SecretKey: b.SecretKey, PolicyHours: 2}
	}
}
