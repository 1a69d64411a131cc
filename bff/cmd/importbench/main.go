// Command importbench measures the express import. Mode prepare creates N paid orders and writes
// a sheet of N rows shipping them all into -dir; mode import (a fresh process, so that its peak
// RSS is the import's own) imports that sheet as the BFF does (open, count, import) and prints
// the time and the process's peak RSS. SQLite in -dir by default; MariaDB with -dsn:
//
//	go run ./bff/cmd/importbench -dir /tmp/ib -mode prepare
//	go run ./bff/cmd/importbench -dir /tmp/ib -mode import
//	go run ./bff/cmd/importbench -dir /tmp/ib -dsn 'root:@tcp(127.0.0.1:3306)/importbench?parseTime=true&loc=UTC&charset=utf8mb4' -mode prepare
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime/pprof"
	"syscall"
	"time"

	"github.com/xuri/excelize/v2"
	"gorm.io/gorm"

	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/schema"
)

func main() {
	n := flag.Int("rows", order.ImportMaxRows, "orders and sheet rows (prepare)")
	dir := flag.String("dir", "importbench", "folder of the sheet (and of the SQLite database)")
	dsn := flag.String("dsn", "", "MySQL DSN of an empty database (default: SQLite in -dir)")
	mode := flag.String("mode", "prepare", "prepare | import")
	profile := flag.String("cpuprofile", "", "write the import's CPU profile here")
	flag.Parse()
	if *profile != "" {
		f, err := os.Create(*profile)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "importbench:", err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}
	if err := run(*n, *dir, *dsn, *mode); err != nil {
		pprof.StopCPUProfile()
		fmt.Fprintln(os.Stderr, "importbench:", err)
		os.Exit(1) //nolint:gocritic // the profile is stopped above
	}
}

func run(n int, dir, dsn, mode string) error {
	ctx := context.Background()
	driver := "mysql"
	if dsn == "" {
		driver, dsn = "sqlite", filepath.Join(dir, "bench.db")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	g, err := db.Open(ctx, driver, dsn, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		return err
	}
	defer func() { _ = db.Close(g) }()
	dicts := dict.NewStore(g)
	file := filepath.Join(dir, "sheet.xlsx")
	if mode == "prepare" {
		return prepare(ctx, g, dicts, n, file)
	}
	// every order paid again, so that import can run again on the same data
	if err := g.Exec("UPDATE orders SET status = ?, express_company = '', tracking_no = '', ship_time = NULL",
		order.Paid).Error; err != nil {
		return err
	}
	if err := g.Exec("DELETE FROM order_history").Error; err != nil {
		return err
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	start := time.Now()
	sh, err := order.OpenSheet(data)
	if err != nil {
		return err
	}
	defer func() { _ = sh.Close() }()
	if _, err := sh.Count(); err != nil {
		return err
	}
	counted := time.Since(start)
	s := order.NewService(order.NewStore(g), dicts, time.Now)
	res, err := s.Import(ctx, nil, "bench", sh.Each)
	if err != nil {
		return err
	}
	fmt.Printf("%s import: total %d imported %d failed %d; open+count %s, whole %s; peak RSS %d MB\n",
		driver, res.Total, res.Imported, res.Failed, counted.Round(time.Millisecond), time.Since(start).Round(time.Millisecond),
		peakRSS()>>20)
	return nil
}

func prepare(ctx context.Context, g *gorm.DB, dicts *dict.Store, n int, file string) error {
	if _, err := db.Migrate(ctx, g, schema.Migrations()); err != nil {
		return err
	}
	if err := dicts.Ensure(ctx, order.ExpressDict, "快递公司", []dict.Entry{{Label: "顺丰速运", Value: "SF"}}); err != nil {
		return err
	}
	if err := fill(ctx, g, n); err != nil {
		return err
	}
	data, err := sheet(n)
	if err != nil {
		return err
	}
	fmt.Printf("%d paid orders; sheet of %d rows, %.1f MB\n", n, n, float64(len(data))/(1<<20))
	return os.WriteFile(file, data, 0o600)
}

// fill inserts n paid orders B00000001… straight into the table (the import is measured, not
// the making of orders).
func fill(ctx context.Context, g *gorm.DB, n int) error {
	now := time.Now().UTC().Truncate(time.Millisecond)
	const batch = 1000
	for i := 0; i < n; i += batch {
		rows := make([]order.Order, 0, batch)
		for j := i; j < min(i+batch, n); j++ {
			rows = append(rows, order.Order{OrderNo: fmt.Sprintf("B%08d", j+1), CustomerName: "王五", Phone: "13812345678",
				Address: "上海市", Amount: 1000, Status: order.Paid, PayTime: &now, CreateTime: now, UpdateTime: now})
		}
		if err := g.WithContext(ctx).Create(&rows).Error; err != nil {
			return err
		}
	}
	return nil
}

// sheet is the workbook shipping orders 1…n, each with its own tracking number.
func sheet(n int) ([]byte, error) {
	f := excelize.NewFile()
	defer func() { _ = f.Close() }()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		return nil, err
	}
	if err := sw.SetRow("A1", []any{"订单号", "快递公司", "快递单号"}); err != nil {
		return nil, err
	}
	for i := 1; i <= n; i++ {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := sw.SetRow(cell, []any{fmt.Sprintf("B%08d", i), "顺丰速运", fmt.Sprintf("SF%012d", i)}); err != nil {
			return nil, err
		}
	}
	if err := sw.Flush(); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	_, err = f.WriteTo(&buf)
	return buf.Bytes(), err
}

// peakRSS is the process's peak resident set so far, in bytes (Linux reports KiB).
func peakRSS() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Maxrss << 10
}
