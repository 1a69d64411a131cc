// Package appconfig serves the public settings the front end needs before anyone signs in:
// today the header title of the deployment host (BFF_BRAND_TITLES).
package appconfig

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/httpx"
)

// maxHostParam is the longest host name DNS allows.
const maxHostParam = 253

// Service answers GET /api/app/config.
type Service struct {
	titles  map[string]string
	proxies *httpx.Proxies
}

// New takes the validated host → title map (keys as config.NormalizeHost gives them).
func New(titles map[string]string, proxies *httpx.Proxies) *Service {
	return &Service{titles: titles, proxies: proxies}
}

// Config is the answer; Title is null when the host has no brand (the app shows 商城 / Mall).
type Config struct {
	Title *string `json:"title"`
}

// Routes registers the public endpoint.
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/app/config", authz.Public(), s.handle)
}

// TitleFor is the brand title of a host ("Shop.example.com:8443" counts as shop.example.com).
func (s *Service) TitleFor(host string) (string, bool) {
	title, ok := s.titles[config.NormalizeHost(host)]
	return title, ok
}

// handle picks the title for ?host= when given: embedded in a host portal, the page's host is the
// portal's, which the request to the BFF does not carry. Without it, the request's own host.
func (s *Service) handle(c echo.Context) error {
	host := c.QueryParam("host")
	if len(host) > maxHostParam {
		return httpx.BadRequest("host", "longer than 253 characters")
	}
	if host == "" {
		host = s.proxies.Host(c.Request())
	}
	var out Config
	if title, ok := s.TitleFor(host); ok {
		out.Title = &title
	}
	return c.JSON(http.StatusOK, out)
}
