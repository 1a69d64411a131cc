package aftersale_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"mallconsole/bff/internal/aftersale"
	"mallconsole/bff/internal/platform/dbtest"
)

// BenchmarkListAtScale: on MariaDB with 100,000 cases (a quarter of them a channel agency's), the
// p50/p95 of what 售后管理 asks when it opens and searches: a page of the newest, a status tab
// with its counts, a phone and an order-number prefix, a month, and a channel operator's tab.
// Needs BFF_TEST_MYSQL_DSN; the fill takes under a minute:
//
//	go test ./bff/internal/aftersale/ -run '^$' -bench ListAtScale -benchtime 1x
func BenchmarkListAtScale(b *testing.B) {
	const cases, samples = 100_000, 200
	g := dbtest.Open(b, "mysql")
	ctx := context.Background()
	began := time.Now()
	fillCases(b, g, cases)
	b.Logf("filled %d cases in %s", cases, time.Since(began).Round(time.Second))
	s := aftersale.NewService(aftersale.NewStore(g), aftersale.Deps{})
	agency := int64(7)
	from := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	to := from.AddDate(0, 1, 0)
	queries := map[string]aftersale.Query{
		"newest":       {Limit: 10},
		"applied-tab":  {Status: aftersale.Applied, Limit: 10},
		"page-50":      {Status: aftersale.Refunded, Offset: 500, Limit: 10},
		"phone-prefix": {Phone: "1390012", Limit: 10},
		"order-prefix": {OrderNo: "2026061", Limit: 10},
		"month":        {From: &from, To: &to, Limit: 10},
		"channel-tab":  {Scope: &agency, Status: aftersale.Returned, Limit: 10},
	}
	names := make([]string, 0, len(queries))
	for name := range queries {
		names = append(names, name)
	}
	slices.Sort(names)
	took := map[string][]time.Duration{}
	b.ResetTimer()
	for range b.N {
		for range samples {
			for _, name := range names {
				q := queries[name]
				t0 := time.Now()
				if _, _, err := s.List(ctx, q); err != nil {
					b.Fatal(err)
				}
				took[name] = append(took[name], time.Since(t0))
				t0 = time.Now()
				if _, err := s.Counts(ctx, q); err != nil { // the tabs, asked beside the list
					b.Fatal(err)
				}
				took[name+"-counts"] = append(took[name+"-counts"], time.Since(t0))
			}
		}
	}
	b.StopTimer()
	for _, name := range names {
		for _, part := range []string{name, name + "-counts"} {
			b.ReportMetric(pct(took[part], 50), part+"-p50-ms")
			b.ReportMetric(pct(took[part], 95), part+"-p95-ms")
		}
	}
}

func pct(ds []time.Duration, p int) float64 {
	slices.Sort(ds)
	return float64(ds[len(ds)*p/100].Microseconds()) / 1000
}

// fillCases inserts n cases spread over 2026 in every status (no items or history: the list
// reads the cases' table only), by multi-row INSERTs of 1,000 rows.
func fillCases(b *testing.B, g *gorm.DB, n int) {
	statuses := []string{aftersale.Applied, aftersale.AwaitingReturn, aftersale.Returned, aftersale.Received,
		aftersale.Refunding, aftersale.Refunded, aftersale.Refunded, aftersale.Refunded, aftersale.Rejected, aftersale.Cancelled}
	const rows = 1000
	quiet := g.Session(&gorm.Session{Logger: logger.Default.LogMode(logger.Silent)})
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for from := 0; from < n; from += rows {
		var sb strings.Builder
		sb.WriteString("INSERT INTO aftersale_cases (case_no, order_id, order_no, agency_id, customer_name, phone, type, status, reason, description, photos, amount, freight, return_address, return_company, return_tracking_no, damaged, provider, voucher_no, refund_state, gateway_ref, source, create_by, create_time, update_time) VALUES ")
		args := make([]any, 0, rows*8)
		for i := from; i < min(from+rows, n); i++ {
			if i > from {
				sb.WriteByte(',')
			}
			at := start.Add(time.Duration(i) * 5 * time.Minute) // 100,000 cases: about 347 days
			var agency any
			if i%4 == 0 {
				agency = int64(7)
			}
			typ := aftersale.TypeRefund
			if i%3 == 0 {
				typ = aftersale.TypeReturn
			}
			sb.WriteString("(?, ?, ?, ?, '顾客', ?, ?, ?, 'quality', '', '[]', 1999, 0, '', '', '', 0, '', '', '', '', 'open', 'bench', ?, ?)")
			args = append(args, fmt.Sprintf("AS%s%06d", at.Format("20060102150405"), i), i+1,
				fmt.Sprintf("%s%08d", at.Format("20060102"), i), agency, fmt.Sprintf("139%08d", i), typ,
				statuses[i%len(statuses)], at, at)
		}
		if err := quiet.Exec(sb.String(), args...).Error; err != nil {
			b.Fatal(err)
		}
	}
	if err := g.Exec("ANALYZE TABLE aftersale_cases").Error; err != nil {
		b.Fatal(err)
	}
}
