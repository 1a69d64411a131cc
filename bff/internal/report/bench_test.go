package report_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/initsetup"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/report"
)

// Shape of the bench data: a year of 1,000,000 orders (2,740 a day, 1.5 lines each: 4,110 lines
// a day) over three agency keys (the shop and two agencies), a catalogue of 1,000 goods with 5
// SKUs each in 50 categories. The 4,110 lines of a day fall on 3,000 different (SKU, agency)
// pairs, so a day has 3,000 SKU rows and 3 order rows: 1.1 million rows for the year.
const (
	benchDays    = 365
	benchPerDay  = 3000
	benchSkus    = 5000
	benchGoods   = 1000
	benchCats    = 50
	benchAgences = 3
)

// BenchmarkSales30Days: the 30-day report for each dimension over a year of sales_daily on
// MariaDB (BFF_TEST_MYSQL_DSN), rows filled directly as the refresh would have written them and
// the rollups built from them.
// Reports the p95 of the calls as p95-ms (the service call: the query, the labels, the sort).
func BenchmarkSales30Days(b *testing.B) {
	if os.Getenv(dbtest.EnvMySQL) == "" {
		b.Skip(dbtest.EnvMySQL + " is not set")
	}
	g := dbtest.Open(b, db.MySQL)
	fillDaily(b, g)
	end := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	svc := report.NewService(g, initsetup.NewStore(g), time.UTC, func() time.Time { return end })
	t0 := time.Now()
	if err := svc.Rollup(context.Background()); err != nil {
		b.Fatal(err)
	}
	b.Logf("rollups of the year built in %s", time.Since(t0).Round(time.Millisecond))
	t0 = time.Now()
	if err := g.Transaction(func(tx *gorm.DB) error { return report.RollDay(tx, "2026-11-20") }); err != nil {
		b.Fatal(err)
	}
	b.Logf("one day's rollups rewritten (as a refresh does) in %s", time.Since(t0).Round(time.Millisecond))
	for _, by := range report.Dimensions {
		b.Run(by, func(b *testing.B) {
			q := report.Query{Start: "2026-10-23", End: "2026-11-21", By: by}
			run := func() report.Result {
				res, err := svc.Sales(context.Background(), q)
				if err != nil {
					b.Fatal(err)
				}
				return res
			}
			res := run() // warm the buffer pool
			took := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t0 := time.Now()
				run()
				took = append(took, time.Since(t0))
			}
			b.StopTimer()
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)*95/100].Microseconds())/1000, "p95-ms")
			b.ReportMetric(float64(len(res.Rows)), "rows")
		})
	}
}

// fillDaily writes a year of rows ending 2026-11-21 with MariaDB's sequence tables, and the goods
// and SKUs the labels are read from.
func fillDaily(b *testing.B, g *gorm.DB) {
	b.Helper()
	t0 := time.Now()
	day := "DATE_FORMAT(DATE_SUB('2026-11-21', INTERVAL d.seq DAY), '%Y-%m-%d')"
	sku := fmt.Sprintf("(1 + (d.seq * %d + n.seq * 7919) %% %d)", benchPerDay, benchSkus) // distinct per day
	// a week a statement: the test connection gives up on a statement after 30 s
	for from := 0; from < benchDays; from += 7 {
		err := g.Exec(fmt.Sprintf(`INSERT INTO sales_daily (day, sku_id, agency_id, goods_id, category_id, orders, units, sales, refunds)
			SELECT %[1]s, %[2]s, n.seq %% %[3]d, 1 + (%[2]s - 1) DIV 5, 1 + ((%[2]s - 1) DIV 5) %% %[4]d,
				1 + n.seq %% 2, 1 + n.seq %% 2, (1 + n.seq %% 2) * (1000 + %[2]s), IF(n.seq %% 20 = 0, 1000, 0)
			FROM mysql.seq_0_to_%[5]d d JOIN mysql.seq_1_to_%[6]d n WHERE d.seq BETWEEN %[7]d AND %[8]d`,
			day, sku, benchAgences, benchCats, benchDays-1, benchPerDay, from, min(from+6, benchDays-1))).Error
		if err != nil {
			b.Fatal(err)
		}
	}
	for _, q := range []string{
		fmt.Sprintf(`INSERT INTO sales_daily (day, sku_id, agency_id, goods_id, category_id, orders, units, sales, refunds)
			SELECT %s, 0, a.seq, 0, 0, 913, 0, 913 * 500, 2000 FROM mysql.seq_0_to_%d d JOIN mysql.seq_0_to_%d a`,
			day, benchDays-1, benchAgences-1),
		fmt.Sprintf(`INSERT INTO goods (id, name, code, category, price, cost, stock, status, agency_id, main_picture, gallery,
				description, create_time, update_time, specs, max_price, low_skus)
			SELECT n.seq, CONCAT('商品', n.seq), CONCAT('G', n.seq), 'digital', 1000, 500, 0, 'on_sale', NULL, '', '[]', '',
				'2026-01-01', '2026-01-01', '[{"name":"颜色","values":["红","蓝","绿","黑","白"]}]', 1000, 0
			FROM mysql.seq_1_to_%d n`, benchGoods),
		fmt.Sprintf(`INSERT INTO goods_skus (id, goods_id, scope_id, code, barcode, specs, price, cost, stock, low_stock, on_sale, sort,
				create_time, update_time)
			SELECT n.seq, 1 + (n.seq - 1) DIV 5, 0, CONCAT('S', n.seq), '', CONCAT('["', ELT(1 + n.seq %% 5, '红','蓝','绿','黑','白'), '"]'),
				1000, 500, 0, 10, 1, 0, '2026-01-01', '2026-01-01'
			FROM mysql.seq_1_to_%d n`, benchSkus),
		"ANALYZE TABLE sales_daily, goods, goods_skus",
	} {
		if err := g.Exec(q).Error; err != nil {
			b.Fatal(err)
		}
	}
	var n int64
	g.Table("sales_daily").Count(&n)
	b.Logf("filled %d sales_daily rows in %s", n, time.Since(t0).Round(time.Second))
}
