package db_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/schema"
)

// pair is written two rows per transaction: a consistent copy always holds an even number.
type pair struct {
	ID   int64
	Side string
}

func countPairs(t *testing.T, path string) int64 {
	t.Helper()
	g, err := db.Open(context.Background(), db.SQLite, path, dbtest.Logger(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close(g)
	var n int64
	if err := g.Model(&pair{}).Count(&n).Error; err != nil {
		t.Fatalf("counting in %s: %v", path, err)
	}
	return n
}

func TestBackupWhileWritingAndRestore(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	live := filepath.Join(dir, "bff.db")
	g, err := db.Open(ctx, db.SQLite, live, dbtest.Logger(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Migrate(ctx, g, schema.Migrations()); err != nil {
		t.Fatal(err)
	}
	if err := g.AutoMigrate(&pair{}); err != nil {
		t.Fatal(err)
	}

	// A writer inserts pairs until told to stop, as the server would while the backup runs.
	var written atomic.Int64
	stop := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		for i := 0; i < 100000; i++ { // bounded
			select {
			case <-stop:
				done <- nil
				return
			default:
			}
			err := g.Transaction(func(tx *gorm.DB) error {
				return tx.Create([]pair{{Side: "a"}, {Side: "b"}}).Error
			})
			if err != nil {
				done <- err
				return
			}
			written.Add(2)
		}
		done <- nil
	}()
	for deadline := time.Now().Add(5 * time.Second); written.Load() < 200 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	backup := filepath.Join(dir, "copy.db")
	berr := db.Backup(ctx, g, backup)
	close(stop)
	if err := <-done; err != nil {
		t.Fatalf("writer: %v", err)
	}
	if berr != nil {
		t.Fatal(berr)
	}
	if err := db.Backup(ctx, g, backup); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("a second backup over the first: %v", err)
	}
	copied := countPairs(t, backup)
	final := written.Load()
	if copied == 0 || copied%2 != 0 || copied > final {
		t.Fatalf("the backup holds %d rows (the writer wrote %d): not one consistent snapshot", copied, final)
	}
	if fi, err := os.Stat(backup); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("backup mode: %v %v", fi, err)
	}

	// Restoring over a database in use is refused and changes nothing.
	if err := db.Restore(ctx, backup, live, schema.Migrations()); err == nil || !strings.Contains(err.Error(), "in use") {
		t.Fatalf("restore while open: %v", err)
	}
	db.Close(g)
	if got := countPairs(t, live); got != final {
		t.Fatalf("the refused restore changed the live database: %d rows, want %d", got, final)
	}
	if err := db.Restore(ctx, backup, live, schema.Migrations()); err != nil {
		t.Fatal(err)
	}
	if got := countPairs(t, live); got != copied {
		t.Errorf("after the restore: %d rows, the backup had %d", got, copied)
	}
	if got := countPairs(t, live+".bak"); got != final {
		t.Errorf("the kept .bak has %d rows, want the replaced database's %d", got, final)
	}
}

func TestRestoreRefusesWhatIsNotABackupOfThisProduct(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	target := filepath.Join(dir, "bff.db")
	if err := os.WriteFile(target, []byte("keep me"), 0o600); err != nil {
		t.Fatal(err)
	}
	text := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(text, []byte("SQLite format 2, honestly"), 0o600); err != nil {
		t.Fatal(err)
	}
	foreign := filepath.Join(dir, "foreign.db")
	fg, err := db.Open(ctx, db.SQLite, foreign, dbtest.Logger(t))
	if err != nil {
		t.Fatal(err)
	}
	fg.Exec("CREATE TABLE t (id INTEGER)")
	db.Close(fg)
	newer := filepath.Join(dir, "newer.db")
	ng, err := db.Open(ctx, db.SQLite, newer, dbtest.Logger(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Migrate(ctx, ng, schema.Migrations()); err != nil {
		t.Fatal(err)
	}
	ng.Exec("INSERT INTO schema_migrations (id, applied_at) VALUES ('20991231_01_future', ?)", db.Now())
	db.Close(ng)

	for src, want := range map[string]string{
		text:                         "not an SQLite database",
		foreign:                      "schema_migrations",
		newer:                        "20991231_01_future",
		filepath.Join(dir, "absent"): "no such file",
	} {
		err := db.Restore(ctx, src, target, schema.Migrations())
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("restore from %s: %v, want an error with %q", filepath.Base(src), err, want)
		}
		if src == newer && !errors.Is(err, db.ErrNewerSchema) {
			t.Errorf("newer: %v is not ErrNewerSchema", err)
		}
	}
	if b, _ := os.ReadFile(target); string(b) != "keep me" {
		t.Errorf("a refused restore touched the target: %q", b)
	}
}
