package db

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"gorm.io/gorm"
)

// Backup writes a consistent copy of a live SQLite database to path with VACUUM INTO: it reads one
// snapshot (WAL lets the server keep writing meanwhile) and writes a compact file that needs no
// -wal beside it. path must not exist yet.
func Backup(ctx context.Context, g *gorm.DB, path string) error {
	if Dialect(g) != SQLite {
		return errors.New("backup copies SQLite databases only; for MySQL use mysqldump (docs/operations.md)")
	}
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("%s exists: a backup never overwrites a file", path)
	}
	if err := g.WithContext(ctx).Exec("VACUUM INTO ?", path).Error; err != nil {
		os.Remove(path) // a half-written copy must not pass for a backup
		return fmt.Errorf("backing up to %s: %w", path, err)
	}
	if err := os.Chmod(path, 0o600); err != nil { // password hashes, as in the live file
		return err
	}
	return checkBackup(ctx, path, nil)
}

// sqliteHeader starts every SQLite 3 database file.
var sqliteHeader = []byte("SQLite format 3\x00")

// checkBackup makes sure path is a sound SQLite database of this product: the header, an integrity
// check, a schema_migrations table, and (when known is given) no step newer than this build.
func checkBackup(ctx context.Context, path string, known []Migration) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	head := make([]byte, len(sqliteHeader))
	_, err = io.ReadFull(f, head)
	f.Close()
	if err != nil || !bytes.Equal(head, sqliteHeader) {
		return fmt.Errorf("%s is not an SQLite database", path)
	}
	// Read-only and immutable: checking a file must not change it or leave -wal/-shm files.
	conn, err := sql.Open(SQLite, "file:"+(&url.URL{Path: path}).EscapedPath()+"?mode=ro&immutable=1")
	if err != nil {
		return err
	}
	defer conn.Close()
	var check string
	if err := conn.QueryRowContext(ctx, "PRAGMA quick_check").Scan(&check); err != nil || check != "ok" {
		return fmt.Errorf("%s is damaged: %s %v", path, check, err)
	}
	rows, err := conn.QueryContext(ctx, "SELECT id FROM schema_migrations")
	if err != nil {
		return fmt.Errorf("%s is not a database of this product (no schema_migrations): %w", path, err)
	}
	defer rows.Close()
	var done []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return err
		}
		done = append(done, id)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(done) == 0 {
		return fmt.Errorf("%s is not a database of this product (no migrations recorded)", path)
	}
	if known != nil {
		return checkNotNewer(done, known)
	}
	return nil
}

// Restore replaces the SQLite database at target with the backup at src, after checking that src
// is a database of this product no newer than this build (known are its migrations) and that no
// process has target open. The replaced file is kept as target.bak. The server must be stopped:
// the check catches a running one, but nothing stops one from starting during the copy.
func Restore(ctx context.Context, src, target string, known []Migration) error {
	if err := checkBackup(ctx, src, known); err != nil {
		return err
	}
	if _, err := os.Stat(target); err == nil {
		if err := leaveWAL(ctx, target); err != nil {
			return err
		}
		if err := os.Rename(target, target+".bak"); err != nil {
			return err
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if err := copyFile(src, target); err != nil {
		return fmt.Errorf("restoring %s: %w (the previous database is %s.bak)", target, err, target)
	}
	return nil
}

// leaveWAL switches target out of WAL mode, which SQLite allows only when no other connection has
// the file open: so it both proves the server is stopped and folds the -wal file into the database,
// leaving one file to move aside.
func leaveWAL(ctx context.Context, target string) error {
	conn, err := sql.Open(SQLite, "file:"+(&url.URL{Path: target}).EscapedPath()+"?_pragma=busy_timeout(0)")
	if err != nil {
		return err
	}
	defer conn.Close()
	var mode string
	err = conn.QueryRowContext(ctx, "PRAGMA journal_mode=DELETE").Scan(&mode)
	if err != nil || !strings.EqualFold(mode, "delete") {
		return fmt.Errorf("%s is in use (journal mode %q, %v): stop the server before restoring", target, mode, err)
	}
	return nil
}

// copyFile writes src to dst through a temporary file, synced before it takes dst's name, so that
// dst is either absent or complete.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	tmp, err := os.CreateTemp(filepath.Dir(dst), filepath.Base(dst)+".restore-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // fails harmlessly once renamed
	if _, err := io.Copy(tmp, in); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), dst)
}
