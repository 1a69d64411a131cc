package db

import (
	"context"
	"errors"

	"github.com/go-sql-driver/mysql"
)

// Transient reports whether err is a transaction InnoDB gave up for another's sake (deadlock
// 1213, lock wait timeout 1205): the whole transaction may run again.
func Transient(err error) bool {
	var me *mysql.MySQLError
	return errors.As(err, &me) && (me.Number == 1213 || me.Number == 1205)
}

// Retry runs fn, and again (at most attempts times in all) while it fails with a Transient
// error. fn must be a whole transaction: nothing of a failed run remains.
func Retry(ctx context.Context, attempts int, fn func() error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = fn(); !Transient(err) || ctx.Err() != nil {
			return err
		}
	}
	return err
}
