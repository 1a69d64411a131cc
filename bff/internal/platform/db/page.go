package db

import (
	"fmt"
	"reflect"

	"gorm.io/gorm"
	"gorm.io/gorm/schema"
)

// PageByIDs returns one page of the rows tx selects, in order, as a deferred join: the page's ids
// alone in a derived table (with an index that covers the filters and the order, the offset is
// walked in the index and no row is read for the rows skipped), joined to the rows by primary
// key. A deep page (offset 10,000) then costs an index walk, not 10,000 row reads; and the page
// is one statement, not one for the ids and one for their rows.
func PageByIDs[T any](tx *gorm.DB, order string, offset, limit int) ([]T, error) {
	sch, err := schemaOf[T](tx)
	if err != nil {
		return nil, err
	}
	table := sch.Table
	ids := tx.Select("id AS page_id").Order(order).Offset(offset).Limit(limit)
	rows := []T{}
	// The outer order sorts the page's few rows again: a derived table keeps no order of its own.
	err = tx.Session(&gorm.Session{NewDB: true}).Table(table).Select(table+".*").
		Joins("JOIN (?) AS page_ids ON page_ids.page_id = "+table+".id", ids).
		Order(order).Find(&rows).Error
	return rows, err
}

// schemaOf is gorm's description of T's rows (parsed once per type; gorm keeps it).
func schemaOf[T any](tx *gorm.DB) (*schema.Schema, error) {
	stmt := &gorm.Statement{DB: tx}
	if err := stmt.Parse(new(T)); err != nil {
		return nil, fmt.Errorf("page rows: %w", err)
	}
	return stmt.Schema, nil
}

// columnOf returns a function that copies column col of a T into the value dst points to (of
// the same kind: a money.Fen into an int64).
func columnOf[T any](tx *gorm.DB, col string) (func(row *T, dst any), error) {
	sch, err := schemaOf[T](tx)
	if err != nil {
		return nil, err
	}
	f := sch.LookUpField(col)
	if f == nil {
		return nil, fmt.Errorf("page rows: %s has no column %s", sch.Table, col)
	}
	return func(row *T, dst any) {
		v := reflect.Indirect(f.ReflectValueOf(tx.Statement.Context, reflect.ValueOf(row).Elem()))
		d := reflect.ValueOf(dst).Elem()
		d.Set(v.Convert(d.Type()))
	}, nil
}
