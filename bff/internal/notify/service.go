package notify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"gorm.io/gorm"
)

// Recipient is a user a message may go to. AgencyID is a channel operator's agency; nil for
// staff. Email "" means no mail.
type Recipient struct {
	UserID   int64
	AgencyID *int64
	Email    string
}

// Directory resolves an audience to the enabled users it names (the listed users, the holders
// of the permission, the administrators), before the agency rule and the preferences.
type Directory interface {
	Recipients(ctx context.Context, a Audience) ([]Recipient, error)
}

// Options are the service's settings; zero values take the defaults.
type Options struct {
	Now       func() time.Time
	Log       *slog.Logger
	TodoCount func(ctx context.Context, userID int64) (int64, error) // nil: todo is always 0
	// SessionAlive tells whether a session still stands; a stream asks every Heartbeat, so a
	// session ended without its `end` event (an instance cut off from Redis) closes its streams
	// within one Heartbeat. nil: only the `end` event closes them.
	SessionAlive func(ctx context.Context, sessionID string) (bool, error)
	Channels     []Channel
	Heartbeat    time.Duration // default 15 s
	KeepFor      time.Duration // how long messages are kept (Sweep's caller); default 90 days
	QueueSize    int           // outbound deliveries waiting; default 1000
}

// ErrUnknownType is a Send of a type not in Types: a programming error of the producer.
var ErrUnknownType = errors.New("notify: unknown message type")

// Service is the message centre.
type Service struct {
	st    store
	dir   Directory
	hub   Hub
	opt   Options
	queue chan delivery
	stop  chan struct{}
	wg    sync.WaitGroup
	once  sync.Once
	// quit ends every stream: the server is shutting down, and http.Server.Shutdown waits for
	// connections to go idle, which a stream never does.
	quit     chan struct{}
	quitOnce sync.Once
}

type delivery struct {
	r Recipient
	m Stored
}

// New builds the service and, with outbound channels, starts their worker (Close stops it).
func New(db *gorm.DB, d Directory, hub Hub, o Options) *Service {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	if o.Heartbeat <= 0 {
		o.Heartbeat = 15 * time.Second
	}
	if o.KeepFor <= 0 {
		o.KeepFor = 90 * 24 * time.Hour
	}
	if o.QueueSize <= 0 {
		o.QueueSize = 1000
	}
	s := &Service{st: store{db: db}, dir: d, hub: hub, opt: o, stop: make(chan struct{}), quit: make(chan struct{})}
	if len(o.Channels) > 0 {
		s.queue = make(chan delivery, o.QueueSize)
		s.wg.Add(1)
		go s.deliverLoop()
	}
	return s
}

// Shutdown ends every open stream (register it with http.Server.RegisterOnShutdown); the
// clients reconnect to another instance or after the restart, with Last-Event-ID.
func (s *Service) Shutdown() { s.quitOnce.Do(func() { close(s.quit) }) }

// KeepFor is how long messages are kept.
func (s *Service) KeepFor() time.Duration { return s.opt.KeepFor }

// Known tells whether t is a message type.
func Known(t string) bool { return slices.Contains(Types, t) }

// Send stores the message for every member of the audience who has its type on, then tells
// their open consoles and hands it to the outbound channels. A channel operator receives it
// only when the audience is of their agency; a shop-wide message (no AgencyID) goes to staff only.
func (s *Service) Send(ctx context.Context, to Audience, m Message) error {
	if !Known(m.Type) {
		return fmt.Errorf("%w: %q", ErrUnknownType, m.Type)
	}
	rs, err := s.dir.Recipients(ctx, to)
	if err != nil {
		return fmt.Errorf("notify: resolving the audience: %w", err)
	}
	seen := map[int64]bool{}
	var ids []int64
	var keep []Recipient
	for _, r := range rs {
		if seen[r.UserID] || !agencyLetsIn(to.AgencyID, r.AgencyID) {
			continue
		}
		seen[r.UserID] = true
		ids = append(ids, r.UserID)
		keep = append(keep, r)
	}
	off, err := s.st.turnedOff(ctx, m.Type, ids)
	if err != nil {
		return err
	}
	now := s.opt.Now()
	rows := make([]row, 0, len(keep))
	var to2 []Recipient
	for _, r := range keep {
		if off[r.UserID] {
			continue
		}
		rows = append(rows, row{UserID: r.UserID, Type: m.Type, Title: m.Title, Body: m.Body, Link: m.Link, CreateTime: now})
		to2 = append(to2, r)
	}
	if len(rows) == 0 {
		return nil
	}
	if err := s.st.insert(ctx, rows); err != nil {
		return fmt.Errorf("notify: storing: %w", err)
	}
	users := make([]int64, len(rows))
	for i, r := range rows {
		users[i] = r.UserID
	}
	counts, err := s.st.unreadCounts(ctx, users)
	if err != nil {
		return err
	}
	for i, r := range rows {
		st := r.stored()
		data, _ := json.Marshal(st)
		s.publish(ctx, Event{UserID: r.UserID, Kind: KindMessage, ID: r.ID, Data: data})
		s.publish(ctx, countEvent(r.UserID, KindUnread, counts[r.UserID]))
		s.enqueue(to2[i], st)
	}
	return nil
}

