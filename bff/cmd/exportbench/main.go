// Command exportbench measures the streaming export on MySQL/MariaDB: it fills a table with N rows
// (once), then exports them either straight from the database (mode db, what the BFF does) or
// from rows loaded into memory first (mode memory, the baseline: excelize alone), printing the
// time and the process's peak RSS. Run each mode in its own process so the peaks are separate:
//
//	go run ./bff/cmd/exportbench -dsn 'root:@tcp(127.0.0.1:3306)/' -rows 1000000 -mode seed
//	go run ./bff/cmd/exportbench -dsn … -mode db
//	go run ./bff/cmd/exportbench -dsn … -mode memory
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/labstack/echo/v4"
	"gorm.io/driver/mysql"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"mallconsole/bff/internal/platform/export"
)

var fields = []string{"id", "name", "email", "phone", "amount", "status", "createTime", "note"}

func main() {
	dsn := flag.String("dsn", "root:@tcp(127.0.0.1:3306)/", "MySQL server DSN (no database)")
	dbName := flag.String("db", "exportbench", "database (created when missing)")
	n := flag.Int("rows", 1_000_000, "rows in the table")
	mode := flag.String("mode", "db", "seed | db | memory")
	flag.Parse()
	if err := run(*dsn, *dbName, *n, *mode); err != nil {
		fmt.Fprintln(os.Stderr, "exportbench:", err)
		os.Exit(1)
	}
}

func run(dsn, dbName string, n int, mode string) error {
	ctx := context.Background()
	root, err := gorm.Open(mysql.Open(dsn), &gorm.Config{Logger: logger.Discard})
	if err != nil {
		return err
	}
	if err := root.Exec("CREATE DATABASE IF NOT EXISTS `" + dbName + "` CHARACTER SET utf8mb4").Error; err != nil {
		return err
	}
	g, err := gorm.Open(mysql.Open(strings.TrimSuffix(dsn, "/")+"/"+dbName+"?parseTime=true&loc=Local"), &gorm.Config{Logger: logger.Discard})
	if err != nil {
		return err
	}
	if mode == "seed" {
		return seed(ctx, g, n)
	}
	cols := map[string]string{}
	for _, f := range fields {
		cols[f] = f
	}
	cols["createTime"] = "created_at"
	tbl := &export.Table{DB: g, Name: "export_bench", Key: "id", Columns: cols}
	q := export.Query{Headers: fields, Fields: fields}
	c := echo.New().NewContext(httptest.NewRequest("POST", "/", nil), httptest.NewRecorder())
	out := filepath.Join(os.TempDir(), "exportbench-"+mode+".xlsx")
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	defer f.Close()
	var rows func(export.Emit) error
	switch mode {
	case "db":
		rows = func(emit export.Emit) error { return tbl.Rows(c, q, emit) }
	case "memory":
		var all [][]any
		if err := tbl.Rows(c, q, func(r []any) error {
			all = append(all, append([]any(nil), r...))
			return nil
		}); err != nil {
			return err
		}
		rows = func(emit export.Emit) error {
			for _, r := range all {
				if err := emit(r); err != nil {
					return err
				}
			}
			return nil
		}
	default:
		return fmt.Errorf("mode %q: want seed, db or memory", mode)
	}
	start := time.Now()
	count := 0
	if err := export.Write(f, fields, func(emit export.Emit) error {
		return rows(func(r []any) error { count++; return emit(r) })
	}); err != nil {
		return err
	}
	took := time.Since(start)
	st, _ := f.Stat()
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	fmt.Printf("mode=%s rows=%d time=%.1fs rows/s=%.0f file=%.1fMB peakRSS=%.0fMB\n", mode, count, took.Seconds(),
		float64(count)/took.Seconds(), float64(st.Size())/1e6, float64(ru.Maxrss)/1024)
	return os.Remove(out)
}

// seed fills export_bench with n rows unless it already has them.
func seed(ctx context.Context, g *gorm.DB, n int) error {
	if err := g.Exec(`CREATE TABLE IF NOT EXISTS export_bench (
		id BIGINT PRIMARY KEY, name VARCHAR(64), email VARCHAR(64), phone VARCHAR(16), amount BIGINT,
		status VARCHAR(8), created_at DATETIME, note VARCHAR(128))`).Error; err != nil {
		return err
	}
	var have int64
	if err := g.Table("export_bench").Count(&have).Error; err != nil {
		return err
	}
	if have == int64(n) {
		fmt.Println("already seeded:", n)
		return nil
	}
	if err := g.Exec("TRUNCATE export_bench").Error; err != nil {
		return err
	}
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.Local)
	const batch = 2000
	for from := 1; from <= n; from += batch {
		var sb strings.Builder
		args := make([]any, 0, batch*8)
		sb.WriteString("INSERT INTO export_bench VALUES ")
		for id := from; id < from+batch && id <= n; id++ {
			if id > from {
				sb.WriteByte(',')
			}
			sb.WriteString("(?,?,?,?,?,?,?,?)")
			args = append(args, id, fmt.Sprintf("商品%07d", id), fmt.Sprintf("user%d@example.com", id),
				fmt.Sprintf("138%08d", id), id%100000, []string{"on", "off"}[id%2],
				base.Add(time.Duration(id)*time.Second), "备注：这是第"+fmt.Sprint(id)+"行的说明文字")
		}
		if err := g.WithContext(ctx).Exec(sb.String(), args...).Error; err != nil {
			return err
		}
	}
	fmt.Println("seeded:", n)
	return nil
}
