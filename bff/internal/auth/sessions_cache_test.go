package auth_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"mallconsole/bff/internal/auth"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
)

// countingStore is the real SQL store, counting the lookups that reach it and able to hold one
// back until told (to race a Delete with it).
type countingStore struct {
	auth.SessionStore
	lookups atomic.Int64
	hold    chan chan struct{}
}

func (c *countingStore) Lookup(ctx context.Context, id string) (auth.Session, bool, error) {
	c.lookups.Add(1)
	s, found, err := c.SessionStore.Lookup(ctx, id)
	if c.hold != nil {
		release := make(chan struct{})
		c.hold <- release
		<-release
	}
	return s, found, err
}

// countedSessions is a counting SQL session store on SQLite and a user made with prefix.
func countedSessions(t *testing.T, prefix string) (*countingStore, []int64) {
	t.Helper()
	g := dbtest.Open(t, db.SQLite)
	sql, err := auth.NewSQLSessions(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sql.Close() })
	return &countingStore{SessionStore: sql}, makeUsers(t, g, prefix)
}

func TestLocalSessionsRememberUntilDeletedOrStale(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	inner, users := countedSessions(t, "c1")
	now := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	l := auth.NewLocalSessions(inner, 5*time.Second, 2, clock)
	for _, id := range []string{"s1", "s2", "s3", "s4"} {
		if err := l.Create(ctx, auth.Session{ID: id, UserID: users[0], Kind: "staff", ExpiresAt: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
	}
	lookup := func(id string, wantFound bool, wantReads int64) {
		t.Helper()
		_, found, err := l.Lookup(ctx, id)
		if err != nil || found != wantFound {
			t.Fatalf("lookup %s: found %v, err %v; want found %v", id, found, err, wantFound)
		}
		if got := inner.lookups.Load(); got != wantReads {
			t.Fatalf("after lookup %s the store was read %d times, want %d", id, got, wantReads)
		}
	}
	lookup("s1", true, 1)
	lookup("s1", true, 1) // remembered
	now = now.Add(5 * time.Second)
	lookup("s1", true, 2) // stale: read again
	if err := l.Delete(ctx, "s1"); err != nil {
		t.Fatal(err)
	}
	lookup("s1", false, 3) // a deleted session is gone at once
	lookup("nope", false, 4)
	lookup("nope", false, 5) // what is not there is not remembered
	// Full: it forgets everything rather than growing.
	lookup("s2", true, 6)
	lookup("s3", true, 7)
	lookup("s3", true, 7)
	lookup("s4", true, 8)
	lookup("s2", true, 9)

	// A lookup that read the row before a Delete and answers after it is not remembered.
	inner.hold = make(chan chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _, _ = l.Lookup(ctx, "s3")
	}()
	release := <-inner.hold
	inner.hold = nil
	if err := l.Delete(ctx, "s3"); err != nil {
		t.Fatal(err)
	}
	close(release)
	<-done
	lookup("s3", false, 11)
}

// TestLocalSessionsPaused: while paused (the announcements of ended sessions cannot arrive)
// nothing is remembered and what was is forgotten; after Resume sessions are remembered again.
func TestLocalSessionsPaused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	inner, users := countedSessions(t, "p1")
	now := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	l := auth.NewLocalSessions(inner, 5*time.Second, 100, func() time.Time { return now })
	if err := l.Create(ctx, auth.Session{ID: "s1", UserID: users[0], Kind: "staff", ExpiresAt: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	reads := func(n int) int64 {
		for range n {
			if _, found, err := l.Lookup(ctx, "s1"); err != nil || !found {
				t.Fatalf("lookup: %v %v", found, err)
			}
		}
		return inner.lookups.Swap(0)
	}
	if got := reads(3); got != 1 {
		t.Fatalf("remembered: %d reads of the store for 3 lookups, want 1", got)
	}
	l.Pause()
	if got := reads(3); got != 3 {
		t.Fatalf("paused: %d reads of the store for 3 lookups, want 3", got)
	}
	l.Resume()
	if got := reads(3); got != 1 {
		t.Fatalf("resumed: %d reads of the store for 3 lookups, want 1", got)
	}
}
