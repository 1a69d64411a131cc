package aftersale_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"

	"mallconsole/bff/internal/aftersale"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
)

// TestListAt100k measures the list (a page and its total) over 100,000 cases on MariaDB for the
// report (docs/figures.md): p95 of each filter shape the page uses. Run with
// BFF_AFTERSALE_LIST_BENCH=1 and BFF_TEST_MYSQL_DSN.
func TestListAt100k(t *testing.T) {
	if os.Getenv("BFF_AFTERSALE_LIST_BENCH") != "1" {
		t.Skip("BFF_AFTERSALE_LIST_BENCH=1 runs it")
	}
	g := dbtest.Open(t, db.MySQL)
	ctx := context.Background()
	statuses := aftersale.Statuses
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	const n = 100_000
	batch := make([]aftersale.Case, 0, 500)
	for i := range n {
		agency := int64(i%20 + 1)
		at := start.Add(time.Duration(i) * 5 * time.Minute)
		batch = append(batch, aftersale.Case{CaseNo: fmt.Sprintf("AS%012d", i), OrderID: int64(i), OrderNo: fmt.Sprintf("2026%010d", i),
			AgencyID: &agency, CustomerName: "客户", Phone: fmt.Sprintf("138%08d", i), Type: []string{"refund", "return"}[i%2],
			Status: statuses[i%len(statuses)], Photos: "[]", Amount: 1000, Source: "open", CreateTime: at, UpdateTime: at})
		if len(batch) == cap(batch) {
			if err := g.Create(&batch).Error; err != nil {
				t.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	s := aftersale.NewService(aftersale.NewStore(g), aftersale.Deps{})
	from, to := start.Add(30*24*time.Hour), start.Add(200*24*time.Hour)
	scope := int64(3)
	for name, q := range map[string]aftersale.Query{
		"all, first page":      {Limit: 10},
		"all, page 500":        {Offset: 5000, Limit: 10},
		"status tab":           {Status: aftersale.Applied, Limit: 10},
		"status tab, page 200": {Status: aftersale.Refunding, Offset: 2000, Limit: 10},
		"channel, status":      {Scope: &scope, Status: aftersale.Returned, Limit: 10},
		"order no prefix":      {OrderNo: "2026000001", Limit: 10},
		"phone prefix":         {Phone: "1380000", Limit: 10},
		"type and dates":       {Type: "return", From: &from, To: &to, Limit: 10},
		"status and dates":     {Status: aftersale.Applied, From: &from, To: &to, Limit: 10},
	} {
		var took []time.Duration
		for range 40 {
			t0 := time.Now()
			if _, _, err := s.List(ctx, q); err != nil {
				t.Fatal(err)
			}
			took = append(took, time.Since(t0))
		}
		slices.Sort(took)
		t.Logf("%-22s p50 %6.1f ms  p95 %6.1f ms", name, ms(took[len(took)/2]), ms(took[len(took)*95/100]))
	}
	t0 := time.Now()
	if _, err := s.Counts(ctx, aftersale.Query{}); err != nil {
		t.Fatal(err)
	}
	t.Logf("tab counts (all)       %6.1f ms", ms(time.Since(t0)))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
