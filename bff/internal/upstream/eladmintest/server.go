// Package eladmintest is an eladmin-shaped backend for tests of the relay identity: it signs
// people in (GET /auth/code, POST /auth/login with a JSON body, POST /background/common/tj/login
// with a form, DELETE /auth/logout) and keeps every token it issues in the real Redis the way
// eladmin does, as online_token:{username}:{uuid} with a TTL renewed on use. Any other path
// answers only a token it holds (401 otherwise), echoing what it saw.
package eladmintest

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"mallconsole/bff/internal/platform/dbtest"
)

// TokenTTL is how long an issued token lives without use (eladmin: 2–4 h).
const TokenTTL = 2 * time.Hour

// User is an account of the test backend.
type User struct {
	ID       int64
	Username string
	Password string
	NickName string
	Email    string
	Roles    []string
}

// Server is a running test backend.
type Server struct {
	URL    string
	Redis  *redis.Client
	Prefix string          // the keys of this server: Prefix+"online_token:…"
	Key    *rsa.PrivateKey // nil: passwords arrive as typed

	mu      sync.Mutex
	users   map[string]User
	codes   map[string]string // captcha uuid → answer
	seen    []Seen
	calls   int // requests to protected paths, refused or not
	logouts []string
}

// Seen is a request that reached a protected path.
type Seen struct {
	Method, Path  string
	Authorization string
	Header        http.Header
}

// Start runs the backend on loopback with the users (skipped without Redis, see dbtest.Redis).
// withKey makes it expect RSA-encrypted passwords; PublicKey gives the key as eladmin-web has it.
func Start(t testing.TB, withKey bool, users ...User) *Server {
	t.Helper()
	rdb, prefix := dbtest.Redis(t)
	s := &Server{Redis: rdb, Prefix: prefix, users: map[string]User{}, codes: map[string]string{}}
	for _, u := range users {
		s.users[u.Username] = u
	}
	if withKey {
		k, err := rsa.GenerateKey(rand.Reader, 1024)
		if err != nil {
			t.Fatal(err)
		}
		s.Key = k
	}
	srv := httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

// PublicKey is the public key in eladmin-web's form (base64 DER), "" without a key.
func (s *Server) PublicKey() string {
	if s.Key == nil {
		return ""
	}
	der, _ := x509.MarshalPKIXPublicKey(&s.Key.PublicKey)
	return base64.StdEncoding.EncodeToString(der)
}

// Answer is the text of the captcha uuid.
func (s *Server) Answer(uuid string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.codes[uuid]
}

// Seen are the requests that reached protected paths, oldest first.
func (s *Server) Seen() []Seen {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Seen(nil), s.seen...)
}

// Calls counts the requests to protected paths, refused or not.
func (s *Server) Calls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.calls
}

// Logouts are the tokens DELETE /auth/logout ended.
func (s *Server) Logouts() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.logouts...)
}

func (s *Server) tokenKey(username, id string) string {
	return s.Prefix + "online_token:" + username + ":" + id
}

