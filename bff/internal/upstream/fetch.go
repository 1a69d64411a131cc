package upstream

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/config"
)

// ErrNoUpstream is GetJSON's error for a path no prefix covers.
var ErrNoUpstream = errors.New("upstream: no prefix covers the path")

// maxPartBody bounds a JSON part read for an aggregated answer.
const maxPartBody = 8 << 20

// Covers tells whether an upstream serves path (so a caller can choose a local part instead).
func (s *Service) Covers(path string) bool { return s.match(path) != nil }

func (s *Service) match(path string) *proxy {
	for _, px := range s.proxies { // longest prefix first
		if config.UnderPrefix(path, px.up.Prefix) {
			return px
		}
	}
	return nil
}

// GetJSON fetches path (with its query) from the upstream that covers it, as p, and decodes the
// JSON answer into out: the same identity, breaker and counters as a proxied call, for a part of
// an aggregated answer (see Gather). An error status is an *httpx.Error like the proxy's.
func (s *Service) GetJSON(ctx context.Context, p *authz.Principal, path string, out any) error {
	bare, _, _ := strings.Cut(path, "?")
	px := s.match(bare)
	if px == nil {
		return ErrNoUpstream
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, px.up.URL.String()+path, nil)
	if err != nil {
		return err
	}
	cred, err := px.credential(ctx, p)
	if err != nil {
		return err
	}
	req.Header.Set(echo.HeaderAuthorization, cred)
	req.Header.Set(echo.HeaderAccept, echo.MIMEApplicationJSON)
	start := time.Now()
	res, err := px.tr.RoundTrip(req)
	if err != nil {
		s.stats.Add(px.up.Prefix, http.StatusBadGateway, time.Since(start))
		return fmt.Errorf("upstream %s: %w", px.up.Prefix, err)
	}
	defer res.Body.Close()
	s.stats.Add(px.up.Prefix, res.StatusCode, time.Since(start))
	if res.StatusCode == http.StatusUnauthorized && px.up.Identity == config.IdentityRelay {
		return px.relayRefused(ctx, &call{principal: p}, bare)
	}
	if res.StatusCode >= http.StatusBadRequest {
		return px.answerOf(res, &call{})
	}
	dec := json.NewDecoder(io.LimitReader(res.Body, maxPartBody))
	if err := dec.Decode(out); err != nil {
		return fmt.Errorf("upstream %s: bad JSON: %w", px.up.Prefix, err)
	}
	return nil
}
