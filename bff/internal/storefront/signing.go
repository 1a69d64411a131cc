package storefront

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/ratelimit"
)

// The headers of a signed request.
const (
	HeaderClientID  = "X-Client-Id"
	HeaderTimestamp = "X-Timestamp"
	HeaderNonce     = "X-Nonce"
	HeaderSignature = "X-Signature"
)

// Reason codes of a refused signature (401, the envelope's code). They never change: callers
// branch on them.
const (
	CodeMissingHeader = "missing_header"
	CodeUnknownClient = "unknown_client"
	CodeRevoked       = "revoked"
	CodeExpired       = "expired"
	CodeBadSignature  = "bad_signature"
	CodeReplayed      = "replayed"
)

// Scheme describes the signature for the API document.
const Scheme = "HMAC-SHA256 request signature (docs/storefront.md). Send X-Client-Id, X-Timestamp " +
	"(Unix seconds, within 5 minutes of the server), X-Nonce (16-64 of A-Z a-z 0-9 _ -, never reused within " +
	"the window) and X-Signature = lowercase hex of HMAC-SHA256(secret, METHOD + \"\\n\" + path + \"\\n\" + " +
	"query as sent + \"\\n\" + timestamp + \"\\n\" + nonce + \"\\n\" + lowercase hex SHA-256 of the body). " +
	"Refusals are 401 with code missing_header, unknown_client, revoked, expired, bad_signature or replayed. " +
	"Every write also carries Idempotency-Key."

// BodyHash is the lowercase hex SHA-256 of a body (of nothing for a GET).
func BodyHash(body []byte) string {
	sum := sha256.Sum256(body)
	return hex.EncodeToString(sum[:])
}

// Canonical is the text a request's signature is computed over.
func Canonical(method, path, query, timestamp, nonce string, body []byte) string {
	return strings.Join([]string{method, path, query, timestamp, nonce, BodyHash(body)}, "\n")
}

// Sign is the request's X-Signature: lowercase hex of HMAC-SHA256(secret, Canonical(…)).
func Sign(secret, method, path, query, timestamp, nonce string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(Canonical(method, path, query, timestamp, nonce, body)))
	return hex.EncodeToString(m.Sum(nil))
}

var (
	noncePattern     = regexp.MustCompile(`^[A-Za-z0-9_-]{16,64}$`)
	timestampPattern = regexp.MustCompile(`^[0-9]{1,12}$`)
	clientIDPattern  = regexp.MustCompile(`^[A-Za-z0-9_]{1,40}$`)
	signaturePattern = regexp.MustCompile(`^[0-9a-f]{64}$`)
)

// PerMinute is how many calls a client may make a minute on one instance.
const PerMinute = 600

// Verifier is the signed routes' whole access check (authz.Signed): header shape, client,
// clock, signature, then the nonce, in that order, so that only a holder of the secret can use
// up a nonce. It answers 401 with a reason code, and 429 past the client's rate.
type Verifier struct {
	clients  *Clients
	store    *Store
	agencies Agencies
	nonces   *Nonces
	limiter  *ratelimit.Limiter
	now      func() time.Time
	log      *slog.Logger
}

// NewVerifier checks requests against clients' secrets; nonces are shared by every instance.
func NewVerifier(clients *Clients, nonces *Nonces, now func() time.Time, log *slog.Logger) *Verifier {
	return &Verifier{clients: clients, store: clients.store, agencies: clients.agencies, nonces: nonces,
		limiter: ratelimit.New(PerMinute, 10_000, now), now: now, log: log}
}

func refuse(code, msg string) error {
	return &httpx.Error{Status: http.StatusUnauthorized, Code: code, Message: msg}
}

const clientKey = "storefront.client"

// ClientOf is the verified client of a signed request.
func ClientOf(c echo.Context) Client {
	cl, _ := c.Get(clientKey).(Client)
	return cl
}

// Middleware verifies the request before the handler runs.
func (v *Verifier) Middleware(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		cl, err := v.verify(c)
		if err != nil {
			return err
		}
		if !v.limiter.Allow(cl.ClientID) {
			return &httpx.Error{Status: http.StatusTooManyRequests, Message: "请求过于频繁"}
		}
		if err := v.store.Touch(c.Request().Context(), cl.ID, v.now().UTC().Truncate(time.Millisecond)); err != nil {
			// 最近使用 is a convenience: a failed write of it must not fail the call.
			v.log.WarnContext(c.Request().Context(), "recording an API client's last use", "client", cl.ClientID, "err", err)
		}
		c.Set(clientKey, cl)
		return next(c)
	}
}

func (v *Verifier) verify(c echo.Context) (Client, error) {
	req := c.Request()
	h := req.Header
	id, ts, nonce, sig := h.Get(HeaderClientID), h.Get(HeaderTimestamp), h.Get(HeaderNonce), h.Get(HeaderSignature)
	for _, f := range []struct {
		name, value string
		pattern     *regexp.Regexp
		shape       string
	}{
		{HeaderClientID, id, clientIDPattern, "客户端ID格式错误"},
		{HeaderTimestamp, ts, timestampPattern, "应为Unix秒"},
		{HeaderNonce, nonce, noncePattern, "应为16到64个字母、数字、_或-"},
		{HeaderSignature, sig, signaturePattern, "应为64位小写十六进制"},
	} {
		if f.value == "" {
			return Client{}, refuse(CodeMissingHeader, "缺少请求头 "+f.name)
		}
		if !f.pattern.MatchString(f.value) {
			return Client{}, refuse(CodeMissingHeader, f.name+": "+f.shape)
		}
	}
	ctx := req.Context()
	cl, found, err := v.store.ByClientID(ctx, id)
	if err != nil {
		return Client{}, err
	}
	if !found {
		return Client{}, refuse(CodeUnknownClient, "客户端不存在")
	}
	if cl.Status != StatusActive {
		return Client{}, refuse(CodeRevoked, "客户端已吊销")
	}
	if cl.AgencyID != nil {
		a, found, err := v.agencies.ByID(ctx, *cl.AgencyID)
		if err != nil {
			return Client{}, err
		}
		if !found || !a.Enabled {
			return Client{}, refuse(CodeRevoked, "客户端所属渠道已停用")
		}
	}
	sec, _ := strconv.ParseInt(ts, 10, 64)
	if d := v.now().Sub(time.Unix(sec, 0)); d > Window || d < -Window {
		return Client{}, refuse(CodeExpired, "X-Timestamp: 与服务器时间相差超过5分钟")
	}
	body, err := io.ReadAll(req.Body)
	if err != nil {
		return Client{}, httpx.BodyError(err, "读取失败")
	}
	req.Body = io.NopCloser(bytes.NewReader(body))
	secret, err := v.clients.Secret(cl)
	if errors.Is(err, ErrSealed) {
		// The server's secret changed since the client's was sealed: only a rotation helps.
		v.log.ErrorContext(ctx, "an API client's secret does not open: rotate it", "client", cl.ClientID)
		return Client{}, refuse(CodeBadSignature, "签名错误")
	}
	if err != nil {
		return Client{}, err
	}
	path, query := target(req)
	want := Sign(secret, req.Method, path, query, ts, nonce, body)
	if secret == "" || subtle.ConstantTimeCompare([]byte(want), []byte(sig)) != 1 {
		return Client{}, refuse(CodeBadSignature, "签名错误")
	}
	fresh, err := v.nonces.Use(ctx, cl.ClientID, nonce)
	if err != nil {
		return Client{}, err
	}
	if !fresh {
		return Client{}, refuse(CodeReplayed, "X-Nonce: 已使用过")
	}
	return cl, nil
}

// target is the path and query exactly as the request line carried them (not decoded and
// re-encoded: the caller signed the bytes it sent).
func target(r *http.Request) (path, query string) {
	uri := r.RequestURI
	if !strings.HasPrefix(uri, "/") {
		return r.URL.EscapedPath(), r.URL.RawQuery
	}
	path, query, _ = strings.Cut(uri, "?")
	return path, query
}
