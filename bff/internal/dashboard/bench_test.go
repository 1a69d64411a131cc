package dashboard_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	gomysql "github.com/go-sql-driver/mysql"
	"github.com/labstack/echo/v4"
	gormmysql "gorm.io/driver/mysql"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"mallconsole/bff/internal/dashboard"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/schema"
)

// Shape of the bench data: a year of 1,000,000 orders (2,740 a day) over three agency keys,
// with 1.5 order lines each. BENCH_GOODS_PER_DAY is how many different goods sell on a day
// (the rows the top 10 groups): 4,110 is every line a different goods — a flat catalogue of a
// million goods, the worst case; a shop whose sales follow its best-sellers has far fewer.
const (
	benchDays      = 365
	benchOrders    = 1_000_000
	benchGoods     = 1_000_000
	benchLinesDay  = 4110
	benchAgencyKey = 3
)

// BenchmarkOverviewMariaDB: GET /api/profiling (the overview of the whole shop: every agency)
// for the last 30 days over a year of daily figures for 1,000,000 orders and a goods table of
// 1,000,000 rows, on MariaDB (BFF_TEST_MYSQL_DSN). The figure tables are filled directly, as the
// stores would have kept them. Reports the p95 of the requests as p95-ms.
func BenchmarkOverviewMariaDB(b *testing.B) {
	if os.Getenv(dbtest.EnvMySQL) == "" {
		b.Skip(dbtest.EnvMySQL + " is not set")
	}
	perDay := benchLinesDay
	if v, err := strconv.Atoi(os.Getenv("BENCH_GOODS_PER_DAY")); err == nil && v > 0 && v <= benchLinesDay {
		perDay = v
	}
	g := benchDB(b, perDay)
	end := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	svc := dashboard.NewService(g, time.UTC, func() time.Time { return end }, true)
	e := echo.New()
	svc.Routes(authz.NewRouter(e, func(next echo.HandlerFunc) echo.HandlerFunc { return next }, nil))
	srv := httptest.NewServer(e)
	defer srv.Close()
	url := srv.URL + "/api/profiling?start=2026-10-23&end=2026-11-21"
	get := func() {
		r, err := http.Get(url)
		if err != nil {
			b.Fatal(err)
		}
		body, _ := io.ReadAll(r.Body)
		r.Body.Close()
		if r.StatusCode != http.StatusOK {
			b.Fatalf("%d %s", r.StatusCode, body)
		}
	}
	get() // warm the connection and the buffer pool
	took := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		get()
		took = append(took, time.Since(t0))
	}
	b.StopTimer()
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)*95/100].Microseconds())/1000, "p95-ms")
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
	var a struct {
		Top      []struct{ GoodsID int64 }
		TopExact bool
	}
	r, err := http.Get(url)
	if err == nil {
		err = json.NewDecoder(r.Body).Decode(&a)
		r.Body.Close()
	}
	if err != nil || len(a.Top) != dashboard.TopGoods {
		b.Fatalf("answer: %v %+v", err, a.Top)
	}
	b.Logf("top 10 proven exact: %v", a.TopExact)
}

// benchDB is a fresh database filled for the bench, or with BENCH_KEEP_DB=name the database of
// that name on the server, filled the first time and kept (the fill takes minutes).
func benchDB(b *testing.B, perDay int) *gorm.DB {
	b.Helper()
	name := os.Getenv("BENCH_KEEP_DB")
	if name == "" {
		g := dbtest.Open(b, db.MySQL)
		fillFigures(b, g, perDay)
		return g
	}
	cfg, err := gomysql.ParseDSN(os.Getenv(dbtest.EnvMySQL))
	if err != nil {
		b.Fatal(err)
	}
	cfg.DBName, cfg.ParseTime = "", true
	admin, err := gorm.Open(gormmysql.Open(cfg.FormatDSN()), &gorm.Config{Logger: logger.Discard})
	if err != nil {
		b.Fatal(err)
	}
	if err := admin.Exec("CREATE DATABASE IF NOT EXISTS `" + name + "`").Error; err != nil {
		b.Fatal(err)
	}
	cfg.DBName = name
	g, err := db.Open(context.Background(), db.MySQL, cfg.FormatDSN(), dbtest.Logger(b))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close(g) })
	if _, err := db.Migrate(context.Background(), g, schema.Migrations()); err != nil {
		b.Fatal(err)
	}
	var n int64
	if err := g.Table("dashboard_status_day").Count(&n).Error; err != nil {
		b.Fatal(err)
	}
	if n == 0 {
		fillFigures(b, g, perDay)
	}
	return g
}

