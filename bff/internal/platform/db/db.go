// Package db opens the database through gorm (SQLite by default, MySQL/MariaDB by DSN) and
// applies the features' versioned migrations.
package db

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/glebarez/sqlite"
	gomysql "github.com/go-sql-driver/mysql"
	"gorm.io/driver/mysql"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// Drivers accepted by Open.
const (
	SQLite = "sqlite"
	MySQL  = "mysql"
)

// Open connects to the database. For SQLite, path is the file (its directory is created) and the
// connection runs in WAL mode with a busy timeout and foreign keys on; for MySQL, path is the DSN.
func Open(ctx context.Context, driver, dsn string, log *slog.Logger) (*gorm.DB, error) {
	var dialector gorm.Dialector
	switch driver {
	case SQLite:
		if dir := filepath.Dir(dsn); dir != "" {
			if err := os.MkdirAll(dir, 0o700); err != nil {
				return nil, fmt.Errorf("creating %s: %w", dir, err)
			}
		}
		// busy_timeout first so that switching to WAL waits for another process instead of failing.
		// _txlock=immediate: a transaction takes the write lock when it starts, so two writers queue
		// up on busy_timeout rather than deadlock when a reader upgrades.
		dialector = sqlite.Open(dsn + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)" +
			"&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_txlock=immediate")
	case MySQL:
		d, err := withTimeouts(dsn)
		if err != nil {
			return nil, err
		}
		dialector = mysql.Open(d)
	default:
		return nil, fmt.Errorf("unknown database driver %q", driver)
	}
	g, err := gorm.Open(dialector, &gorm.Config{
		SkipDefaultTransaction: true,
		// No statement cache (PrepareStmt): it deadlocks a pool whose every connection is in a
		// transaction while a query outside prepares a statement those transactions then run
		// (go-gorm/gorm#7465; pool_test.go). MySQL instead sends each query in one round trip
		// with its arguments interpolated by the driver (withTimeouts).
		TranslateError: true,
		NowFunc:        Now,
		Logger: logger.New(slogWriter{log}, logger.Config{
			SlowThreshold:             500 * time.Millisecond,
			LogLevel:                  logger.Warn,
			IgnoreRecordNotFoundError: true,
			ParameterizedQueries:      true, // never log values: they may be password hashes
		}),
	})
	if err != nil {
		return nil, fmt.Errorf("opening %s database: %w", driver, err)
	}
	sqlDB, err := g.DB()
	if err != nil {
		return nil, err
	}
	detached(g, sqlDB)
	if driver == SQLite {
		// The file holds password hashes: private to the owner (SQLite gives its -wal and -shm
		// files the same mode).
		if err := os.Chmod(dsn, 0o600); err != nil {
			sqlDB.Close()
			return nil, err
		}
		// WAL lets readers run beside the one writer; a handful of connections is enough on a
		// small machine and keeps memory low.
		sqlDB.SetMaxOpenConns(8)
		sqlDB.SetMaxIdleConns(8)
	} else {
		sqlDB.SetMaxOpenConns(32)
		sqlDB.SetMaxIdleConns(16)
		sqlDB.SetConnMaxLifetime(5 * time.Minute)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := sqlDB.PingContext(pingCtx); err != nil {
		sqlDB.Close()
		return nil, fmt.Errorf("connecting to the %s database: %w", driver, err)
	}
	return g, nil
}

// Timeouts a MySQL DSN gets unless it sets its own: a database that is down or unreachable fails
// a request in seconds (answered 503) instead of holding it until the kernel gives up on the
// connection. The read and write limits apply to each packet, not to a whole query, so a long
// export that keeps receiving rows is not cut.
const (
	DialTimeout = 2 * time.Second
	IOTimeout   = 30 * time.Second
)

// withTimeouts adds DialTimeout and IOTimeout to a MySQL DSN that does not set them, and
// interpolateParams unless it says otherwise: a query with arguments is then one round trip,
// not prepare, execute and close (the driver refuses to interpolate for the few character
// sets where that is unsafe, and falls back to preparing).
func withTimeouts(dsn string) (string, error) {
	c, err := gomysql.ParseDSN(dsn)
	if err != nil {
		return "", fmt.Errorf("the MySQL DSN: %w", err)
	}
	if !strings.Contains(dsn, "interpolateParams=") {
		c.InterpolateParams = true
	}
	if c.Timeout == 0 {
		c.Timeout = DialTimeout
	}
	if c.ReadTimeout == 0 {
		c.ReadTimeout = IOTimeout
	}
	if c.WriteTimeout == 0 {
		c.WriteTimeout = IOTimeout
	}
	return c.FormatDSN(), nil
}

// Now is the time stamp written into rows: UTC, so that both databases store the same thing
// whatever the server's zone; millisecond precision, as MySQL's datetime(3) keeps.
func Now() time.Time { return time.Now().UTC().Truncate(time.Millisecond) }

// Close closes the connection pool.
func Close(g *gorm.DB) error {
	sqlDB, err := g.DB()
	if err != nil {
		return err
	}
	return sqlDB.Close()
}

// Dialect names the database behind g: SQLite or MySQL.
func Dialect(g *gorm.DB) string {
	if g.Name() == "sqlite" {
		return SQLite
	}
	return MySQL
}

type slogWriter struct{ log *slog.Logger }

func (w slogWriter) Printf(format string, args ...any) {
	w.log.Warn("db", "msg", fmt.Sprintf(format, args...))
}

// Paged counts the rows tx selects and returns one page of them in order.
func Paged[T any](tx *gorm.DB, order string, offset, limit int) ([]T, int64, error) {
	var n int64
	if err := tx.Count(&n).Error; err != nil {
		return nil, 0, err
	}
	rows := []T{}
	err := tx.Order(order).Offset(offset).Limit(limit).Find(&rows).Error
	return rows, n, err
}
