package db_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
)

type detachRow struct {
	ID   int64 `gorm:"primaryKey"`
	Name string
}

// A request's context ends when its client goes away. A statement already running then runs to
// its end; the next one fails, and the transaction rolls back whole: nothing written before the
// cancel is kept.
func TestCancelEndsARequestsWorkBetweenStatements(t *testing.T) {
	// Each takes a few hundred milliseconds: the cancel lands while it runs.
	slow := map[string]string{
		db.MySQL:  "SELECT 7 FROM (SELECT SLEEP(0.3)) AS s",
		db.SQLite: "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000) SELECT COUNT(*) / 142857 FROM c",
	}
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		if err := g.AutoMigrate(&detachRow{}); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		err := g.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			if err := tx.Create(&detachRow{Name: "before"}).Error; err != nil {
				return err
			}
			if _, err := tx.DB(); err != nil {
				return err
			}
			timer := time.AfterFunc(50*time.Millisecond, cancel)
			defer timer.Stop()
			var v int64
			if err := tx.Raw(slow[g.Name()]).Scan(&v).Error; err != nil || v != 7 {
				t.Errorf("the running statement was cut by the cancel: %d, %v", v, err)
			}
			<-ctx.Done()
			return tx.Create(&detachRow{Name: "after"}).Error
		})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("the statement after the cancel: %v, want context.Canceled", err)
		}
		var n int64
		if err := g.Model(&detachRow{}).Count(&n).Error; err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Errorf("%d rows of the cancelled transaction were kept", n)
		}
	})
}

// Inside a transaction begun through the pool, a nested transaction is a savepoint: its rows go
// with its error, the outer ones stay.
func TestNestedTransactionIsASavepoint(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		if err := g.AutoMigrate(&detachRow{}); err != nil {
			t.Fatal(err)
		}
		err := g.WithContext(context.Background()).Transaction(func(tx *gorm.DB) error {
			if err := tx.Create(&detachRow{Name: "outer"}).Error; err != nil {
				return err
			}
			inner := tx.Transaction(func(tx *gorm.DB) error {
				if err := tx.Create(&detachRow{Name: "undone"}).Error; err != nil {
					return err
				}
				return errors.New("roll the savepoint back")
			})
			if inner == nil {
				t.Error("the nested transaction's error was lost")
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		if err := g.Model(&detachRow{}).Order("id").Pluck("name", &names).Error; err != nil {
			t.Fatal(err)
		}
		if len(names) != 1 || names[0] != "outer" {
			t.Errorf("rows %v, want [outer]", names)
		}
	})
}

// A context already over fails its statement at once, so a loop that stops on the error stops.
func TestCancelledContextStillFails(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		var v int
		if err := g.WithContext(ctx).Raw("SELECT 1").Scan(&v).Error; !errors.Is(err, context.Canceled) {
			t.Errorf("a statement under a cancelled context: %v, want context.Canceled", err)
		}
		if err := g.WithContext(ctx).Transaction(func(*gorm.DB) error { return nil }); !errors.Is(err, context.Canceled) {
			t.Errorf("a transaction under a cancelled context: %v, want context.Canceled", err)
		}
	})
}

// A deadline is meant (a job's bound, a health check's): it still cuts a statement that runs
// past it. On MariaDB; SQLite's driver reads the deadline only between rows.
func TestDeadlineStillCutsAStatement(t *testing.T) {
	g := dbtest.Open(t, db.MySQL)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	var v int64
	err := g.WithContext(ctx).Raw("SELECT SLEEP(20)").Scan(&v).Error
	if took := time.Since(start); err == nil || took > 10*time.Second {
		t.Errorf("a statement past its 200 ms deadline ended after %v with %v (answer %d)", took, err, v)
	}
}

// A cursor read row by row (db.Each: an export) keeps its cancellation: when the client goes
// away it stops within a few rows instead of reading the whole result.
func TestAStreamStopsWhenItsClientLeaves(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		if err := g.AutoMigrate(&detachRow{}); err != nil {
			t.Fatal(err)
		}
		const n = 20000
		rows := make([]detachRow, n)
		for i := range rows {
			rows[i].Name = "a row long enough that the whole result does not fit one read buffer"
		}
		if err := g.CreateInBatches(rows, 1000).Error; err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		read := 0
		err := db.Each(g.WithContext(ctx).Model(&detachRow{}), "id", func(detachRow) error {
			if read++; read == 10 {
				cancel()
				time.Sleep(50 * time.Millisecond) // the cancel reaches the cursor
			}
			return nil
		})
		if !errors.Is(err, context.Canceled) || read >= n {
			t.Errorf("read %d of %d rows after the cancel at the 10th, ending with %v", read, n, err)
		}
	})
}
