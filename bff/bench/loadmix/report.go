package main

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strconv"
	"time"
)

// result is what this report reads of a vegeta result (vegeta encode -to json).
type result struct {
	Code    int       `json:"code"`
	Latency int64     `json:"latency"` // ns
	Error   string    `json:"error"`
	Body    []byte    `json:"body"`
	Method  string    `json:"method"`
	URL     string    `json:"url"`
	Time    time.Time `json:"timestamp"`
}

// kinds tells a request's kind from its method and path, in the order tried.
var kinds = []struct {
	kind   string
	method string
	path   *regexp.Regexp
}{
	{"signin", "POST", regexp.MustCompile(`/api/auth/login$`)},
	{"auth_info", "GET", regexp.MustCompile(`/api/auth/info$`)},
	{"menus_build", "GET", regexp.MustCompile(`/api/menus/build$`)},
	{"goods_list", "GET", regexp.MustCompile(`/api/goods\?`)},
	{"goods_edit", "PUT", regexp.MustCompile(`/api/goods$`)},
	{"orders_list", "GET", regexp.MustCompile(`/api/orders\?`)},
	{"order_detail", "GET", regexp.MustCompile(`/api/orders/\d+$`)},
	{"order_ship", "PUT", regexp.MustCompile(`/api/orders/\d+/ship$`)},
	{"dashboard", "GET", regexp.MustCompile(`/api/dashboard\?`)},
	{"dict_read", "GET", regexp.MustCompile(`/api/dictDetail\?`)},
	{"dict_write", "PUT", regexp.MustCompile(`/api/dictDetail$`)},
}

func kindOf(method, u string) string {
	for _, k := range kinds {
		if k.method == method && k.path.MatchString(u) {
			return k.kind
		}
	}
	return "other"
}

// tally is one kind's results: the latencies of the admitted (2xx) and of the shed (503, the
// admission limit's answer), and the count of the rest.
type tally struct {
	ok, shed         []float64
	errors, timeouts int
	sample           string
}

func report(args []string) error {
	fs := flag.NewFlagSet("report", flag.ExitOnError)
	rss := fs.String("rss", "", "the memory samples (CSV: unix seconds, instance, pid, VmRSS kB)")
	shedOK := fs.Bool("shed-ok", false, "an overload run: 503s (requests shed by the admission limit) are expected, not errors")
	_ = fs.Parse(args)
	by := map[string]*tally{}
	var first, last, lastBad time.Time
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<24)
	var all tally
	total := 0
	for in.Scan() {
		if len(in.Bytes()) == 0 {
			continue
		}
		var r result
		if err := json.Unmarshal(in.Bytes(), &r); err != nil {
			return err
		}
		k := kindOf(r.Method, r.URL)
		if by[k] == nil {
			by[k] = &tally{}
		}
		t := by[k]
		total++
		if first.IsZero() || r.Time.Before(first) {
			first = r.Time
		}
		if r.Time.After(last) {
			last = r.Time
		}
		ms := float64(r.Latency) / 1e6
		switch {
		case r.Error == "" && r.Code >= 200 && r.Code < 300:
			t.ok, all.ok = append(t.ok, ms), append(all.ok, ms)
			continue
		case r.Code == 503:
			t.shed, all.shed = append(t.shed, ms), append(all.shed, ms)
		default:
			t.errors++
			all.errors++
			if timeout.MatchString(r.Error) {
				t.timeouts++
				all.timeouts++
			}
			if t.sample == "" {
				t.sample = fmt.Sprintf("%s %s → %d %s %.200s", r.Method, r.URL, r.Code, r.Error, r.Body)
			}
		}
		if r.Time.After(lastBad) {
			lastBad = r.Time
		}
	}
	if err := in.Err(); err != nil {
		return err
	}
	secs := last.Sub(first).Seconds()
	fmt.Printf("requests %d over %.1f s (%.0f req/s sent): admitted %d, shed %d (503), errors %d (timeouts %d)\n",
		total, secs, float64(total)/max(secs, 1), len(all.ok), len(all.shed), all.errors, all.timeouts)
	fmt.Printf("%-13s %8s %6s %6s %9s %9s %9s %9s %12s\n", "kind", "count", "shed", "errors", "p50 ms", "p95 ms", "p99 ms", "max ms", "shed p99 ms")
	names := make([]string, 0, len(by))
	for k := range by {
		names = append(names, k)
	}
	sort.Strings(names)
	row := func(name string, t *tally) {
		sort.Float64s(t.ok)
		sort.Float64s(t.shed)
		n := len(t.ok) + len(t.shed) + t.errors
		fmt.Printf("%-13s %8d %6d %6d %9.1f %9.1f %9.1f %9.1f %12.1f\n", name, n, len(t.shed), t.errors,
			pct(t.ok, 50), pct(t.ok, 95), pct(t.ok, 99), pct(t.ok, 100), pct(t.shed, 99))
	}
	for _, k := range names {
		row(k, by[k])
	}
	row("all", &all)
	if len(all.shed) > 0 {
		fmt.Printf("shed answered in p50 %.1f ms, p99 %.1f ms, max %.1f ms\n", pct(all.shed, 50), pct(all.shed, 99), pct(all.shed, 100))
	}
	if !lastBad.IsZero() {
		fmt.Printf("the last shed or failed request was sent %.1f s after the first request\n", lastBad.Sub(first).Seconds())
	}
	for _, k := range names {
		if s := by[k].sample; s != "" {
			fmt.Printf("first error of %s: %s\n", k, s)
		}
	}
	if *rss != "" {
		if err := memory(*rss, os.Stdout); err != nil {
			return err
		}
	}
	if all.errors > 0 {
		return fmt.Errorf("%d requests failed", all.errors)
	}
	if len(all.shed) > 0 && !*shedOK {
		return fmt.Errorf("%d requests shed (503) at a rate this run expects to carry", len(all.shed))
	}
	return nil
}

// timeout matches the client's error for a request that got no answer in time.
var timeout = regexp.MustCompile(`(?i)timeout|deadline exceeded`)

// pct is the p-th percentile of sorted values (nearest rank); 0 of none.
func pct(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := int(float64(len(sorted))*p/100+0.999999) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

// memory prints each instance's first and last VmRSS and the least-squares slope over the run.
func memory(path string, w io.Writer) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return err
	}
	type point struct{ t, kb float64 }
	by := map[string][]point{}
	var order []string
	for _, r := range rows[1:] { // the header
		t, err1 := strconv.ParseFloat(r[0], 64)
		kb, err2 := strconv.ParseFloat(r[3], 64)
		if err1 != nil || err2 != nil {
			continue // an instance gone between the listing and the read
		}
		if _, ok := by[r[1]]; !ok {
			order = append(order, r[1])
		}
		by[r[1]] = append(by[r[1]], point{t, kb})
	}
	for _, name := range order {
		p := by[name]
		var st, sk, stt, stk float64
		for _, q := range p {
			t := q.t - p[0].t // from the first sample: unix seconds squared lose the precision
			st, sk, stt, stk = st+t, sk+q.kb, stt+t*t, stk+t*q.kb
		}
		n := float64(len(p))
		slope := 0.0
		if d := n*stt - st*st; d != 0 {
			slope = (n*stk - st*sk) / d
		}
		fmt.Fprintf(w, "memory %s: VmRSS before %.1f MiB, after %.1f MiB, %d samples, slope %+.2f MiB/min\n",
			name, p[0].kb/1024, p[len(p)-1].kb/1024, len(p), slope*60/1024)
	}
	return nil
}
