package memtest

import (
	"bufio"
	"bytes"
	"os"
	"runtime/debug"
	"strconv"
	"time"
)

// RSSGrowth runs f and tells how far the process's resident memory rose above where it was
// before, which is what the machine loses (the heap alone misses memory the runtime holds but
// does not count, and memory outside the Go heap). Where the kernel's high-water mark can be
// reset (Linux /proc/self/clear_refs) it is read after f, so a peak between samples is not
// missed; elsewhere under Linux the resident size is sampled. ok is false without /proc.
func RSSGrowth(f func()) (growth uint64, ok bool) {
	debug.FreeOSMemory() // what earlier tests left is not counted against f
	before, ok := status("VmRSS")
	if !ok {
		f()
		return 0, false
	}
	if os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) == nil {
		f()
		peak, _ := status("VmHWM")
		return peak - min(peak, before), true
	}
	stop, done := make(chan struct{}), make(chan uint64)
	go func() {
		peak := before
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			now, _ := status("VmRSS")
			peak = max(peak, now)
			select {
			case <-stop:
				done <- peak
				return
			case <-t.C:
			}
		}
	}()
	f()
	close(stop)
	return <-done - before, true
}

// status is a size line of /proc/self/status, in bytes.
func status(field string) (uint64, bool) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, false
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		name, value, found := bytes.Cut(sc.Bytes(), []byte(":"))
		if !found || string(name) != field {
			continue
		}
		kb, err := strconv.ParseUint(string(bytes.TrimSuffix(bytes.TrimSpace(value), []byte(" kB"))), 10, 64)
		return kb << 10, err == nil
	}
	return 0, false
}
