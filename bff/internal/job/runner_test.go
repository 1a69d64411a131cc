package job_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/job"
)

// TestEachRunOnceAcrossInstances: two instances (own pools, own holder, one clock) polling over
// a simulated day run "@every 1m" 1440 times and "@every 1h" 24 times in all, each run once,
// whichever instance took it.
func TestEachRunOnceAcrossInstances(t *testing.T) {
	eachBackend(t, func(t *testing.T, ga, gb *gorm.DB) {
		ctx := context.Background()
		clk := newClock()
		a := job.NewRunner(ga, job.Options{Holder: "a", Now: clk.Now})
		b := job.NewRunner(gb, job.Options{Holder: "b", Now: clk.Now})
		must(t, a.Add(writer(ga, "minute", "@every 1m"), writer(ga, "hour", "@every 1h")))
		must(t, b.Add(writer(gb, "minute", "@every 1m"), writer(gb, "hour", "@every 1h")))
		for i := range 24 * 60 {
			clk.Add(time.Minute)
			first, second := a, b
			if i%7 < 3 { // b polls first now and then: both take runs
				first, second = b, a
			}
			must(t, first.Tick(ctx))
			must(t, second.Tick(ctx))
		}
		for name, want := range map[string]int{"minute": 1440, "hour": 24} {
			es := effects(t, ga, name)
			seen := map[time.Time]bool{}
			for _, e := range es {
				seen[e.At.UTC()] = true
			}
			if len(es) != want || len(seen) != want {
				t.Fatalf("%s: %d effects at %d times, want %d", name, len(es), len(seen), want)
			}
			holders := map[string]int{}
			for _, r := range runsOf(t, ga, name) {
				if r.Result != job.ResultOK {
					t.Fatalf("%s run %+v", name, r)
				}
				holders[r.Holder]++
			}
			if holders["a"]+holders["b"] != want || holders["a"] == 0 || holders["b"] == 0 {
				t.Fatalf("%s runs by holder %v", name, holders)
			}
		}
	})
}

// TestFencedRunCannotCommit: A takes the job and stalls past its lease; B takes it over and
// completes. A's later write, fenced in the same transaction, is rolled back: the effect is there
// once, B's; A's run ends abandoned and leaves B's release alone.
func TestFencedRunCannotCommit(t *testing.T) {
	eachBackend(t, func(t *testing.T, ga, gb *gorm.DB) {
		ctx := context.Background()
		clk := newClock()
		started, proceed := make(chan struct{}), make(chan struct{})
		var aErr error
		stall := job.Job{Name: "fenced", Schedule: "@every 1m", Batch: 1, Run: func(ctx context.Context, r *job.Run) (int, error) {
			close(started)
			<-proceed
			aErr = write(ctx, ga, r, r.Start)
			return 1, aErr
		}}
		a := job.NewRunner(ga, job.Options{Holder: "a", Now: clk.Now, LeaseFor: 2 * time.Minute})
		b := job.NewRunner(gb, job.Options{Holder: "b", Now: clk.Now, LeaseFor: 2 * time.Minute})
		must(t, a.Add(stall))
		must(t, b.Add(writer(gb, "fenced", "@every 1m")))
		clk.Add(time.Minute)
		done := make(chan error)
		go func() { done <- a.Tick(ctx) }()
		<-started
		// Within the lease B leaves it alone, by schedule and by hand.
		clk.Add(time.Minute)
		must(t, b.Tick(ctx))
		_, err := b.RunNow(ctx, "fenced", "admin")
		wantErr(t, "RunNow while A holds the lease", err, job.ErrBusy)
		_, err = a.RunNow(ctx, "fenced", "admin")
		wantErr(t, "RunNow on the instance running it", err, job.ErrBusy)
		if n := len(effects(t, ga, "fenced")); n != 0 {
			t.Fatalf("%d effects while A stalls", n)
		}
		clk.Add(2 * time.Minute) // A's lease has expired
		must(t, b.Tick(ctx))
		close(proceed)
		must(t, <-done)
		wantErr(t, "A's write after the takeover", aErr, job.ErrFenced)
		es := effects(t, ga, "fenced")
		if len(es) != 1 || es[0].Token != 2 {
			t.Fatalf("effects = %+v, want B's alone", es)
		}
		rs := runsOf(t, ga, "fenced")
		if len(rs) != 2 || rs[0].Holder != "a" || rs[0].Result != job.ResultAbandoned || rs[0].EndTime == nil ||
			rs[1].Holder != "b" || rs[1].Result != job.ResultOK || rs[1].Token != 2 {
			t.Fatalf("runs = %+v", rs)
		}
		if l := lease(t, ga, "fenced"); l.Holder != "" || l.Token != 2 || !l.NextRun.After(clk.Now()) {
			t.Fatalf("lease = %+v: B released it, A must not have touched it", l)
		}
	})
}

