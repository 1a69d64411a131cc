package kv_test

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/kv"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// eachStore runs body on every implementation: SQL on SQLite and MySQL, and Redis.
func eachStore(t *testing.T, body func(t *testing.T, s kv.Store, c *clock)) {
	for _, backend := range []string{db.SQLite, db.MySQL, "redis"} {
		t.Run(backend, func(t *testing.T) {
			t.Parallel()
			c := &clock{t: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)}
			var s kv.Store
			if backend == "redis" {
				rdb, prefix := dbtest.Redis(t)
				s = kv.NewRedis(rdb, prefix, c.now)
			} else {
				s = kv.NewSQL(dbtest.Open(t, backend), c.now)
			}
			body(t, s, c)
		})
	}
}

func TestTakeIsOneUseAndExpires(t *testing.T) {
	eachStore(t, func(t *testing.T, s kv.Store, c *clock) {
		ctx := context.Background()
		if err := s.Put(ctx, "a", "42", time.Minute); err != nil {
			t.Fatal(err)
		}
		if v, ok, err := s.Take(ctx, "a"); err != nil || !ok || v != "42" {
			t.Fatalf("first take = %q %v %v, want 42", v, ok, err)
		}
		if _, ok, err := s.Take(ctx, "a"); err != nil || ok {
			t.Fatalf("second take found a value (%v)", err)
		}
		if _, ok, _ := s.Take(ctx, "never"); ok {
			t.Fatal("took a value never put")
		}
		if err := s.Put(ctx, "b", "x", time.Minute); err != nil {
			t.Fatal(err)
		}
		c.advance(time.Minute)
		if _, ok, err := s.Take(ctx, "b"); err != nil || ok {
			t.Fatalf("took an expired value (%v)", err)
		}
		// Put replaces and renews.
		if err := s.Put(ctx, "c", "old", time.Second); err != nil {
			t.Fatal(err)
		}
		if err := s.Put(ctx, "c", "new", time.Minute); err != nil {
			t.Fatal(err)
		}
		c.advance(30 * time.Second)
		if v, ok, _ := s.Take(ctx, "c"); !ok || v != "new" {
			t.Fatalf("take after replace = %q %v", v, ok)
		}
	})
}

func TestConcurrentTakeHasOneWinner(t *testing.T) {
	eachStore(t, func(t *testing.T, s kv.Store, c *clock) {
		ctx := context.Background()
		for round := range 5 {
			key := "race" + string(rune('a'+round))
			if err := s.Put(ctx, key, "v", time.Minute); err != nil {
				t.Fatal(err)
			}
			var wins atomic.Int32
			var wg sync.WaitGroup
			for range 8 {
				wg.Go(func() {
					if _, ok, err := s.Take(ctx, key); err != nil {
						t.Error(err)
					} else if ok {
						wins.Add(1)
					}
				})
			}
			wg.Wait()
			if wins.Load() != 1 {
				t.Fatalf("round %d: %d takers got the value, want 1", round, wins.Load())
			}
		}
	})
}

func TestPutNew(t *testing.T) {
	eachStore(t, func(t *testing.T, s kv.Store, c *clock) {
		ctx := context.Background()
		if ok, err := s.PutNew(ctx, "n", "1", time.Minute); err != nil || !ok {
			t.Fatalf("first PutNew = %v %v", ok, err)
		}
		if ok, err := s.PutNew(ctx, "n", "2", time.Minute); err != nil || ok {
			t.Fatalf("PutNew over a live value = %v %v, want false", ok, err)
		}
		c.advance(time.Minute + time.Millisecond)
		if ok, err := s.PutNew(ctx, "n", "3", time.Minute); err != nil || !ok {
			t.Fatalf("PutNew over an expired value = %v %v, want true", ok, err)
		}
		if v, ok, _ := s.Take(ctx, "n"); !ok || v != "3" {
			t.Fatalf("value = %q %v, want 3", v, ok)
		}
	})
}

