// Package appconfig serves the public settings the front end needs before anyone signs in:
// today the header title of the deployment host (BFF_BRAND_TITLES). It has no table, so no
// model, migration or store: service.go (the rule) and http.go (the endpoint) only.
package appconfig

import (
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/httpx"
)

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

// TitleFor is the brand title of a host ("Shop.example.com:8443" counts as shop.example.com).
func (s *Service) TitleFor(host string) (string, bool) {
	title, ok := s.titles[config.NormalizeHost(host)]
	return title, ok
}

// ConfigFor is the public configuration of a page on host.
func (s *Service) ConfigFor(host string) Config {
	var out Config
	if title, ok := s.TitleFor(host); ok {
		out.Title = &title
	}
	return out
}