// TestHeartbeat: the heartbeat keeps a long run's lease; once another instance took the lease
// over, the next beat cancels the run's context.
func TestHeartbeat(t *testing.T) {
	eachBackend(t, func(t *testing.T, ga, gb *gorm.DB) {
		ctx := context.Background()
		clk := newClock()
		started := make(chan struct{})
		long := job.Job{Name: "long", Schedule: "@every 1m", Batch: 1, Run: func(ctx context.Context, r *job.Run) (int, error) {
			close(started)
			<-ctx.Done()
			return 0, ctx.Err()
		}}
		a := job.NewRunner(ga, job.Options{Holder: "a", Now: clk.Now, LeaseFor: 3 * time.Minute})
		b := job.NewRunner(gb, job.Options{Holder: "b", Now: clk.Now, LeaseFor: 3 * time.Minute})
		must(t, a.Add(long))
		must(t, b.Add(writer(gb, "long", "@every 1m")))
		clk.Add(time.Minute)
		done := make(chan error)
		go func() { done <- a.Tick(ctx) }()
		<-started
		for range 5 { // 5 minutes, renewed every minute: never expires
			clk.Add(time.Minute)
			a.Heartbeat(ctx)
			must(t, b.Tick(ctx))
		}
		if l := lease(t, ga, "long"); l.Holder != "a" || !l.ExpiresAt.Equal(clk.Now().Add(3*time.Minute)) {
			t.Fatalf("lease = %+v, want A's renewed", l)
		}
		if n := len(effects(t, ga, "long")); n != 0 {
			t.Fatalf("B ran while A renewed: %d effects", n)
		}
		clk.Add(4 * time.Minute) // A stopped beating (a paused process)
		must(t, b.Tick(ctx))
		a.Heartbeat(ctx)
		must(t, <-done)
		rs := runsOf(t, ga, "long")
		if len(rs) != 2 || rs[0].Result != job.ResultAbandoned || rs[1].Result != job.ResultOK {
			t.Fatalf("runs = %+v", rs)
		}
	})
}

// TestConcurrentTakers: on MariaDB, runners polling at the very same time (two instances, two
// goroutines each) take every due run once.
func TestConcurrentTakers(t *testing.T) {
	ga, gb := pools(t, "mysql")
	ctx := context.Background()
	clk := newClock()
	var runners []*job.Runner
	for i, g := range []*gorm.DB{ga, gb} {
		r := job.NewRunner(g, job.Options{Holder: fmt.Sprint("r", i), Now: clk.Now})
		must(t, r.Add(writer(g, "c1", "@every 1m"), writer(g, "c2", "@every 2m"), writer(g, "c3", "*/5 * * * *")))
		runners = append(runners, r)
	}
	const steps = 120
	for range steps {
		clk.Add(time.Minute)
		var wg sync.WaitGroup
		errs := make(chan error, 4)
		for _, r := range append(runners, runners...) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs <- r.Tick(ctx)
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			must(t, err)
		}
	}
	for name, want := range map[string]int{"c1": steps, "c2": steps / 2, "c3": steps / 5} {
		es := effects(t, ga, name)
		seen := map[time.Time]bool{}
		for _, e := range es {
			seen[e.At.UTC()] = true
		}
		if len(es) != want || len(seen) != want {
			t.Fatalf("%s: %d effects at %d times, want %d", name, len(es), len(seen), want)
		}
	}
}
