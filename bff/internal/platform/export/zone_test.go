package export

import (
	"os"
	"os/exec"
	"testing"
	"time"
)

// zone is where the check runs: a zone eight hours from UTC, so a time written unconverted shows.
const zone = "Asia/Shanghai"

// TestTimesInServerZone: a stored 08:00 UTC is exported as 16:00 on a server in UTC+8, the same
// wall time the JSON shows. time.Local is fixed when the process starts, so the check runs in a
// child process started with TZ set.
func TestTimesInServerZone(t *testing.T) {
	if os.Getenv("TZ") != zone {
		cmd := exec.Command(os.Args[0], "-test.run=^TestTimesInServerZone$")
		cmd.Env = append(os.Environ(), "TZ="+zone)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("in %s: %v\n%s", zone, err, out)
		}
		return
	}
	stored := time.Date(2026, 1, 1, 8, 0, 0, 0, time.UTC)
	if got := cell(stored); got != "2026-01-01 16:00:00" {
		t.Errorf("time: %v, want 2026-01-01 16:00:00", got)
	}
	if got := cell(&stored); got != "2026-01-01 16:00:00" {
		t.Errorf("*time: %v, want 2026-01-01 16:00:00", got)
	}
	if got := cell(time.Time{}); got != nil {
		t.Errorf("zero time: %v, want empty", got)
	}
}
