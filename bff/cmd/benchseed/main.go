// Command benchseed fills a MySQL/MariaDB database with a million goods and a million orders
// (with their items) for the list and dashboard figures (docs/figures.md). It creates the
// database when missing, applies the migrations and the base seed, then inserts with multi-row
// INSERTs (1,000 rows a statement, 10 statements a transaction) from a few workers. Rows are
// dated in id order over the last year, as a shop's rows are. -drop removes the database.
//
//	go run ./bff/cmd/benchseed -dsn 'root:@tcp(127.0.0.1:3306)/' -db bench
//	go run ./bff/cmd/benchseed -dsn 'root:@tcp(127.0.0.1:3306)/' -db bench -drop
package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"mallconsole/bff/internal/dashboard"
	"mallconsole/bff/internal/initsetup"
	"mallconsole/bff/internal/report"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/go-sql-driver/mysql"

	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/schema"
	"mallconsole/bff/internal/seed"
)

func main() {
	dsn := flag.String("dsn", "root:@tcp(127.0.0.1:3306)/", "MySQL server DSN (no database)")
	name := flag.String("db", "bench", "database (created when missing; never a database other tests use)")
	goods := flag.Int("goods", 1_000_000, "goods rows to add")
	orders := flag.Int("orders", 1_000_000, "orders to add (1–3 items each)")
	workers := flag.Int("workers", 2, "parallel inserters")
	drop := flag.Bool("drop", false, "drop the database and stop")
	password := flag.String("password", "bench-pass-1", "password of admin and the demo users, when they are created")
	flag.Parse()
	if err := run(*dsn, *name, *password, *goods, *orders, *workers, *drop); err != nil {
		fmt.Fprintln(os.Stderr, "benchseed:", err)
		os.Exit(1)
	}
}

func run(dsn, name, password string, nGoods, nOrders, workers int, drop bool) error {
	ctx := context.Background()
	if name == "" || name == "test" || strings.ContainsAny(name, "`'\" ") {
		return fmt.Errorf("refusing database %q", name)
	}
	root, err := sql.Open("mysql", dsn)
	if err != nil {
		return err
	}
	defer root.Close()
	if drop {
		_, err := root.ExecContext(ctx, "DROP DATABASE IF EXISTS `"+name+"`")
		return err
	}
	if _, err := root.ExecContext(ctx, "CREATE DATABASE IF NOT EXISTS `"+name+"` CHARACTER SET utf8mb4"); err != nil {
		return err
	}
	cfg, err := mysql.ParseDSN(dsn)
	if err != nil {
		return err
	}
	cfg.DBName, cfg.ParseTime, cfg.Loc, cfg.InterpolateParams = name, true, time.UTC, true
	cfg.Params = map[string]string{"charset": "utf8mb4"}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	g, err := db.Open(ctx, db.MySQL, cfg.FormatDSN(), log)
	if err != nil {
		return err
	}
	defer db.Close(g)
	if _, err := db.Migrate(ctx, g, schema.Migrations()); err != nil {
		return err
	}
	if err := seed.Run(ctx, g, seed.Options{Demo: true, AdminPassword: password, DemoPassword: password, Out: io.Discard}); err != nil {
		return err
	}
	sqlDB, err := g.DB()
	if err != nil {
		return err
	}
	var agencies []int64
	if err := g.Table("agencies").Order("id").Pluck("id", &agencies).Error; err != nil || len(agencies) < 2 {
		return fmt.Errorf("the demo agencies: %v", err)
	}
	b := bench{db: sqlDB, now: time.Now().UTC().Truncate(time.Second), agencies: agencies,
		nGoods: int64(nGoods), nOrders: int64(nOrders)}
	if err := b.base(ctx); err != nil {
		return err
	}
	start := time.Now()
	if err := b.parallel(ctx, workers, b.goodsID, nGoods, b.goodsRows); err != nil {
		return err
	}
	if err := b.skus(ctx, b.goodsID+1, b.goodsID+int64(nGoods)); err != nil {
		return err
	}
	fmt.Printf("goods: %d rows with their SKUs in %v\n", nGoods, time.Since(start).Round(time.Millisecond))
	b.lastGoods = b.goodsID + int64(nGoods)
	start = time.Now()
	if err := b.parallel(ctx, workers, b.orderID, nOrders, b.orderRows); err != nil {
		return err
	}
	fmt.Printf("orders: %d rows with items in %v\n", nOrders, time.Since(start).Round(time.Millisecond))
	for _, t := range []string{"goods", "orders", "order_items"} {
		if _, err := sqlDB.ExecContext(ctx, "ANALYZE TABLE "+t); err != nil {
			return err
		}
	}
	// The figures a shop with this history has, as the BFF makes them after its demo seed: without
	// them the dashboard reads empty tables and the report job spends the first runs catching up
	// on a year of days (31 a minute), which a load run would count as the requests' cost.
	start = time.Now()
	if err := dashboard.NewService(g, time.Local, time.Now, false).Rebuild(ctx); err != nil {
		return err
	}
	if err := report.NewService(g, initsetup.NewStore(g), time.Local, time.Now).Rebuild(ctx); err != nil {
		return err
	}
	fmt.Printf("dashboard and report figures in %v\n", time.Since(start).Round(time.Millisecond))
	return nil
}

