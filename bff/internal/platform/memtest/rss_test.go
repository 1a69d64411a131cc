package memtest

import (
	"runtime"
	"testing"
)

// TestRSSGrowthSeesAPeak: memory touched and let go inside f counts, memory never touched does
// not.
func TestRSSGrowthSeesAPeak(t *testing.T) {
	grown, ok := RSSGrowth(func() {
		b := make([]byte, 64<<20)
		for i := range b {
			b[i] = 1
		}
		runtime.KeepAlive(b)
	})
	if !ok {
		t.Skip("no /proc/self/status")
	}
	if grown < 60<<20 || grown > 200<<20 {
		t.Errorf("64 MB touched: grew %d MB", grown>>20)
	}
	if idle, _ := RSSGrowth(func() {}); idle > 16<<20 {
		t.Errorf("nothing done: grew %d MB", idle>>20)
	}
}
