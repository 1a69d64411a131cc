package main

import "testing"

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
