package notify_test

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	. "mallconsole/bff/internal/notify"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
)

// BenchmarkRedisHubLatency: 1000 events published through one RedisHub (instance A) to a
// subscriber of another (instance B), one at a time; reports the p50/p95 of publish → receive.
//
//	BFF_TEST_REDIS_ADDR=127.0.0.1:6379 go test ./bff/internal/notify -run - -bench RedisHubLatency -benchtime 1x
func BenchmarkRedisHubLatency(b *testing.B) {
	rdb, prefix := dbtest.Redis(b)
	ctx := context.Background()
	a, err := NewRedisHub(ctx, rdb, prefix, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer a.Close()
	bh, err := NewRedisHub(ctx, rdb, prefix, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer bh.Close()
	sub := bh.Subscribe(1, "s")
	defer sub.Close()
	const events = 1000
	var lat []time.Duration
	b.ResetTimer()
	for range b.N {
		for i := range events {
			data := binary.BigEndian.AppendUint64(nil, uint64(time.Now().UnixNano()))
			if err := a.Publish(ctx, Event{UserID: 1, Kind: KindUnread, ID: int64(i + 1), Data: data}); err != nil {
				b.Fatal(err)
			}
			ev := <-sub.Events()
			lat = append(lat, time.Duration(time.Now().UnixNano()-int64(binary.BigEndian.Uint64(ev.Data))))
		}
	}
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*95/100].Microseconds()), "p95-µs")
}

// BenchmarkOpenStreams opens 1000 SSE streams (1000 users) on one server and measures the
// process at idle for a heartbeat period: RSS growth and CPU time. Client and server share the
// process, so the figures are an upper bound for the server side.
//
//	go test ./bff/internal/notify -run - -bench OpenStreams -benchtime 1x
func BenchmarkOpenStreams(b *testing.B) {
	g := dbtest.Open(b, db.SQLite)
	const streams = 1000
	heartbeat := 2 * time.Second
	if v := os.Getenv("BENCH_HEARTBEAT"); v != "" {
		heartbeat, _ = time.ParseDuration(v)
	}
	hub := NewLocalHub()
	s := New(g, people{}, hub, Options{Heartbeat: heartbeat})
	e := echo.New()
	signedIn := func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			id, _ := strconv.ParseInt(c.Request().Header.Get("X-User"), 10, 64)
			authz.Set(c, &authz.Principal{UserID: id, SessionID: "s" + strconv.FormatInt(id, 10)})
			return next(c)
		}
	}
	s.Routes(authz.NewRouter(e, signedIn, nil))
	srv := httptest.NewServer(e)
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: streams}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for range b.N {
		runtime.GC()
		rss0 := rss()
		var wg sync.WaitGroup
		for i := range streams {
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/api/messages/stream", nil)
			req.Header.Set("X-User", strconv.Itoa(i+1))
			resp, err := client.Do(req)
			if err != nil {
				b.Fatal(err)
			}
			br := bufio.NewReader(resp.Body)
			for { // up to the first count: the stream is live
				line, err := br.ReadString('\n')
				if err != nil {
					b.Fatal(err)
				}
				if strings.HasPrefix(line, "event: todo") {
					break
				}
			}
			wg.Add(1)
			go func() { // keep reading, as a browser does
				defer wg.Done()
				defer resp.Body.Close()
				for {
					if _, err := br.ReadString('\n'); err != nil {
						return
					}
				}
			}()
		}
		if hub.Subscribers() != streams {
			b.Fatalf("%d subscribers", hub.Subscribers())
		}
		runtime.GC()
		rss1 := rss()
		cpu0 := cpuTime()
		idle := 3 * heartbeat
		time.Sleep(idle)
		cpu := cpuTime() - cpu0
		b.ReportMetric(float64(rss1-rss0)/(1<<20), "RSS-MiB/1000")
		b.ReportMetric(float64(cpu.Milliseconds())/idle.Seconds(), "CPU-ms/s")
		fmt.Fprintf(os.Stderr, "1000 streams: RSS %d → %d MiB (+%.1f MiB); CPU at idle %v over %v (heartbeat %v)\n",
			rss0>>20, rss1>>20, float64(rss1-rss0)/(1<<20), cpu, idle, heartbeat)
		cancel()
		wg.Wait()
	}
}

func rss() int64 {
	b, _ := os.ReadFile("/proc/self/status")
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmRSS:") {
			kb, _ := strconv.ParseInt(strings.Fields(l)[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
