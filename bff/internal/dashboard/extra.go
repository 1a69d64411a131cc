package dashboard

import (
	"context"
	"log/slog"
	"net/url"
	"time"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/upstream"
)

// ExtraPath is where an existing backend adds figures of its own to the overview. When a
// BFF_UPSTREAMS prefix covers it, GET ExtraPath?start=&end= is fetched with the user's identity
// while the local figures are read, and its cards are shown after the local ones; when it fails
// or is late, the overview still answers, naming the part unavailable (docs/upstream.md
// "Aggregation").
const ExtraPath = "/api/dashboard/extra"

// extraPart names the upstream's part in Unavailable.
const extraPart = "extra"

// Limits of what an upstream may add: a row of cards, short texts.
const (
	maxCards     = 8
	maxCardRunes = 32
	// maxExtraWait bounds how long the overview waits for the upstream's part.
	maxExtraWait = 3 * time.Second
)

// Upstreams is what the overview needs of upstream.Service.
type Upstreams interface {
	Covers(path string) bool
	GetJSON(ctx context.Context, p *authz.Principal, path string, out any) error
}

// Card is one figure an upstream adds: its title and its value as the upstream writes it.
type Card struct {
	Title string `json:"title" maxLength:"32"`
	Value string `json:"value" maxLength:"32"`
}

type extraAnswer struct {
	Cards []Card `json:"cards"`
}

// extras is the upstream side of the overview, when one is configured.
type extras struct {
	ups  Upstreams
	log  *slog.Logger
	wait time.Duration
}

// UseUpstreams lets the overview add an upstream's cards (when a prefix covers ExtraPath),
// waiting at most wait (and never more than 3 s) for them.
func (s *Service) UseUpstreams(ups Upstreams, log *slog.Logger, wait time.Duration) {
	if wait <= 0 || wait > maxExtraWait {
		wait = maxExtraWait
	}
	s.extras = &extras{ups: ups, log: log, wait: wait}
}

// asked tells whether an upstream adds cards to p's overview.
func (e *extras) asked(p *authz.Principal) bool {
	return e != nil && p != nil && e.ups.Covers(ExtraPath)
}

// fetch gets the upstream's cards for the period as p; the caller asks only when asked(p).
func (e *extras) fetch(ctx context.Context, p *authz.Principal, start, end string) (cards []Card, missing []upstream.Unavailable) {
	q := url.Values{"start": {start}, "end": {end}}
	got, failed := upstream.Gather(ctx, e.wait, upstream.Part{Name: extraPart, Fetch: func(ctx context.Context) (any, error) {
		var a extraAnswer
		err := e.ups.GetJSON(ctx, p, ExtraPath+"?"+q.Encode(), &a)
		return a, err
	}})
	for _, f := range failed {
		e.log.WarnContext(ctx, "overview part unavailable", "part", f.Part, "err", f.Err)
		missing = append(missing, upstream.Unavailable{Part: f.Part, Status: upstream.StatusUnavailable})
	}
	if a, ok := got[extraPart].(extraAnswer); ok {
		cards = clip(a.Cards)
	}
	if cards == nil {
		cards = []Card{}
	}
	if missing == nil {
		missing = []upstream.Unavailable{}
	}
	return cards, missing
}

// clip keeps what fits a row of cards: at most maxCards, texts of at most maxCardRunes.
func clip(cards []Card) []Card {
	if len(cards) > maxCards {
		cards = cards[:maxCards]
	}
	out := make([]Card, len(cards))
	for i, c := range cards {
		out[i] = Card{Title: cut(c.Title), Value: cut(c.Value)}
	}
	return out
}

func cut(s string) string {
	r := []rune(s)
	if len(r) > maxCardRunes {
		return string(r[:maxCardRunes])
	}
	return s
}