// agencyLetsIn is the agency rule: staff (no agency) always; an operator only for a message of
// their own agency.
func agencyLetsIn(audience, recipient *int64) bool {
	if recipient == nil {
		return true
	}
	return audience != nil && *audience == *recipient
}

func countEvent(userID int64, kind string, n int64) Event {
	data, _ := json.Marshal(struct {
		Count int64 `json:"count"`
	}{n})
	return Event{UserID: userID, Kind: kind, Data: data}
}

// publish hands an event to the hub; a failure costs only the live update (the message is
// stored and the next connect or resync shows it), so it is logged.
func (s *Service) publish(ctx context.Context, ev Event) {
	if err := s.hub.Publish(ctx, ev); err != nil {
		s.opt.Log.Warn("notify: publishing an event", "kind", ev.Kind, "user", ev.UserID, "err", err)
	}
}

// Todo tells the users' consoles that their 待办 count changed, with the new count.
func (s *Service) Todo(ctx context.Context, userIDs ...int64) {
	for _, id := range userIDs {
		n, err := s.todoCount(ctx, id)
		if err != nil {
			s.opt.Log.Warn("notify: counting 待办", "user", id, "err", err)
			continue
		}
		s.publish(ctx, countEvent(id, KindTodo, n))
	}
}

func (s *Service) todoCount(ctx context.Context, userID int64) (int64, error) {
	if s.opt.TodoCount == nil {
		return 0, nil
	}
	return s.opt.TodoCount(ctx, userID)
}

// EndSessions closes the streams of the sessions on every instance (auth's OnSessionEnd).
func (s *Service) EndSessions(ctx context.Context, sessionIDs []string) {
	for _, id := range sessionIDs {
		s.publish(ctx, Event{SessionID: id, Kind: KindEnd})
	}
}

// List is one page of the user's messages, newest first.
func (s *Service) List(ctx context.Context, userID int64, f Filter, offset, limit int) ([]Stored, int64, error) {
	return s.st.list(ctx, userID, f, offset, limit)
}

// UnreadCount is the user's unread messages.
func (s *Service) UnreadCount(ctx context.Context, userID int64) (int64, error) {
	c, err := s.st.unreadCounts(ctx, []int64{userID})
	return c[userID], err
}

// MarkRead marks the user's messages of ids (or all of them) read; another user's ids are
// ignored. The user's consoles get the new unread count.
func (s *Service) MarkRead(ctx context.Context, userID int64, ids []int64, all bool) error {
	n, err := s.st.markRead(ctx, userID, ids, all, s.opt.Now())
	if err != nil || n == 0 {
		return err
	}
	c, err := s.UnreadCount(ctx, userID)
	if err != nil {
		return err
	}
	s.publish(ctx, countEvent(userID, KindUnread, c))
	return nil
}

// Prefs are the types the user turned off.
func (s *Service) Prefs(ctx context.Context, userID int64) ([]string, error) {
	return s.st.prefs(ctx, userID)
}

// SetPrefs replaces the types the user turned off; each must be known.
func (s *Service) SetPrefs(ctx context.Context, userID int64, off []string) error {
	var clean []string
	for _, t := range off {
		if !Known(t) {
			return fmt.Errorf("%w: %q", ErrUnknownType, t)
		}
		if !slices.Contains(clean, t) {
			clean = append(clean, t)
		}
	}
	return s.st.setPrefs(ctx, userID, clean)
}

// Sweep deletes up to one batch of messages created before the time and returns how many; the
// retention job calls it until it returns fewer than a batch, with before = now - KeepFor.
func (s *Service) Sweep(ctx context.Context, before time.Time) (int64, error) {
	return s.st.sweep(ctx, before)
}

// SweepBatch is the most one Sweep deletes.
const SweepBatch = sweepBatch
