package upstream_test

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/upstream/eladmintest"
	"mallconsole/bff/internal/user"
)

func TestRelaySignInFailures(t *testing.T) {
	el := eladmintest.Start(t, true, alice)
	s := relayed(t, el.URL, "/api/legacy=%s|identity:relay", "BFF_STAFF_LOGIN=upstream",
		"BFF_UPSTREAM_RSA_PUBLIC_KEY="+el.PublicKey())
	if r := upstreamLogin(t, s, el, "alice", "wrong"); r.Status != http.StatusBadRequest || r.Error(t).Message != "用户名或密码不正确" {
		t.Fatalf("wrong password: %d %s", r.Status, r.Body)
	}
	r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/auth/login",
		JSON: map[string]string{"username": "alice", "password": alice.Password, "code": "x", "uuid": "unknown"}})
	if r.Status != http.StatusBadRequest || r.Error(t).Message != "验证码不存在或已过期" {
		t.Fatalf("unknown captcha: %d %s", r.Status, r.Body)
	}
	if s.DB.Where("username = ?", "alice").Take(&user.User{}).Error == nil {
		t.Fatal("a refused sign-in made an account")
	}

	// Without the key the password reaches the backend as typed, which it cannot decrypt.
	plain := relayed(t, el.URL, "/api/legacy=%s|identity:relay", "BFF_STAFF_LOGIN=upstream")
	if r := upstreamLogin(t, plain, el, "alice", alice.Password); r.Status != http.StatusBadRequest || r.Error(t).Message != "密码解密失败" {
		t.Fatalf("unencrypted password: %d %s", r.Status, r.Body)
	}

	// The backend down: 502 on the captcha and on the sign-in.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	gone := "http://" + l.Addr().String()
	l.Close()
	down := relayed(t, gone, "/api/legacy=%s|identity:relay", "BFF_STAFF_LOGIN=upstream")
	if r := down.Get(t, "/api/auth/code", ""); r.Status != http.StatusBadGateway || r.Error(t).Message != "上游服务不可用" {
		t.Fatalf("captcha, upstream down: %d %s", r.Status, r.Body)
	}
	r = down.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/auth/login",
		JSON: map[string]string{"username": "alice", "password": alice.Password, "code": "1", "uuid": "u"}})
	if r.Status != http.StatusBadGateway || r.Error(t).Message != "上游服务不可用" {
		t.Fatalf("sign-in, upstream down: %d %s", r.Status, r.Body)
	}
}

// TestRelaySignInBadAnswers: whatever the upstream answers a sign-in with, the browser gets the
// BFF's envelope and no session.
func TestRelaySignInBadAnswers(t *testing.T) {
	var answer atomic.Value // func(http.ResponseWriter)
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		answer.Load().(func(http.ResponseWriter))(w)
	}))
	defer up.Close()
	s := relayed(t, up.URL, "/background=%s|identity:relay", "BFF_CHANNEL_LOGIN=upstream", "BFF_UPSTREAM_TIMEOUT=1s")
	stop := make(chan struct{})
	defer close(stop)
	for _, tc := range []struct {
		name    string
		answer  func(w http.ResponseWriter)
		status  int
		message string
	}{
		{"no token", func(w http.ResponseWriter) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"token":"","user":{"user":{"username":"op"}}}`)
		}, http.StatusBadGateway, "上游服务的回答无法识别"},
		{"HTML", func(w http.ResponseWriter) { _, _ = io.WriteString(w, "<html>login</html>") }, http.StatusBadGateway, "上游服务的回答无法识别"},
		{"a name too long", func(w http.ResponseWriter) {
			_, _ = io.WriteString(w, `{"token":"Bearer t","user":{"user":{"username":"`+strings.Repeat("x", 65)+`"}}}`)
		}, http.StatusBadGateway, "上游服务的回答无法识别"},
		{"500", func(w http.ResponseWriter) {
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = io.WriteString(w, "java.lang.NullPointerException at com.example.Secret")
		}, http.StatusInternalServerError, "上游服务出错"},
		{"401 eladmin", func(w http.ResponseWriter) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = io.WriteString(w, `{"status":401,"message":"账号未激活"}`)
		}, http.StatusUnauthorized, "账号未激活"},
		{"silent", func(http.ResponseWriter) { <-stop }, http.StatusGatewayTimeout, "上游服务超时"},
	} {
		answer.Store(tc.answer)
		r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/background/common/tj/login",
			Form: url.Values{"username": {"op"}, "password": {"p"}}})
		if r.Status != tc.status || r.Error(t).Message != tc.message {
			t.Errorf("%s: %d %s, want %d %s", tc.name, r.Status, r.Body, tc.status, tc.message)
		}
	}
	if s.DB.Where("username = ?", "op").Take(&user.User{}).Error == nil {
		t.Fatal("a failed sign-in made an account")
	}
}
