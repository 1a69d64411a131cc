package db

import (
	"context"
	"database/sql"

	"gorm.io/gorm"
)

// detach is the context a statement runs under. A request's context ends only when its client
// goes away; watching it costs every statement a hand-off to the driver's watcher goroutine and
// a goroutine of database/sql's per result set and transaction (about a tenth of the BFF's CPU
// under the load mix), and buys little: MariaDB goes on with a statement whose connection the
// driver closed, and the IOTimeout bounds each read. So a context that can only be cancelled runs
// its statements to the end; one with a deadline keeps it (a job's or a health check's bound is
// meant), and one already over still fails at once, so a loop that stops on the error stops.
func detach(ctx context.Context) context.Context {
	_, deadline := ctx.Deadline()
	if deadline || ctx.Err() != nil || ctx.Done() == nil || ctx.Value(streaming{}) != nil {
		return ctx
	}
	return context.WithoutCancel(ctx)
}

type streaming struct{}

// Stream keeps tx's cancellation for a cursor read row by row (an export, a sweep of every
// order): its statement can run for seconds, and when the client goes away the driver then
// closes the connection at once instead of reading the rest of the result to close the cursor.
func Stream(tx *gorm.DB) *gorm.DB {
	return tx.WithContext(context.WithValue(tx.Statement.Context, streaming{}, true))
}

// pool is gorm's connection pool with statements and transactions run under detach.
type pool struct{ db *sql.DB }

func (p pool) PrepareContext(ctx context.Context, query string) (*sql.Stmt, error) {
	return p.db.PrepareContext(detach(ctx), query)
}

func (p pool) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return p.db.ExecContext(detach(ctx), query, args...)
}

func (p pool) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return p.db.QueryContext(detach(ctx), query, args...)
}

func (p pool) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return p.db.QueryRowContext(detach(ctx), query, args...)
}

func (p pool) BeginTx(ctx context.Context, opts *sql.TxOptions) (gorm.ConnPool, error) {
	tx, err := p.db.BeginTx(detach(ctx), opts)
	if err != nil {
		return nil, err
	}
	return &txPool{tx: tx, db: p.db}, nil
}

// GetDBConn lets gorm's DB() find the *sql.DB behind the pool.
func (p pool) GetDBConn() (*sql.DB, error) { return p.db, nil }

func (p pool) Ping() error { return p.db.Ping() }

// txPool is a transaction begun by pool; gorm sees it as one (TxCommitter), so a nested
// Transaction becomes a savepoint as before. A pointer: gorm tests the committer with IsNil.
type txPool struct {
	tx *sql.Tx
	db *sql.DB
}

func (t *txPool) PrepareContext(ctx context.Context, query string) (*sql.Stmt, error) {
	return t.tx.PrepareContext(detach(ctx), query)
}

func (t *txPool) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return t.tx.ExecContext(detach(ctx), query, args...)
}

func (t *txPool) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return t.tx.QueryContext(detach(ctx), query, args...)
}

func (t *txPool) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return t.tx.QueryRowContext(detach(ctx), query, args...)
}

func (t *txPool) Commit() error   { return t.tx.Commit() }
func (t *txPool) Rollback() error { return t.tx.Rollback() }

func (t *txPool) GetDBConn() (*sql.DB, error) { return t.db, nil }

// detached makes g run its statements through pool.
func detached(g *gorm.DB, sqlDB *sql.DB) {
	g.ConnPool = pool{db: sqlDB}
	g.Statement.ConnPool = g.ConnPool
}
