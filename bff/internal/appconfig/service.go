// Package appconfig serves the public settings the front end needs before anyone signs in: the
// product title of the deployment host (BFF_BRAND_TITLES, else the shop name given at /init) and
// the page footer (BFF_FOOTER_TEXT, BFF_CASE_NUMBER). It has no table of its own, so no model,
// migration or store: service.go (the rule) and http.go (the endpoint) only.
package appconfig

import (
	"context"

	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/httpx"
)

// ShopKey is the setting holding the shop name given at /init (initsetup.KeyShopName).
const ShopKey = "shop.name"

// Settings reads a stored setting (initsetup.Store).
type Settings interface {
	Get(ctx context.Context, key string) (string, bool, error)
}

// Service answers GET /api/app/config.
type Service struct {
	titles   map[string]string
	footer   config.Footer
	settings Settings
	proxies  *httpx.Proxies
}

// New takes the validated host → title map (keys as config.NormalizeHost gives them), the
// footer and where the shop name is stored.
func New(titles map[string]string, footer config.Footer, settings Settings, proxies *httpx.Proxies) *Service {
	return &Service{titles: titles, footer: footer, settings: settings, proxies: proxies}
}

// Config is the answer. Title is null when neither the host has a brand nor the shop a name (the
// app shows 商城 / Mall); footerText and caseNumber are empty when not configured.
type Config struct {
	Title      *string `json:"title"`
	FooterText string  `json:"footerText" description:"the page footer's text; empty: none"`
	CaseNumber string  `json:"caseNumber" description:"the ICP filing number shown in the footer; empty: none"`
}

// TitleFor is the brand title of a host ("Shop.example.com:8443" counts as shop.example.com).
func (s *Service) TitleFor(host string) (string, bool) {
	title, ok := s.titles[config.NormalizeHost(host)]
	return title, ok
}

// ConfigFor is the public configuration of a page on host: the host's brand wins over the shop
// name, so one BFF can serve several branded portals.
func (s *Service) ConfigFor(ctx context.Context, host string) (Config, error) {
	out := Config{FooterText: s.footer.Text, CaseNumber: s.footer.CaseNumber}
	if title, ok := s.TitleFor(host); ok {
		out.Title = &title
		return out, nil
	}
	name, ok, err := s.settings.Get(ctx, ShopKey)
	if err != nil {
		return Config{}, err
	}
	if ok && name != "" {
		out.Title = &name
	}
	return out, nil
}