func TestCounters(t *testing.T) {
	eachStore(t, func(t *testing.T, s kv.Store, c *clock) {
		ctx := context.Background()
		if n, until, err := s.Count(ctx, "k"); err != nil || n != 0 || !until.IsZero() {
			t.Fatalf("count of nothing = %d %v %v", n, until, err)
		}
		for want := int64(1); want <= 3; want++ {
			c.advance(time.Minute)
			n, err := s.Incr(ctx, "k", 15*time.Minute)
			if err != nil || n != want {
				t.Fatalf("incr = %d %v, want %d", n, err, want)
			}
		}
		n, until, err := s.Count(ctx, "k")
		if err != nil || n != 3 || !until.Equal(c.now().Add(15*time.Minute)) {
			t.Fatalf("count = %d until %v (%v); want 3 until %v", n, until, err, c.now().Add(15*time.Minute))
		}
		// The window slides with each failure; once it passes, counting starts again.
		c.advance(15 * time.Minute)
		if n, _, _ := s.Count(ctx, "k"); n != 0 {
			t.Fatalf("count after expiry = %d, want 0", n)
		}
		if n, _ := s.Incr(ctx, "k", time.Minute); n != 1 {
			t.Fatalf("incr after expiry = %d, want 1", n)
		}
		if err := s.Delete(ctx, "k"); err != nil {
			t.Fatal(err)
		}
		if n, _, _ := s.Count(ctx, "k"); n != 0 {
			t.Fatalf("count after delete = %d", n)
		}
	})
}

func TestConcurrentIncrCountsEveryCall(t *testing.T) {
	eachStore(t, func(t *testing.T, s kv.Store, c *clock) {
		ctx := context.Background()
		var wg sync.WaitGroup
		for range 10 {
			wg.Go(func() {
				if _, err := s.Incr(ctx, "many", time.Minute); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if n, _, err := s.Count(ctx, "many"); err != nil || n != 10 {
			t.Fatalf("count = %d %v, want 10", n, err)
		}
	})
}

func TestSweepAndLimits(t *testing.T) {
	eachStore(t, func(t *testing.T, s kv.Store, c *clock) {
		ctx := context.Background()
		if err := s.Put(ctx, "old", "x", time.Second); err != nil {
			t.Fatal(err)
		}
		if err := s.Put(ctx, "live", "y", time.Hour); err != nil {
			t.Fatal(err)
		}
		c.advance(time.Minute)
		if err := s.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := s.Take(ctx, "live"); !ok {
			t.Fatal("sweep removed a live value")
		}
		if err := s.Put(ctx, strings.Repeat("k", kv.MaxKeyLen+1), "v", time.Minute); err == nil {
			t.Fatal("accepted an over-long key")
		}
		if err := s.Put(ctx, "k", strings.Repeat("v", 256), time.Minute); err == nil {
			t.Fatal("accepted an over-long value")
		}
	})
}

// Keys compare byte for byte: on MySQL a case- and accent-blind column would let "ADMIN" or
// "ádmin" reach the counter of "admin" (and a nonce block a different one).
func TestKeysCompareExactly(t *testing.T) {
	eachStore(t, func(t *testing.T, s kv.Store, c *clock) {
		ctx := context.Background()
		for range 3 {
			if _, err := s.Incr(ctx, "login:admin", time.Minute); err != nil {
				t.Fatal(err)
			}
		}
		for _, k := range []string{"login:ADMIN", "login:ádmin", "login:ÁDMÏÑ", "login:admin "} {
			if n, _, err := s.Count(ctx, k); err != nil || n != 0 {
				t.Fatalf("count of %q = %d %v, want 0 (it is not login:admin)", k, n, err)
			}
			if n, err := s.Incr(ctx, k, time.Minute); err != nil || n != 1 {
				t.Fatalf("incr of %q = %d %v, want 1", k, n, err)
			}
		}
		if n, _, _ := s.Count(ctx, "login:admin"); n != 3 {
			t.Fatalf("count of login:admin = %d, want 3", n)
		}
		if ok, err := s.PutNew(ctx, "nonce:N1", "1", time.Minute); err != nil || !ok {
			t.Fatal(ok, err)
		}
		if ok, err := s.PutNew(ctx, "nonce:n1", "1", time.Minute); err != nil || !ok {
			t.Fatalf("nonce n1 taken as used after N1: %v %v", ok, err)
		}
	})
}
