package app_test

import (
	"bytes"
	"cmp"
	"os"
	"path/filepath"
	"strconv"
	"strings"
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
// When the database server runs on this machine (a mariadbd or mysqld process), its CPU per
// request is reported too (db-cpu-ns/op).
func BenchmarkMixKinds(b *testing.B) {
	s, token := mixServer(b)
	server := databaseServer()
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
			before, dbBefore := cpuTime(b), server.cpu()
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
			if server != "" {
				b.ReportMetric(float64(server.cpu()-dbBefore)/float64(b.N), "db-cpu-ns/op")
			}
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

// procStat is a process's /proc/<pid>/stat; "" for none.
type procStat string

// databaseServer finds a MariaDB or MySQL server running on this machine.
func databaseServer() procStat {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, p := range stats {
		comm, err := os.ReadFile(filepath.Join(filepath.Dir(p), "comm"))
		if name := strings.TrimSpace(string(comm)); err == nil && (name == "mariadbd" || name == "mysqld") {
			return procStat(p)
		}
	}
	return ""
}

// cpu is the process's CPU time so far, user and system (0 when it cannot be read).
func (p procStat) cpu() time.Duration {
	raw, err := os.ReadFile(string(p))
	if err != nil {
		return 0
	}
	// The fields after the command name (which may hold spaces) start at its closing ")":
	// utime and stime are the 14th and 15th of the line, in clock ticks of 10 ms.
	f := strings.Fields(string(raw[bytes.LastIndexByte(raw, ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	user, _ := strconv.ParseInt(f[11], 10, 64)
	sys, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(user+sys) * 10 * time.Millisecond
}
