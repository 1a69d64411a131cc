package tracking

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// maxEvents bounds what one parcel keeps (newest first): a parcel lost in a loop must not
// grow a row without end.
const maxEvents = 200

// Store keeps the parcels.
type Store struct{ db *gorm.DB }

// NewStore returns the store over db.
func NewStore(db *gorm.DB) *Store { return &Store{db: db} }

// Get returns the parcel, or nil when nothing is known of it.
func (s *Store) Get(ctx context.Context, company, no string) (*Parcel, error) {
	var p Parcel
	err := s.db.WithContext(ctx).Where("company = ? AND tracking_no = ?", company, no).Take(&p).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	return &p, err
}

// Save records a fetched or pushed result at t, creating the parcel on first sight; two
// writers racing on a new parcel meet at the unique key and the later one updates.
func (s *Store) Save(ctx context.Context, company, no string, r Result, t time.Time) error {
	events := r.Events
	if len(events) > maxEvents {
		events = events[:maxEvents]
	}
	b, err := json.Marshal(events)
	if err != nil {
		return err
	}
	p := Parcel{Company: company, TrackingNo: no, State: r.State, Events: string(b), FetchedAt: &t, UpdateTime: t}
	return s.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "company"}, {Name: "tracking_no"}},
		DoUpdates: clause.AssignmentColumns([]string{"state", "events", "fetched_at", "update_time"}),
	}).Create(&p).Error
}

// Unsubscribed returns those of keys (company + "\x00" + number) not yet subscribed.
func (s *Store) Unsubscribed(ctx context.Context, keys []Lookup) ([]Lookup, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	nos := make([]string, len(keys))
	for i, k := range keys {
		nos[i] = k.TrackingNo
	}
	var done []Parcel
	err := s.db.WithContext(ctx).Select("company", "tracking_no").
		Where("tracking_no IN ? AND subscribed = ?", nos, true).Find(&done).Error
	if err != nil {
		return nil, err
	}
	seen := map[[2]string]bool{}
	for _, p := range done {
		seen[[2]string{p.Company, p.TrackingNo}] = true
	}
	var out []Lookup
	for _, k := range keys {
		if !seen[[2]string{k.Company, k.TrackingNo}] {
			out = append(out, k)
			seen[[2]string{k.Company, k.TrackingNo}] = true
		}
	}
	return out, nil
}

// MarkSubscribed records the subscription inside the transaction check passes (the job's
// fence): a run another instance took over commits nothing.
func (s *Store) MarkSubscribed(ctx context.Context, company, no string, t time.Time, check func(*gorm.DB) error) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := check(tx); err != nil {
			return err
		}
		p := Parcel{Company: company, TrackingNo: no, Events: "[]", Subscribed: true, UpdateTime: t}
		return tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "company"}, {Name: "tracking_no"}},
			DoUpdates: clause.AssignmentColumns([]string{"subscribed", "update_time"}),
		}).Create(&p).Error
	})
}

// events reads a parcel's events.
func (p *Parcel) events() []Event {
	var es []Event
	if p != nil && p.Events != "" {
		_ = json.Unmarshal([]byte(p.Events), &es) // written by Save only
	}
	return es
}
