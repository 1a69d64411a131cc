package audit

import (
	"context"
	"log/slog"
	"strings"
	"time"
)

// Retention is how long the log keeps an entry: long enough for a yearly review of who changed
// what, short enough that the table does not grow without end.
const Retention = 400 * 24 * time.Hour

// SignInRoutes are the routes whose log entries are sign-in attempts.
var SignInRoutes = []string{"/api/auth/login", "/background/common/tj/login", "/api/auth/loginAccount"}

// Service records writes and serves the log. It has no errors of its own to answer with: the log
// is written by the server, never by a caller's body.
type Service struct {
	store   *Store
	now     func() time.Time
	log     *slog.Logger
	browser func(userAgent string) string
}

// New builds the service; browser names the client from its User-Agent.
func New(store *Store, now func() time.Time, log *slog.Logger, browser func(string) string) *Service {
	return &Service{store: store, now: now, log: log, browser: browser}
}

// Record stores e, cut to the columns' sizes. A failure is logged, never returned: the write
// being recorded has happened, and its caller must get its answer.
func (s *Service) Record(ctx context.Context, e *Entry) {
	e.Username = truncate(e.Username, 64)
	e.Path = truncate(e.Path, 255)
	e.Route = truncate(e.Route, 255)
	e.Action = truncate(e.Action, actionMax)
	e.Reason = truncate(e.Reason, 255)
	e.IP = truncate(e.IP, 64)
	e.Browser = truncate(e.Browser, 128)
	if err := s.store.Add(ctx, e); err != nil {
		s.log.ErrorContext(ctx, "recording the operation log", "err", err, "path", e.Path)
	}
}

// truncate cuts s to n characters, invalid UTF-8 made valid first: the database refuses it
// (MySQL) and the row must be written whatever the request carried.
func truncate(s string, n int) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// Search returns a page of entries, newest first, and the total.
func (s *Service) Search(ctx context.Context, q Query) ([]Entry, int64, error) {
	return s.store.Search(ctx, q)
}

// Sweep removes entries past the retention (run now and then).
func (s *Service) Sweep(ctx context.Context) error {
	return s.store.DeleteBefore(ctx, s.now().Add(-Retention))
}

// SignIns returns the user's last limit sign-in attempts, newest first.
func (s *Service) SignIns(ctx context.Context, username string, limit int) ([]SignIn, error) {
	es, err := s.store.Latest(ctx, username, SignInRoutes, limit)
	out := make([]SignIn, len(es))
	for i, e := range es {
		out[i] = SignIn{Time: e.CreateTime, IP: e.IP, Browser: e.Browser, Success: e.Success}
	}
	return out, err
}
