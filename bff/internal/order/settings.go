package order

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// Settings are the shop's order rules (订单设置). A change applies to orders from then on: each
// deadline is written on the order when it is made, shipped or completed, never recomputed.
type Settings struct {
	UnpaidCloseMinutes int   `json:"unpaidCloseMinutes" minimum:"5" maximum:"10080" description:"minutes before an unpaid order closes"`
	CompleteAfterDays  int   `json:"completeAfterDays" minimum:"1" maximum:"365" description:"days after shipping before an order completes"`
	AfterSaleDays      int   `json:"afterSaleDays" minimum:"0" maximum:"365" description:"days after completion during which after-sales may be opened"`
	LowStockDefault    int64 `json:"lowStockDefault" minimum:"0" maximum:"999999" description:"a new SKU's low-stock threshold when none is given"`
	// ShipmentFixHours is read when a shipment is corrected or cancelled, against the order's ship
	// time: unlike the deadlines it is staff's own window, not a promise to the buyer.
	ShipmentFixHours int `json:"shipmentFixHours" minimum:"1" maximum:"720" description:"hours after shipping during which the shipment may be corrected or cancelled"`
}

// DefaultSettings are the rules before anyone saved any.
func DefaultSettings() Settings {
	return Settings{UnpaidCloseMinutes: 30, CompleteAfterDays: 15, AfterSaleDays: 7, LowStockDefault: 10, ShipmentFixHours: 24}
}

// SettingsKey is the settings row the rules are kept in (JSON).
const SettingsKey = "order_settings"

// RangeError: a rule is outside what it may be; Field is its JSON name.
type RangeError struct {
	Field    string
	Min, Max int64
}

func (e *RangeError) Error() string {
	return fmt.Sprintf("order: %s must be within %d..%d", e.Field, e.Min, e.Max)
}

// Check is the first rule out of range, or nil.
func (st Settings) Check() error {
	for _, r := range []struct {
		field    string
		v        int64
		min, max int64
	}{
		{"unpaidCloseMinutes", int64(st.UnpaidCloseMinutes), 5, 10080},
		{"completeAfterDays", int64(st.CompleteAfterDays), 1, 365},
		{"afterSaleDays", int64(st.AfterSaleDays), 0, 365},
		{"lowStockDefault", st.LowStockDefault, 0, 999999},
		{"shipmentFixHours", int64(st.ShipmentFixHours), 1, 720},
	} {
		if r.v < r.min || r.v > r.max {
			return &RangeError{Field: r.field, Min: r.min, Max: r.max}
		}
	}
	return nil
}

// KV is the settings table (initsetup.Store).
type KV interface {
	Get(ctx context.Context, key string) (string, bool, error)
	Set(ctx context.Context, tx *gorm.DB, key, value string) error
}

// Rules reads and saves the order rules. It is read on every move that stamps a deadline (one
// primary-key read), so every instance applies a change at once.
type Rules struct{ kv KV }

// NewRules keeps the rules in kv.
func NewRules(kv KV) *Rules { return &Rules{kv: kv} }

// Get returns the rules saved, the defaults where nothing was saved.
func (r *Rules) Get(ctx context.Context) (Settings, error) {
	st := DefaultSettings()
	v, ok, err := r.kv.Get(ctx, SettingsKey)
	if err != nil || !ok {
		return st, err
	}
	// a field a later version adds keeps its default on rows saved before it
	if err := json.Unmarshal([]byte(v), &st); err != nil {
		return DefaultSettings(), fmt.Errorf("order: settings %q: %w", SettingsKey, err)
	}
	return st, nil
}

// Put checks and saves st; the answer is the rules before.
func (r *Rules) Put(ctx context.Context, st Settings) (Settings, error) {
	if err := st.Check(); err != nil {
		return Settings{}, err
	}
	before, err := r.Get(ctx)
	if err != nil {
		return Settings{}, err
	}
	v, err := json.Marshal(st)
	if err != nil {
		return Settings{}, err
	}
	return before, r.kv.Set(ctx, nil, SettingsKey, string(v))
}

// LowStockDefault is a new SKU's threshold when its form leaves it empty (goods.Defaults).
func (r *Rules) LowStockDefault(ctx context.Context) (int64, error) {
	st, err := r.Get(ctx)
	return st.LowStockDefault, err
}

// SettingsReader is what the service reads the rules through (*Rules); nil: the defaults.
type SettingsReader interface {
	Get(ctx context.Context) (Settings, error)
}

// UseSettings makes the service stamp deadlines from r's rules (read per move).
func (s *Service) UseSettings(r SettingsReader) { s.rules = r }

// settings are the rules now.
func (s *Service) settings(ctx context.Context) (Settings, error) {
	if s.rules == nil {
		return DefaultSettings(), nil
	}
	return s.rules.Get(ctx)
}

// payDeadline is when an unpaid order made at now closes by itself.
func (st Settings) payDeadline(now time.Time) *time.Time {
	t := now.Add(time.Duration(st.UnpaidCloseMinutes) * time.Minute)
	return &t
}

func days(n int) time.Duration { return time.Duration(n) * 24 * time.Hour }
