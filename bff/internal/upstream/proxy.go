// Package upstream is the BFF's upstream mode (docs/upstream.md): API prefixes proxied to an
// existing backend with the caller's identity, after the BFF's own session and permission checks,
// and a small helper to answer one request from several parts (aggregate.go).
package upstream

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httputil"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/httpx"
)

// Options are what the proxies are built from.
type Options struct {
	Upstreams   []config.Upstream // longest prefix first (config sorts them)
	Secret      string            // BFF_UPSTREAM_SECRET
	Timeout     time.Duration     // no bytes either way for this long: 504
	BreakerOpen time.Duration     // how long a tripped breaker answers 503; 0: 5 s
	Proxies     *httpx.Proxies    // whom to believe about the client's scheme
	Relay       Relay             // the sessions' upstream tokens; required with an identity:relay prefix
	Log         *slog.Logger
	Now         func() time.Time
}

// Service holds one reverse proxy per upstream.
type Service struct {
	proxies []*proxy
	stats   *Stats
}

// proxy is one upstream: its reverse proxy, transport and breaker.
type proxy struct {
	up      config.Upstream
	rp      *httputil.ReverseProxy
	tr      http.RoundTripper // the breaker around the transport
	signer  *Signer
	relay   Relay
	timeout time.Duration
	trust   *httpx.Proxies
	log     *slog.Logger
	stats   *Stats
}

// New builds the proxies; with no upstreams it is an empty service that registers nothing.
func New(opt Options) (*Service, error) {
	s := &Service{stats: NewStats()}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Timeout <= 0 {
		opt.Timeout = 30 * time.Second
	}
	pool := &bufferPool{}
	for _, up := range opt.Upstreams {
		if up.Identity == config.IdentityRelay && opt.Relay == nil {
			return nil, fmt.Errorf("BFF_UPSTREAMS %s: identity:relay needs the sessions' upstream tokens", up.Prefix)
		}
		px := &proxy{up: up, signer: NewSigner(opt.Secret, opt.Now), relay: opt.Relay, timeout: opt.Timeout, trust: opt.Proxies,
			log: opt.Log.With("prefix", up.Prefix), stats: s.stats}
		px.tr = newBreaker(up.Prefix, newTransport(), opt.BreakerOpen, opt.Log)
		px.rp = &httputil.ReverseProxy{
			Rewrite:        px.rewrite,
			Transport:      px.tr,
			ModifyResponse: px.modify,
			ErrorHandler:   px.fail,
			BufferPool:     pool,
			// A download reaches the browser as it comes, not when a buffer happens to fill.
			FlushInterval: 100 * time.Millisecond,
			ErrorLog:      slog.NewLogLogger(opt.Log.Handler(), slog.LevelWarn),
		}
		s.proxies = append(s.proxies, px)
	}
	return s, nil
}

// Stats are the counters of proxied calls.
func (s *Service) Stats() *Stats { return s.stats }

