package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every kind the generator sends is told apart in the report; a wrong split would put
// percentiles under the wrong kind.
func TestKindOfEveryGeneratedTarget(t *testing.T) {
	g := &gen{base: "http://127.0.0.1:1", state: state{Tokens: []string{"Bearer x"}, Goods: []map[string]any{{"id": 1.0}},
		Paid: []int64{7}, OrderMin: 1, OrderMax: 9, DictID: 1, EntryID: 2, EntryValue: "v", Express: "SF"}}
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

// Admitted, shed and failed requests are told apart: a 503 is shed (an error only when the run
// does not expect overload), a client timeout is an error and counted as a timeout.
func TestReportSplitsShedFromErrors(t *testing.T) {
	lines := []string{
		`{"code":200,"latency":5000000,"method":"GET","url":"http://x/api/auth/info","timestamp":"2026-11-29T00:00:00Z"}`,
		`{"code":200,"latency":9000000,"method":"GET","url":"http://x/api/auth/info","timestamp":"2026-11-29T00:00:01Z"}`,
		`{"code":503,"latency":2000000,"method":"GET","url":"http://x/api/orders?page=0","timestamp":"2026-11-29T00:00:02Z"}`,
	}
	run := func(extra string, shedOK bool) (string, error) {
		in := strings.Join(append(lines, extra), "\n") + "\n"
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		go func() { _, _ = w.WriteString(in); w.Close() }()
		stdin, stdout := os.Stdin, os.Stdout
		out, pw, _ := os.Pipe()
		os.Stdin, os.Stdout = r, pw
		args := []string{}
		if shedOK {
			args = append(args, "-shed-ok")
		}
		err = report(args)
		pw.Close()
		os.Stdin, os.Stdout = stdin, stdout
		b, _ := io.ReadAll(out)
		return string(b), err
	}
	got, err := run(`{"code":200,"latency":1000000,"method":"GET","url":"http://x/api/auth/info","timestamp":"2026-11-29T00:00:03Z"}`, true)
	if err != nil || !strings.Contains(got, "admitted 3, shed 1 (503), errors 0 (timeouts 0)") ||
		!strings.Contains(got, "shed answered in p50 2.0 ms") || !strings.Contains(got, "sent 2.0 s after the first request") {
		t.Fatalf("%v\n%s", err, got)
	}
	if _, err := run("", false); err == nil || !strings.Contains(err.Error(), "1 requests shed") {
		t.Fatalf("a shed request at a normal rate: %v", err)
	}
	got, err = run(`{"code":0,"latency":30000000000,"error":"Get \"http://x\": context deadline exceeded (Client.Timeout exceeded)","method":"GET","url":"http://x/api/auth/info","timestamp":"2026-11-29T00:00:04Z"}`, true)
	if err == nil || !strings.Contains(got, "errors 1 (timeouts 1)") {
		t.Fatalf("a timeout: %v\n%s", err, got)
	}
}
