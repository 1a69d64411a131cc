package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every kind the generator sends is told apart in the report; a wrong split would put
// percentiles under the wrong kind.
func TestKindOfEveryGeneratedTarget(t *testing.T) {
	g := &gen{base: "http://127.0.0.1:1", tokens: []string{"Bearer x"}, goods: []map[string]any{{"id": 1.0}},
		paid: []int64{7}, orderMin: 1, orderMax: 9, dictID: 1, entryID: 2, entryValue: "v", express: "SF"}
	g.r = newRand()
	for _, m := range mix {
		tg := g.next(m.kind)
		if got := kindOf(tg.Method, tg.URL); got != m.kind {
			t.Errorf("%s %s: reported as %s, sent as %s", tg.Method, tg.URL, got, m.kind)
		}
	}
}

func TestPercentileNearestRank(t *testing.T) {
	v := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	for _, c := range []struct{ p, want float64 }{{50, 5}, {95, 10}, {99, 10}, {10, 1}} {
		if got := pct(v, c.p); got != c.want {
			t.Errorf("p%v = %v, want %v", c.p, got, c.want)
		}
	}
}

// The slope is per instance and survives unix-time magnitudes (their squares once lost it: a
// growing instance showed +0.00).
func TestMemorySlopePerInstance(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rss.csv")
	csv := "unix,instance,pid,vmrss_kb\n"
	for i := range 7 {
		ts := 1795671558 + 10*i
		csv += fmt.Sprintf("%d,a,1,%d\n%d,b,2,40960\n", ts, 40960+i*1024/6, ts) // a: +1 MiB a minute
	}
	if err := os.WriteFile(path, []byte(csv), 0o600); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := memory(path, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"memory a: VmRSS before 40.0 MiB, after 41.0 MiB, 7 samples, slope +1.00 MiB/min",
		"memory b: VmRSS before 40.0 MiB, after 40.0 MiB, 7 samples, slope +0.00 MiB/min"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("missing %q in:\n%s", want, out.String())
		}
	}
}
