package notify

import (
	"context"
	"sync"
	"sync/atomic"
)

// Kinds of event.
const (
	KindMessage = "message" // a new message; Data is its Stored JSON, ID its id
	KindUnread  = "unread"  // the user's unread count; Data is {"count":n}
	KindTodo    = "todo"    // the user's 待办 count; Data is {"count":n}
	KindEnd     = "end"     // the session SessionID ended: its streams close
)

// Event is what travels from a Service to the streams of one user (or, for KindEnd, of one
// session), on this instance or, through Redis, on every instance.
type Event struct {
	UserID    int64  `json:"u,omitempty"`
	SessionID string `json:"s,omitempty"`
	Kind      string `json:"k"`
	ID        int64  `json:"i,omitempty"`
	Data      []byte `json:"d,omitempty"`
}

// Hub carries events to the subscribers of every instance.
type Hub interface {
	Publish(ctx context.Context, ev Event) error
	Subscribe(userID int64, sessionID string) *Subscription
}

// Limits of the fan-out: the events a subscriber may have waiting (a slow one loses its oldest
// and must resync), and the streams one session may hold open on one instance (a tab each; the
// oldest is ended: a tab reloading in a loop cannot pile up connections). Per session, not per
// user: people share an account across machines, and each sign-in is its own session.
const (
	subscriberBuffer     = 64
	maxStreamsPerSession = 8
)

// Subscription is one open stream's view of the hub.
type Subscription struct {
	events    chan Event
	ended     chan struct{}
	endOnce   sync.Once
	lost      atomic.Bool
	userID    int64
	sessionID string
	seq       uint64
	fan       *fanout
}

// Events are the subscriber's events, oldest first.
func (s *Subscription) Events() <-chan Event { return s.events }

// Ended is closed when the session ended, the session opened too many streams, or Close was called.
func (s *Subscription) Ended() <-chan struct{} { return s.ended }

// Lost tells (once) whether events were dropped since the last call: the stream must then send
// the counts afresh, as a dropped `unread` may have been the latest.
func (s *Subscription) Lost() bool { return s.lost.Swap(false) }

// Close leaves the hub.
func (s *Subscription) Close() {
	s.fan.remove(s)
	s.end()
}

func (s *Subscription) end() { s.endOnce.Do(func() { close(s.ended) }) }

// offer hands ev to the subscriber without ever waiting: with the buffer full the oldest event
// makes room and the subscriber is marked to resync. Called with the fan-out's lock held, so
// offers to one subscriber do not interleave.
func (s *Subscription) offer(ev Event) {
	for range 2 {
		select {
		case s.events <- ev:
			return
		default:
		}
		select {
		case <-s.events:
			s.lost.Store(true)
		default:
		}
	}
}

// fanout is the subscribers of one instance, by user and by session.
type fanout struct {
	mu        sync.Mutex
	seq       uint64
	byUser    map[int64]map[*Subscription]struct{}
	bySession map[string]map[*Subscription]struct{}
}

func newFanout() *fanout {
	return &fanout{byUser: map[int64]map[*Subscription]struct{}{}, bySession: map[string]map[*Subscription]struct{}{}}
}

func (f *fanout) subscribe(userID int64, sessionID string) *Subscription {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.seq++
	s := &Subscription{events: make(chan Event, subscriberBuffer), ended: make(chan struct{}),
		userID: userID, sessionID: sessionID, seq: f.seq, fan: f}
	subs := f.byUser[userID]
	if subs == nil {
		subs = map[*Subscription]struct{}{}
		f.byUser[userID] = subs
	}
	for len(f.bySession[sessionID]) >= maxStreamsPerSession {
		var oldest *Subscription
		for o := range f.bySession[sessionID] {
			if oldest == nil || o.seq < oldest.seq {
				oldest = o
			}
		}
		f.removeLocked(oldest)
		oldest.end()
	}
	subs[s] = struct{}{}
	if f.bySession[sessionID] == nil {
		f.bySession[sessionID] = map[*Subscription]struct{}{}
	}
	f.bySession[sessionID][s] = struct{}{}
	return s
}

func (f *fanout) remove(s *Subscription) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.removeLocked(s)
}

func (f *fanout) removeLocked(s *Subscription) {
	if subs := f.byUser[s.userID]; subs != nil {
		delete(subs, s)
		if len(subs) == 0 {
			delete(f.byUser, s.userID)
		}
	}
	if subs := f.bySession[s.sessionID]; subs != nil {
		delete(subs, s)
		if len(subs) == 0 {
			delete(f.bySession, s.sessionID)
		}
	}
}

// deliver hands ev to this instance's subscribers it is for.
func (f *fanout) deliver(ev Event) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if ev.Kind == KindEnd {
		for s := range f.bySession[ev.SessionID] {
			f.removeLocked(s)
			s.end()
		}
		return
	}
	for s := range f.byUser[ev.UserID] {
		s.offer(ev)
	}
}

// count is the number of open subscriptions (for tests and figures).
func (f *fanout) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, subs := range f.byUser {
		n += len(subs)
	}
	return n
}

// LocalHub is the hub of one process (the embedded SQLite default).
type LocalHub struct{ fan *fanout }

// NewLocalHub returns an empty in-process hub.
func NewLocalHub() *LocalHub { return &LocalHub{fan: newFanout()} }

// Publish delivers ev to this process's subscribers.
func (h *LocalHub) Publish(_ context.Context, ev Event) error {
	h.fan.deliver(ev)
	return nil
}

// Subscribe opens a subscription for the user's session.
func (h *LocalHub) Subscribe(userID int64, sessionID string) *Subscription {
	return h.fan.subscribe(userID, sessionID)
}

// Subscribers is the number of open subscriptions.
func (h *LocalHub) Subscribers() int { return h.fan.count() }