// span is how far back the rows' creation times go.
const span = 365 * 24 * time.Hour

type bench struct {
	db        *sql.DB
	now       time.Time
	agencies  []int64
	goodsID   int64 // the last id before the new goods
	orderID   int64 // the last id before the new orders
	lastGoods int64
	nGoods    int64
	nOrders   int64
}

// base reads where the new rows' ids start, so that a second run adds to the first.
func (b *bench) base(ctx context.Context) error {
	for _, c := range []struct {
		table string
		dst   *int64
	}{{"goods", &b.goodsID}, {"orders", &b.orderID}} {
		if err := b.db.QueryRowContext(ctx, "SELECT COALESCE(MAX(id), 0) FROM "+c.table).Scan(c.dst); err != nil {
			return err
		}
	}
	return nil
}

// batch is the rows of one INSERT: statement texts with their arguments.
type batch []struct {
	sql  string
	args []any
}

const (
	rowsPerStatement = 1000
	statementsPerTx  = 10
)

// parallel splits ids from+1 … from+n into chunks of rowsPerStatement and has workers insert
// them; rows builds the statements of one chunk.
func (b *bench) parallel(ctx context.Context, workers int, from int64, n int, rows func(r *rand.Rand, first, last int64) batch) error {
	chunks := make(chan int64)
	errs := make(chan error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), uint64(from)))
			errs <- b.worker(ctx, r, chunks, from+int64(n), rows)
		}()
	}
	var err error
	for first := from + 1; first <= from+int64(n); first += rowsPerStatement * statementsPerTx {
		chunks <- first
	}
	close(chunks)
	wg.Wait()
	close(errs)
	for e := range errs {
		if e != nil && err == nil {
			err = e
		}
	}
	return err
}