// fillFigures writes a year of figures ending 2026-11-21 with MariaDB's sequence tables, and
// the goods table (half on sale, stock 0..999).
func fillFigures(b *testing.B, g *gorm.DB, perDay int) {
	b.Helper()
	t0 := time.Now()
	day := "DATE_FORMAT(DATE_SUB('2026-11-21', INTERVAL d.seq DAY), '%Y-%m-%d')"
	ordersDay := benchOrders / benchDays / benchAgencyKey
	linesEach := benchLinesDay / perDay // lines a goods sells on a day
	for _, q := range []string{
		fmt.Sprintf(`INSERT INTO dashboard_day (day, agency_key, sales, new_customers, on_sale_delta)
			SELECT %s, a.seq, 1000000 + d.seq * 37 + a.seq, 300 + a.seq, IF(d.seq = %d, 150000, CAST(d.seq %% 7 AS SIGNED) - 3)
			FROM mysql.seq_0_to_%d d JOIN mysql.seq_0_to_%d a`, day, benchDays-1, benchDays-1, benchAgencyKey-1),
		fmt.Sprintf(`INSERT INTO dashboard_status_day (day, agency_key, status, orders)
			SELECT %s, a.seq, ELT(s.seq, 'unpaid','paid','shipped','completed','closed','refunded'), %d DIV 6
			FROM mysql.seq_0_to_%d d JOIN mysql.seq_0_to_%d a JOIN mysql.seq_1_to_6 s`, day, ordersDay, benchDays-1, benchAgencyKey-1),
		fmt.Sprintf(`INSERT INTO dashboard_goods_day (day, agency_key, goods_id, goods_name, quantity, sales)
			SELECT %s, n.seq %% %d, 1 + (d.seq * %d + n.seq * 7919) %% %d, CONCAT('商品', n.seq), %d, %d * (1000 + n.seq %% 5000)
			FROM mysql.seq_0_to_%d d JOIN mysql.seq_1_to_%d n`, day, benchAgencyKey, perDay, benchGoods, linesEach, linesEach,
			benchDays-1, perDay),
		fmt.Sprintf(`INSERT INTO dashboard_goods_day (day, agency_key, goods_id, goods_name, quantity, sales)
			SELECT day, %d, goods_id, MAX(goods_name), SUM(quantity), SUM(sales) FROM dashboard_goods_day GROUP BY day, goods_id`,
			dashboard.AllAgencies),
		fmt.Sprintf(`INSERT INTO goods (name, code, category, price, cost, stock, status, grounding_time, agency_id,
				main_picture, gallery, description, create_time, update_time)
			SELECT CONCAT('商品', n.seq), CONCAT('B', n.seq), 'digital', 1000, 500, n.seq %% 1000,
				IF(n.seq %% 2 = 0, 'on_sale', 'off_sale'), '2026-01-01', IF(n.seq %% 3 = 0, NULL, n.seq %% 3),
				'', '[]', '', '2026-01-01', '2026-01-01'
			FROM mysql.seq_1_to_%d n`, benchGoods),
		"ANALYZE TABLE dashboard_day, dashboard_status_day, dashboard_goods_day, goods",
	} {
		if err := g.Exec(q).Error; err != nil {
			b.Fatal(err)
		}
	}
	b.Logf("filled a year of figures (%d goods a day) and %d goods in %s", perDay, benchGoods, time.Since(t0).Round(time.Second))
}
