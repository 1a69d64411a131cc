package app_test

import (
	"cmp"
	"os"
	"syscall"
	"testing"
	"time"
)

// BenchmarkMixKinds is one request of each kind of the load mix after another, warm, on MariaDB
// + Redis (the client is in the same process: compare runs, not kinds with load.sh's figures).
// Writes change something each time, as the mix's do: the goods edit a new stock, the dictionary
// entry a new sort. go test -bench MixKinds -cpuprofile gives each kind's profile.
// BENCH_GAP=5ms pauses before each request, as requests at a low rate find the process idle:
// waking it then costs more CPU than most requests' own work (docs/figures.md, "Ninth pass").
func BenchmarkMixKinds(b *testing.B) {
	s, token := mixServer(b)
	gap, err := time.ParseDuration(cmp.Or(os.Getenv("BENCH_GAP"), "0s"))
	if err != nil {
		b.Fatalf("BENCH_GAP: %v", err)
	}
	for _, m := range loadMix() {
		if m.kind == "order_ship" { // a paid order ships once: nothing to repeat
			continue
		}
		r := m.request(b, s, token)
		b.Run(m.kind, func(b *testing.B) {
			b.ReportAllocs()
			before := cpuTime(b)
			for i := 0; b.Loop(); i++ {
				body, ok := r.JSON.(map[string]any)
				switch {
				case ok && m.kind == "goods_edit":
					body["stock"] = 7 + i%2
				case ok && m.kind == "dict_write":
					body["dictSort"] = 1 + i%2
				}
				if gap > 0 {
					time.Sleep(gap)
				}
				if res := s.Do(b, r); res.Status >= 300 {
					b.Fatalf("%s: %d %s", m.kind, res.Status, res.Body)
				}
			}
			b.ReportMetric(float64(cpuTime(b)-before)/float64(b.N), "cpu-ns/op")
		})
	}
}

// cpuTime is the CPU this process has used, user and system: server and client both.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
