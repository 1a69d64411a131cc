package db_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
)

// A pool whose every connection is in a transaction, while a query outside waits for one,
// still moves: each transaction runs the very statement the outside query is waiting to run,
// then commits. With gorm's statement cache (PrepareStmt) this deadlocked: the outside query
// prepares the statement on the pool and the transactions wait for that preparation
// (go-gorm/gorm#7465). On MariaDB, whose pool is large enough to hold many transactions at
// once; SQLite runs one writing transaction at a time.
func TestPoolFullOfTransactionsMoves(t *testing.T) {
	g := dbtest.Open(t, db.MySQL)
	sqlDB, err := g.DB()
	if err != nil {
		t.Fatal(err)
	}
	n := sqlDB.Stats().MaxOpenConnections
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	txs := make([]*gorm.DB, n)
	for i := range txs {
		if txs[i] = g.WithContext(ctx).Begin(); txs[i].Error != nil {
			t.Fatal(txs[i].Error)
		}
	}
	const q = "SELECT 40 + ? AS v"
	waits := sqlDB.Stats().WaitCount
	outside := make(chan error, 1)
	go func() {
		var v int
		outside <- g.WithContext(ctx).Raw(q, 2).Scan(&v).Error
	}()
	for i := 0; sqlDB.Stats().WaitCount == waits; i++ {
		if i == 500 {
			t.Fatal("the outside query never waited for a connection")
		}
		time.Sleep(10 * time.Millisecond)
	}
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i, tx := range txs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var v int
			if errs[i] = tx.Raw(q, i).Scan(&v).Error; errs[i] == nil && v != 40+i {
				t.Errorf("transaction %d read %d", i, v)
			}
			if err := tx.Commit().Error; errs[i] == nil {
				errs[i] = err
			}
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("transaction %d: %v (the pool deadlocked until the deadline)", i, err)
		}
	}
	if err := <-outside; err != nil {
		t.Fatal(err)
	}
}