func newTransport() *http.Transport {
	return &http.Transport{
		DialContext:         (&net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		MaxIdleConns:        512,
		MaxIdleConnsPerHost: 256,
		IdleConnTimeout:     90 * time.Second,
		TLSHandshakeTimeout: 10 * time.Second,
		// Bodies pass as they are: the browser's Accept-Encoding goes up, the upstream's
		// Content-Encoding comes back, nothing is unpacked in between.
		DisableCompression: true,
		ForceAttemptHTTP2:  true,
	}
}

// call is one proxied request's state, reached from the proxy's hooks through the context.
type call struct {
	principal *authz.Principal
	requestID string
	clientIP  string
	scheme    string
	host      string
	idle      *idle
	auth      string // the Authorization header sent up
	path      string // the browser's path
	err       error  // the answer when the call failed before anything was written
}

type callKey struct{}

func callOf(ctx context.Context) *call {
	cl, _ := ctx.Value(callKey{}).(*call)
	return cl
}

// serve proxies one request whose session and permission authz.Router has already checked.
func (px *proxy) serve(c echo.Context) error {
	start := time.Now()
	req := c.Request()
	ctx, w, cancel := watch(req.Context(), px.timeout)
	defer cancel(nil)
	defer w.stop()
	cl := &call{principal: authz.From(c), requestID: c.Response().Header().Get(echo.HeaderXRequestID),
		clientIP: c.RealIP(), scheme: px.trust.Scheme(req), host: px.trust.Host(req), idle: w, path: req.URL.Path}
	var err error
	if cl.auth, err = px.credential(req.Context(), cl.principal); err != nil {
		if _, ok := err.(*httpx.Error); !ok {
			px.log.Error("the caller's upstream credential", "request_id", cl.requestID, "err", err)
		}
		return err
	}
	out := req.WithContext(context.WithValue(ctx, callKey{}, cl))
	if req.Body != nil && req.Body != http.NoBody {
		out.Body = idleBody{ReadCloser: req.Body, w: w}
		// The server's read deadline (2 min for a whole request) would cut a long upload that
		// still flows; the idle clock guards this one instead.
		_ = http.NewResponseController(c.Response()).SetReadDeadline(time.Time{})
	}
	defer func() {
		// A body cut short after the answer began ends in http.ErrAbortHandler: logged, then on.
		r := recover()
		status := c.Response().Status
		if e, ok := cl.err.(*httpx.Error); ok {
			status = e.Status
		}
		d := time.Since(start)
		px.stats.Add(px.up.Prefix, status, d)
		level := slog.LevelDebug
		switch {
		case r != nil || status >= 500:
			level = slog.LevelWarn
		case status >= 400:
			level = slog.LevelInfo
		}
		px.log.Log(req.Context(), level, "upstream call", "method", req.Method, "path", req.URL.Path, "status", status,
			"dur", d, "aborted", r != nil, "request_id", cl.requestID)
		if r != nil {
			panic(r)
		}
	}()
	px.rp.ServeHTTP(newFinalOnly(c.Response()), out)
	return cl.err
}

// rewrite builds the upstream request: same path (after the URL's own) and query, the BFF's
// identity instead of the browser's credentials, and the forwarding headers. Hop-by-hop headers
// and incoming X-Forwarded-* are already gone (httputil.ProxyRequest).
func (px *proxy) rewrite(pr *httputil.ProxyRequest) {
	cl := callOf(pr.In.Context())
	pr.SetURL(px.up.URL)
	h := pr.Out.Header
	clearCredentials(h)
	h.Set(echo.HeaderAuthorization, cl.auth)
	h.Set(echo.HeaderXRequestID, cl.requestID)
	h.Set(echo.HeaderXForwardedFor, cl.clientIP)
	h.Set(echo.HeaderXForwardedProto, cl.scheme)
	if cl.host != "" {
		h.Set("X-Forwarded-Host", cl.host)
	}
}

// modify drops what is the BFF's to say (headers.go), passes a success on (its body restarting
// the idle clock as it streams) and turns a refusal or failure into the BFF's own answer.
func (px *proxy) modify(resp *http.Response) error {
	cl := callOf(resp.Request.Context())
	dropHeaders(resp.Header)
	if err := px.redirects(resp, cl); err != nil {
		return err
	}
	if resp.StatusCode < http.StatusBadRequest {
		resp.Body = idleBody{ReadCloser: resp.Body, w: cl.idle}
		return nil
	}
	if resp.StatusCode == http.StatusUnauthorized && px.up.Identity == config.IdentityRelay {
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, maxErrorBody))
		return px.relayRefused(resp.Request.Context(), cl, cl.path)
	}
	return px.answerOf(resp, cl)
}

// fail records why the call failed; serve returns it and echo writes the envelope.
func (px *proxy) fail(_ http.ResponseWriter, r *http.Request, err error) {
	cl := callOf(r.Context())
	var answer *httpx.Error
	switch {
	case errors.As(err, &answer):
	case errors.Is(err, errOpen):
		answer = &httpx.Error{Status: http.StatusServiceUnavailable, Message: msgOpen}
	case errors.Is(context.Cause(r.Context()), errIdle):
		px.log.Warn("upstream timed out", "request_id", cl.requestID, "after", px.timeout)
		answer = &httpx.Error{Status: http.StatusGatewayTimeout, Message: msgTimeout}
	default:
		px.log.Warn("upstream unreachable", "request_id", cl.requestID, "err", err)
		answer = &httpx.Error{Status: http.StatusBadGateway, Message: msgDown}
	}
	cl.err = answer
}

// bufferPool lends the 32 KB copy buffers of the reverse proxy, so streaming makes no garbage.
type bufferPool struct{ p sync.Pool }

func (b *bufferPool) Get() []byte {
	if v, ok := b.p.Get().(*[]byte); ok {
		return *v
	}
	return make([]byte, 32<<10)
}

func (b *bufferPool) Put(v []byte) { b.p.Put(&v) }
