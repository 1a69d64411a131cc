package auth

import (
	"context"
	"sync"
	"time"
)

// LocalSessions remembers the sessions it has looked up for a few seconds, in front of a store
// that only this process writes (the embedded SQLite database, where the session check is the
// largest cost of a signed-in request: the driver compiles the query on every call), or one whose
// ends every instance announces (Redis: Announced and ListenEnded, where the check is a network
// round trip). Every end of a session goes through Delete here, so a logout or a kick-out is seen
// at once; expiry is still judged by the caller on each request. Not for MySQL sessions without
// Redis: another instance could end one unseen.
type LocalSessions struct {
	SessionStore
	ttl time.Duration
	max int
	now func() time.Time

	mu     sync.RWMutex
	gen    uint64 // bumped by every Delete, so a lookup racing with it is not remembered
	m      map[string]remembered
	paused bool // nothing is remembered (Pause): the ends of sessions cannot be heard
}

type remembered struct {
	s    Session
	read time.Time
}

// NewLocalSessions remembers up to max sessions for ttl each.
func NewLocalSessions(inner SessionStore, ttl time.Duration, max int, now func() time.Time) *LocalSessions {
	return &LocalSessions{SessionStore: inner, ttl: ttl, max: max, now: now, m: make(map[string]remembered)}
}

func (l *LocalSessions) Lookup(ctx context.Context, id string) (Session, bool, error) {
	now := l.now()
	l.mu.RLock()
	r, ok := l.m[id]
	gen, paused := l.gen, l.paused
	l.mu.RUnlock()
	if paused {
		return l.SessionStore.Lookup(ctx, id)
	}
	if ok && now.Sub(r.read) < l.ttl {
		return r.s, true, nil
	}
	s, found, err := l.SessionStore.Lookup(ctx, id)
	if err != nil || !found {
		return s, found, err
	}
	l.mu.Lock()
	if l.gen == gen && !l.paused {
		if len(l.m) >= l.max {
			clear(l.m) // rare: more live sessions than max signed in within ttl
		}
		l.m[id] = remembered{s: s, read: now}
	}
	l.mu.Unlock()
	return s, true, nil
}

func (l *LocalSessions) Delete(ctx context.Context, ids ...string) error {
	l.forget(ids)
	err := l.SessionStore.Delete(ctx, ids...)
	// Again after the store: a lookup that read a row before it went must not bring it back.
	l.forget(ids)
	return err
}

func (l *LocalSessions) forget(ids []string) {
	l.mu.Lock()
	l.gen++
	for _, id := range ids {
		delete(l.m, id)
	}
	l.mu.Unlock()
}

// Pause forgets every session and remembers none until Resume: while the announcements of ended
// sessions cannot arrive (the Redis subscription is down, and Redis itself may have restarted
// empty), every request reads the store.
func (l *LocalSessions) Pause() {
	l.mu.Lock()
	l.gen++
	l.paused = true
	clear(l.m)
	l.mu.Unlock()
}

// Resume remembers sessions again (the subscription is back).
func (l *LocalSessions) Resume() {
	l.mu.Lock()
	l.paused = false
	l.mu.Unlock()
}
