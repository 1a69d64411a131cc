package report

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// Settings keeps the refresh's watermark (initsetup.Store).
type Settings interface {
	Get(ctx context.Context, key string) (string, bool, error)
	Set(ctx context.Context, tx *gorm.DB, key, value string) error
}

// KeyWatermark is the settings key of the refresh's progress (watermark).
const KeyWatermark = "report_watermark"

// settle is how far back a caught-up refresh looks again next time: a write stamped before the
// last refresh's scan may commit after it (its transaction was still open), and is found by the
// next run instead of never.
const settle = time.Minute

// Service refreshes and answers the sales reports.
type Service struct {
	db       *gorm.DB
	settings Settings
	loc      *time.Location
	now      func() time.Time
}

// NewService counts days in loc, the server's zone, as the dashboard does.
func NewService(g *gorm.DB, settings Settings, loc *time.Location, now func() time.Time) *Service {
	return &Service{db: g, settings: settings, loc: loc, now: now}
}

// watermark is how far the refresh got: every day with a change stamped before (Change, Day) in
// (change time, day) order is refreshed. At is when the refresh last caught up: the figures'
// age a page shows.
type watermark struct {
	Change time.Time `json:"change"`
	Day    string    `json:"day"`
	At     time.Time `json:"at"`
}

func (s *Service) watermark(ctx context.Context) (watermark, error) {
	var w watermark
	v, ok, err := s.settings.Get(ctx, KeyWatermark)
	if err != nil || !ok {
		return w, err
	}
	// A value that does not read is a watermark at the start: everything is refreshed again.
	_ = json.Unmarshal([]byte(v), &w)
	return w, nil
}

func (s *Service) saveWatermark(ctx context.Context, tx *gorm.DB, w watermark) error {
	b, err := json.Marshal(w)
	if err != nil {
		return err
	}
	return s.settings.Set(ctx, tx, KeyWatermark, string(b))
}

// AsOf is when the figures last caught up with the orders; nil before the first refresh.
func (s *Service) AsOf(ctx context.Context) (*time.Time, error) {
	w, err := s.watermark(ctx)
	if err != nil || w.At.IsZero() {
		return nil, err
	}
	return &w.At, nil
}

// zone is the server's zone as the dashboard reads days: its offset now for every row
// (dashboard.dayExpr), so that both put a sale on the same day.
func (s *Service) zone() (*time.Location, int) {
	_, off := s.now().In(s.loc).Zone()
	return time.FixedZone("report", off), off
}

// dayExpr is the SQL of a stored UTC time's day in the server's zone (as dashboard.dayExpr).
func (s *Service) dayExpr(tx *gorm.DB) func(col string) string {
	_, off := s.zone()
	if db.Dialect(tx) == db.MySQL {
		return func(col string) string {
			return fmt.Sprintf("DATE_FORMAT(DATE_ADD(%s, INTERVAL %d SECOND), '%%Y-%%m-%%d')", col, off)
		}
	}
	return func(col string) string { return fmt.Sprintf("strftime('%%Y-%%m-%%d', %s, '%+d seconds')", col, off) }
}
