// Command loadmix drives the mixed-workload load test (bff/bench/load.sh, docs/operations.md
// "Load test"). "prepare" (or "targets" without -state) signs a pool of sessions in, reads the ids the writes need (goods
// rows, orders waiting to be shipped, a dictionary entry of its own) and prints exactly N
// vegeta targets (JSON lines) in the workload's proportions; each paid order is shipped once, so
// every write is valid and any non-2xx answer is a real error. "report" splits vegeta's results
// by request kind (p50/p95/p99, errors) and summarises the instances' memory samples.
//
//	loadmix prepare -base http://127.0.0.1:PORT -dsn 'root:@tcp(127.0.0.1:3306)/bffload' -n 600000 >state.json
//	loadmix targets -base http://127.0.0.1:PORT -state state.json -n 600000 | vegeta attack -lazy -format=json …
//	vegeta encode -to json results.bin | loadmix report -rss rss.csv
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: loadmix prepare|targets|report [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "prepare":
		err = prepareState(os.Args[2:])
	case "targets":
		err = targets(os.Args[2:])
	case "report":
		err = report(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadmix:", err)
		os.Exit(1)
	}
}