// Issue makes a token for username as a sign-in does; tokens encode the name and a uuid.
func (s *Server) Issue(t testing.TB, username string) string {
	t.Helper()
	tok, err := s.issue(username)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func (s *Server) issue(username string) (string, error) {
	id := randomHex(16)
	tok := base64.RawURLEncoding.EncodeToString([]byte(username)) + "." + id
	return tok, s.Redis.Set(context.Background(), s.tokenKey(username, id), tok, TokenTTL).Err()
}

// Revoke drops a token from Redis, as an expiry or a kick at the upstream would.
func (s *Server) Revoke(t testing.TB, token string) {
	t.Helper()
	if key, ok := s.keyOf(token); ok {
		s.Redis.Del(context.Background(), key)
	}
}

// TTL is the time left of token in Redis (negative when gone).
func (s *Server) TTL(t testing.TB, token string) time.Duration {
	key, ok := s.keyOf(token)
	if !ok {
		return -1
	}
	return s.Redis.TTL(context.Background(), key).Val()
}

func (s *Server) keyOf(token string) (string, bool) {
	name, id, ok := strings.Cut(token, ".")
	b, err := base64.RawURLEncoding.DecodeString(name)
	if !ok || err != nil || id == "" || strings.Contains(id, ":") {
		return "", false
	}
	return s.tokenKey(string(b), id), true
}

// holds tells whether token is one this server issued and still keeps, renewing it.
func (s *Server) holds(token string) bool {
	key, ok := s.keyOf(token)
	if !ok {
		return false
	}
	v, err := s.Redis.Get(context.Background(), key).Result()
	if err != nil || v != token {
		return false
	}
	s.Redis.Expire(context.Background(), key, TokenTTL)
	return true
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method == http.MethodGet && r.URL.Path == "/auth/code":
		id, code := randomHex(16), randomHex(2)
		s.mu.Lock()
		s.codes[id] = code
		s.mu.Unlock()
		writeJSON(w, http.StatusOK, map[string]string{"img": "data:image/png;base64,AAAA", "uuid": id})
	case r.Method == http.MethodPost && r.URL.Path == "/auth/login":
		var in struct{ Username, Password, Code, UUID string }
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
			fail(w, http.StatusBadRequest, "请求格式错误")
			return
		}
		s.mu.Lock()
		code, ok := s.codes[in.UUID]
		delete(s.codes, in.UUID)
		s.mu.Unlock()
		switch {
		case !ok:
			fail(w, http.StatusBadRequest, "验证码不存在或已过期")
		case in.Code != code:
			fail(w, http.StatusBadRequest, "验证码错误")
		default:
			s.login(w, in.Username, in.Password)
		}
	case r.Method == http.MethodPost && r.URL.Path == "/background/common/tj/login":
		if err := r.ParseForm(); err != nil {
			fail(w, http.StatusBadRequest, "请求格式错误")
			return
		}
		s.login(w, r.PostForm.Get("username"), r.PostForm.Get("password"))
	case r.Method == http.MethodDelete && r.URL.Path == "/auth/logout":
		tok := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		if key, ok := s.keyOf(tok); ok && s.holds(tok) {
			s.Redis.Del(context.Background(), key)
			s.mu.Lock()
			s.logouts = append(s.logouts, tok)
			s.mu.Unlock()
		}
		w.WriteHeader(http.StatusOK)
	default:
		s.protected(w, r)
	}
}

func (s *Server) login(w http.ResponseWriter, username, password string) {
	if s.Key != nil {
		ct, err := base64.StdEncoding.DecodeString(password)
		pt, err2 := rsa.DecryptPKCS1v15(nil, s.Key, ct) //nolint:staticcheck // as eladmin decrypts
		if err != nil || err2 != nil {
			fail(w, http.StatusBadRequest, "密码解密失败")
			return
		}
		password = string(pt)
	}
	s.mu.Lock()
	u, ok := s.users[username]
	s.mu.Unlock()
	if !ok || u.Password != password {
		fail(w, http.StatusBadRequest, "用户名或密码不正确")
		return
	}
	tok, err := s.issue(username)
	if err != nil {
		fail(w, http.StatusInternalServerError, err.Error())
		return
	}
	roles := u.Roles
	if roles == nil {
		roles = []string{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"token": "Bearer " + tok, "user": map[string]any{
		"user": map[string]any{"id": u.ID, "username": u.Username, "nickName": u.NickName, "email": u.Email,
			"phone": "", "gender": "男", "enabled": true, "dept": map[string]any{"id": 2, "name": "研发部"}},
		"roles": roles, "dataScopes": []int64{},
	}})
}

// protected answers a held token with what it saw; anything else is 401, as eladmin's filter.
func (s *Server) protected(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.calls++
	s.mu.Unlock()
	auth := r.Header.Get("Authorization")
	tok, ok := strings.CutPrefix(auth, "Bearer ")
	if !ok || !s.holds(tok) {
		fail(w, http.StatusUnauthorized, "登录状态已过期")
		return
	}
	_, _ = io.Copy(io.Discard, r.Body)
	s.mu.Lock()
	s.seen = append(s.seen, Seen{Method: r.Method, Path: r.URL.Path, Authorization: auth, Header: r.Header.Clone()})
	s.mu.Unlock()
	name, _, _ := strings.Cut(tok, ".")
	b, _ := base64.RawURLEncoding.DecodeString(name)
	writeJSON(w, http.StatusOK, map[string]string{"path": r.URL.Path, "username": string(b)})
}

func fail(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]any{"status": status, "message": msg, "timestamp": time.Now().UnixMilli()})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Tokens are the live tokens of username in Redis.
func (s *Server) Tokens(t testing.TB, username string) []string {
	t.Helper()
	ctx := context.Background()
	keys, err := s.Redis.Keys(ctx, s.tokenKey(username, "*")).Result()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, k := range keys {
		if v, err := s.Redis.Get(ctx, k).Result(); err == nil {
			out = append(out, v)
		}
	}
	return out
}