func (b *bench) worker(ctx context.Context, r *rand.Rand, chunks <-chan int64, end int64, rows func(r *rand.Rand, first, last int64) batch) error {
	conn, err := b.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	// Keys are checked by construction here; the server need not check them row by row.
	if _, err := conn.ExecContext(ctx, "SET unique_checks = 0, foreign_key_checks = 0"); err != nil {
		return err
	}
	for first := range chunks {
		tx, err := conn.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		for s := first; s < first+rowsPerStatement*statementsPerTx && s <= end; s += rowsPerStatement {
			for _, st := range rows(r, s, min(s+rowsPerStatement-1, end)) {
				if _, err := tx.ExecContext(ctx, st.sql, st.args...); err != nil {
					_ = tx.Rollback() // the insert's error is the one to report
					return err
				}
			}
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// skus gives goods first … last one SKU each, of the same code, price and stock (threshold 9),
// booked as its opening — what the SKU migration makes of a goods row. One range at a time, after
// the goods: INSERT … SELECT locks the range it reads, and beside the parallel goods inserts
// that deadlocks.
func (b *bench) skus(ctx context.Context, first, last int64) error {
	const step = 10_000
	for from := first; from <= last; from += step {
		to := min(from+step-1, last)
		for _, q := range []string{
			"INSERT INTO goods_skus (goods_id, scope_id, code, barcode, specs, price, cost, stock, low_stock, on_sale, sort, create_time, update_time) " +
				"SELECT id, COALESCE(agency_id, 0), code, '', '[]', price, cost, stock, 9, 1, 0, create_time, update_time FROM goods WHERE id BETWEEN ? AND ?",
			"INSERT INTO stock_ledger (sku_id, goods_id, scope_id, sku_code, delta, balance, reason, order_no, operator, note, create_time) " +
				"SELECT id, goods_id, scope_id, code, stock, stock, 'opening', '', 'system', '', update_time FROM goods_skus WHERE goods_id BETWEEN ? AND ? AND stock > 0",
		} {
			if _, err := b.db.ExecContext(ctx, q, from, to); err != nil {
				return err
			}
		}
	}
	return nil
}

// created dates row id, the (id-base)th of n new rows, in id order over the last year.
func (b *bench) created(r *rand.Rand, id, base, n int64) time.Time {
	frac := float64(id-base) / float64(max(n, 1))
	t := b.now.Add(-span + time.Duration(frac*float64(span)) + time.Duration(r.IntN(60))*time.Second)
	return t.Truncate(time.Millisecond)
}

var categories = []string{"digital", "clothing", "food", "home", "beauty"}

func (b *bench) agency(r *rand.Rand) any {
	switch p := r.IntN(100); {
	case p < 10:
		return b.agencies[0]
	case p < 15:
		return b.agencies[1]
	}
	return nil
}

func (b *bench) goodsRows(r *rand.Rand, first, last int64) batch {
	const cols = 17
	var sb strings.Builder
	sb.WriteString("INSERT INTO goods (id, name, code, category, price, max_price, cost, stock, low_skus, status, grounding_time, agency_id, " +
		"main_picture, gallery, description, create_time, update_time) VALUES ")
	args := make([]any, 0, (last-first+1)*cols)
	for id := first; id <= last; id++ {
		if id > first {
			sb.WriteByte(',')
		}
		sb.WriteString("(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")
		created := b.created(r, id, b.goodsID, b.nGoods)
		cat := categories[r.IntN(len(categories))]
		price := int64(100 + r.IntN(1_000_000))
		status, listed := "on_sale", any(created.Add(time.Duration(r.IntN(72))*time.Hour))
		switch p := r.IntN(100); {
		case p < 15:
			status, listed = "draft", nil
		case p < 30:
			status = "off_sale"
		}
		stock := r.IntN(1000)
		low := 0
		if stock <= 9 {
			low = 1
		}
		args = append(args, id, fmt.Sprintf("压测商品%07d", id), fmt.Sprintf("BENCH-%d", id), cat, price, price, price*6/10,
			stock, low, status, listed, b.agency(r), "", "[]", "", created, created)
	}
	return batch{{sb.String(), args}}
}

func (b *bench) orderRows(r *rand.Rand, first, last int64) batch {
	statuses := []string{"unpaid", "paid", "shipped", "completed", "completed", "completed", "completed", "closed", "refunded"}
	var orders, items strings.Builder
	orders.WriteString("INSERT INTO orders (id, order_no, customer_name, phone, address, amount, freight, pay_time, agency_id, " +
		"status, express_company, tracking_no, ship_time, remark, create_time, update_time) VALUES ")
	items.WriteString("INSERT INTO order_items (order_id, goods_id, goods_name, unit_price, quantity) VALUES ")
	var oargs, iargs []any
	for id := first; id <= last; id++ {
		if id > first {
			orders.WriteByte(',')
			items.WriteByte(',')
		}
		created := b.created(r, id, b.orderID, b.nOrders)
		lines := 1 + r.IntN(3)
		var total int64
		for l := range lines {
			if l > 0 {
				items.WriteByte(',')
			}
			items.WriteString("(?,?,?,?,?)")
			gid := b.goodsID + 1 + r.Int64N(max(b.lastGoods-b.goodsID, 1))
			price, q := int64(100+r.IntN(100_000)), int64(1+r.IntN(3))
			total += price * q
			iargs = append(iargs, id, gid, fmt.Sprintf("压测商品%07d", gid), price, q)
		}
		status := statuses[r.IntN(len(statuses))]
		var paid, shipped any
		company, tracking := "", ""
		if status != "unpaid" && status != "closed" {
			paid = created.Add(5 * time.Minute)
		}
		if status == "shipped" || status == "completed" {
			shipped, company, tracking = created.Add(20*time.Hour), "SF", fmt.Sprintf("SF%012d", id)
		}
		orders.WriteString("(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")
		oargs = append(oargs, id, fmt.Sprintf("B%s%08d", created.Format("20060102"), id), "压测客户",
			fmt.Sprintf("13%09d", r.IntN(1_000_000_000)), "浙江省杭州市西湖区文三路1号", total+800, 800, paid,
			b.agency(r), status, company, tracking, shipped, "", created, created)
	}
	return batch{{orders.String(), oargs}, {items.String(), iargs}}
}
