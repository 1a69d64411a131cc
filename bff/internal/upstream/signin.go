package upstream

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/limits"
)

// maxTokenLen bounds the upstream's token the session keeps (the column's size).
const maxTokenLen = 2048

// msgBadAnswer: the relay upstream answered a sign-in with something that is not eladmin's.
const msgBadAnswer = "上游服务的回答无法识别"

// Credentials are what a person typed on the sign-in page.
type Credentials struct {
	Username, Password string
	Code, UUID         string // the upstream's captcha (staff only)
}

// Account is whom the relay upstream signed in, with its own token (without "Bearer ").
type Account struct {
	Token    string
	ID       int64
	Username string
	NickName string
	Email    string
	Phone    string
	Gender   string
	Roles    []string // the upstream's permission strings, for the log: the BFF's roles decide
}

// SignIn is the relay upstream's sign-in API, eladmin's: GET /auth/code, POST /auth/login
// (JSON), DELETE /auth/logout; channel operators at POST /background/common/tj/login (a form).
// The password is RSA-encrypted (PKCS#1 v1.5, base64) with the upstream's public key when one
// is set, as eladmin-web does.
type SignIn struct {
	base *url.URL
	key  *rsa.PublicKey
	hc   *http.Client
	log  *slog.Logger
}

// NewSignIn talks to the upstream up; timeout bounds each call.
func NewSignIn(up config.Upstream, key *rsa.PublicKey, timeout time.Duration, log *slog.Logger) *SignIn {
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	return &SignIn{base: up.URL, key: key, hc: &http.Client{Transport: newTransport(), Timeout: timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }},
		log: log.With("prefix", up.Prefix)}
}

// Code is the upstream's captcha: the picture (a data URL) and its key.
func (s *SignIn) Code(ctx context.Context) (img, uuid string, err error) {
	var v struct {
		Img  string `json:"img"`
		UUID string `json:"uuid"`
	}
	if err := s.call(ctx, http.MethodGet, "/auth/code", "", nil, "", &v); err != nil {
		return "", "", err
	}
	if v.Img == "" || v.UUID == "" {
		return "", "", &httpx.Error{Status: http.StatusBadGateway, Message: msgBadAnswer}
	}
	return v.Img, v.UUID, nil
}

// Login signs in at the upstream: staff at /auth/login, channel operators at the channel
// system's /background/common/tj/login. A refusal is the upstream's status and message.
func (s *SignIn) Login(ctx context.Context, kind string, in Credentials) (Account, error) {
	pw := in.Password
	if s.key != nil {
		// PKCS#1 v1.5 because that is what eladmin (RsaUtils) decrypts and eladmin-web sends.
		ct, err := rsa.EncryptPKCS1v15(rand.Reader, s.key, []byte(pw)) //nolint:staticcheck // eladmin compatibility
		if err != nil {
			// Longer than the key can hold: the upstream could not have taken it either.
			return Account{}, &httpx.Error{Status: http.StatusBadRequest, Message: "密码过长"}
		}
		pw = base64.StdEncoding.EncodeToString(ct)
	}
	var body []byte
	path, ctype := "/auth/login", echo.MIMEApplicationJSON
	if kind == authz.KindChannel {
		path, ctype = "/background/common/tj/login", echo.MIMEApplicationForm
		body = []byte(url.Values{"username": {in.Username}, "password": {pw}}.Encode())
	} else {
		body, _ = json.Marshal(map[string]string{"username": in.Username, "password": pw, "code": in.Code, "uuid": in.UUID})
	}
	var v struct {
		Token string `json:"token"`
		User  struct {
			User struct {
				ID       int64  `json:"id"`
				Username string `json:"username"`
				NickName string `json:"nickName"`
				Email    string `json:"email"`
				Phone    string `json:"phone"`
				Gender   string `json:"gender"`
			} `json:"user"`
			Roles []string `json:"roles"`
		} `json:"user"`
	}
	if err := s.call(ctx, http.MethodPost, path, ctype, body, "", &v); err != nil {
		return Account{}, err
	}
	tok := strings.TrimSpace(v.Token)
	if len(tok) > 7 && strings.EqualFold(tok[:7], "bearer ") {
		tok = strings.TrimSpace(tok[7:])
	}
	u := v.User.User
	if name := strings.TrimSpace(u.Username); tok == "" || name == "" || utf8.RuneCountInString(name) > limits.UsernameMax ||
		len(tok) > maxTokenLen {
		s.log.Warn("upstream sign-in answer without token or user")
		return Account{}, &httpx.Error{Status: http.StatusBadGateway, Message: msgBadAnswer}
	}
	return Account{Token: tok, ID: u.ID, Username: strings.TrimSpace(u.Username), NickName: u.NickName,
		Email: u.Email, Phone: u.Phone, Gender: u.Gender, Roles: v.User.Roles}, nil
}

// Logout ends the upstream's token (DELETE /auth/logout).
func (s *SignIn) Logout(ctx context.Context, token string) error {
	return s.call(ctx, http.MethodDelete, "/auth/logout", "", nil, token, nil)
}

// call sends one request and decodes a 2xx JSON answer into out (nil: the body is ignored).
// Failures are the BFF's answers, as for a proxied call (answer.go).
func (s *SignIn) call(ctx context.Context, method, path, ctype string, body []byte, token string, out any) error {
	req, err := http.NewRequestWithContext(ctx, method, s.base.String()+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	if ctype != "" {
		req.Header.Set(echo.HeaderContentType, ctype)
	}
	if token != "" {
		req.Header.Set(echo.HeaderAuthorization, "Bearer "+token)
	}
	req.Header.Set(echo.HeaderAccept, echo.MIMEApplicationJSON)
	res, err := s.hc.Do(req)
	if err != nil {
		var ne interface{ Timeout() bool }
		if errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
			s.log.Warn("upstream sign-in timed out", "path", path)
			return &httpx.Error{Status: http.StatusGatewayTimeout, Message: msgTimeout}
		}
		s.log.Warn("upstream sign-in unreachable", "path", path, "err", err)
		return &httpx.Error{Status: http.StatusBadGateway, Message: msgDown}
	}
	defer res.Body.Close()
	if res.StatusCode >= http.StatusBadRequest {
		b, _ := io.ReadAll(io.LimitReader(res.Body, maxErrorBody))
		msg := eladminMessage(res.Header.Get(echo.HeaderContentType), b)
		switch {
		case res.StatusCode >= 500:
			s.log.Warn("upstream sign-in failed", "path", path, "status", res.StatusCode, "body", clip(b, 1024))
			return &httpx.Error{Status: res.StatusCode, Message: msgFailed}
		case msg != "":
			return &httpx.Error{Status: res.StatusCode, Message: msg}
		}
		return &httpx.Error{Status: res.StatusCode, Message: fmt.Sprintf("上游服务拒绝了请求（%d）", res.StatusCode)}
	}
	if res.StatusCode >= http.StatusMultipleChoices {
		return &httpx.Error{Status: http.StatusBadGateway, Message: msgBadAnswer}
	}
	if out == nil {
		_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, maxErrorBody))
		return nil
	}
	if err := json.NewDecoder(io.LimitReader(res.Body, maxErrorBody)).Decode(out); err != nil {
		s.log.Warn("upstream sign-in answer is not JSON", "path", path, "err", err)
		return &httpx.Error{Status: http.StatusBadGateway, Message: msgBadAnswer}
	}
	return nil
}
