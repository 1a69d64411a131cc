// Package dbtest gives tests real, migrated databases: a fresh SQLite file always, and a fresh
// MariaDB/MySQL database when BFF_TEST_MYSQL_DSN is set (BFF_TEST_REQUIRE_MYSQL=1 turns a missing
// or unreachable server into a failure). Redis works the same way with BFF_TEST_REDIS_ADDR and
// BFF_TEST_REQUIRE_REDIS=1.
package dbtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gomysql "github.com/go-sql-driver/mysql"
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/schema"
)

// Environment variables read by the helpers.
const (
	EnvMySQL        = "BFF_TEST_MYSQL_DSN"
	EnvRequireMySQL = "BFF_TEST_REQUIRE_MYSQL"
	EnvRedis        = "BFF_TEST_REDIS_ADDR"
	EnvRequireRedis = "BFF_TEST_REQUIRE_REDIS"
)

// Backends names the databases a test runs on.
func Backends() []string { return []string{db.SQLite, db.MySQL} }

// Each runs body once per available database, each a fresh one with all migrations applied, as
// parallel subtests named "sqlite" and "mysql".
func Each(t *testing.T, body func(t *testing.T, g *gorm.DB)) {
	t.Helper()
	for _, backend := range Backends() {
		t.Run(backend, func(t *testing.T) {
			t.Parallel()
			body(t, Open(t, backend))
		})
	}
}

// Open returns a fresh migrated database of the backend (skipping when MySQL is not configured).
func Open(t testing.TB, backend string) *gorm.DB {
	t.Helper()
	g, _ := OpenDSN(t, backend)
	if _, err := db.Migrate(context.Background(), g, schema.Migrations()); err != nil {
		t.Fatalf("migrating: %v", err)
	}
	return g
}

// OpenBefore returns a fresh database of the backend with the migrations before id applied: a
// migration's test fills it as an older release left it, then migrates the rest.
func OpenBefore(t testing.TB, backend, id string) *gorm.DB {
	t.Helper()
	g, _ := OpenDSN(t, backend)
	var before []db.Migration
	for _, m := range schema.Migrations() {
		if m.ID < id {
			before = append(before, m)
		}
	}
	if _, err := db.Migrate(context.Background(), g, before); err != nil {
		t.Fatalf("migrating up to %s: %v", id, err)
	}
	return g
}

// OpenDSN returns a fresh, empty database of the backend and the driver DSN it was opened with,
// closed (and for MySQL dropped) when the test ends.
func OpenDSN(t testing.TB, backend string) (*gorm.DB, string) {
	t.Helper()
	var dsn string
	switch backend {
	case db.SQLite:
		dsn = filepath.Join(t.TempDir(), "test.db")
	case db.MySQL:
		dsn = NewMySQLDatabase(t)
	default:
		t.Fatalf("unknown backend %q", backend)
	}
	g, err := db.Open(context.Background(), backend, dsn, Logger(t))
	if err != nil {
		t.Fatalf("opening %s: %v", backend, err)
	}
	t.Cleanup(func() { db.Close(g) })
	return g, dsn
}

// NewMySQLDatabase creates a database with a random name on the server of BFF_TEST_MYSQL_DSN and
// returns its DSN; the database is dropped when the test ends. Without the variable the test is
// skipped, or fails when BFF_TEST_REQUIRE_MYSQL=1.
func NewMySQLDatabase(t testing.TB) string {
	t.Helper()
	server := os.Getenv(EnvMySQL)
	if server == "" {
		unavailable(t, EnvRequireMySQL, EnvMySQL+" is not set")
	}
	cfg, err := gomysql.ParseDSN(server)
	if err != nil {
		t.Fatalf("%s: %v", EnvMySQL, err)
	}
	admin, err := sql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		t.Fatalf("%s: %v", EnvMySQL, err)
	}
	defer admin.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := admin.PingContext(ctx); err != nil {
		unavailable(t, EnvRequireMySQL, "MySQL at "+EnvMySQL+" unreachable: "+err.Error())
	}
	name := "bfftest_" + randomHex(8)
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE `"+name+"` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci"); err != nil {
		t.Fatalf("creating test database: %v", err)
	}
	t.Cleanup(func() {
		admin, err := sql.Open("mysql", cfg.FormatDSN())
		if err != nil {
			t.Errorf("dropping %s: %v", name, err)
			return
		}
		defer admin.Close()
		if _, err := admin.Exec("DROP DATABASE IF EXISTS `" + name + "`"); err != nil {
			t.Errorf("dropping %s: %v", name, err)
		}
	})
	cfg.DBName = name
	cfg.ParseTime = true
	cfg.Loc = time.UTC
	if cfg.Params == nil {
		cfg.Params = map[string]string{}
	}
	cfg.Params["charset"] = "utf8mb4"
	return cfg.FormatDSN()
}

// Redis returns a client of BFF_TEST_REDIS_ADDR and a random key prefix; keys under the prefix
// are deleted when the test ends. Without the variable the test is skipped, or fails when
// BFF_TEST_REQUIRE_REDIS=1.
func Redis(t testing.TB) (*redis.Client, string) {
	t.Helper()
	addr := os.Getenv(EnvRedis)
	if addr == "" {
		unavailable(t, EnvRequireRedis, EnvRedis+" is not set")
	}
	rdb := redis.NewClient(&redis.Options{Addr: addr})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := rdb.Ping(ctx).Err(); err != nil {
		rdb.Close()
		unavailable(t, EnvRequireRedis, "Redis at "+EnvRedis+" unreachable: "+err.Error())
	}
	prefix := "bfftest:" + randomHex(8) + ":"
	t.Cleanup(func() {
		defer rdb.Close()
		ctx := context.Background()
		var cursor uint64
		for range 1000 {
			keys, next, err := rdb.Scan(ctx, cursor, prefix+"*", 500).Result()
			if err != nil {
				t.Errorf("cleaning Redis: %v", err)
				return
			}
			if len(keys) > 0 {
				rdb.Del(ctx, keys...)
			}
			if cursor = next; cursor == 0 {
				return
			}
		}
	})
	return rdb, prefix
}

// RedisURL is the redis:// URL of BFF_TEST_REDIS_ADDR and a random key prefix cleaned up after
// the test (with the same skip/fail rule as Redis).
func RedisURL(t testing.TB) (string, string) {
	t.Helper()
	_, prefix := Redis(t)
	return "redis://" + os.Getenv(EnvRedis) + "/0", prefix
}

func unavailable(t testing.TB, requireVar, why string) {
	t.Helper()
	if os.Getenv(requireVar) == "1" {
		t.Fatalf("%s (and %s=1)", why, requireVar)
	}
	t.Skip(why)
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// Logger is a logger for tests: warnings and errors go to the test log.
func Logger(t testing.TB) *slog.Logger {
	return slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// Discard is a logger that drops everything (benchmarks).
func Discard() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }
