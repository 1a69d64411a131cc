package db

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
	"gorm.io/gorm/schema"
)

// PageByIDs returns one page of the rows tx selects, in order, as a deferred join: the page's ids
// alone in a derived table (with an index that covers the filters and the order, the offset is
// walked in the index and no row is read for the rows skipped), joined to the rows by primary
// key. A deep page (offset 10,000) then costs an index walk, not 10,000 row reads; and the page
// is one statement, not one for the ids and one for their rows.
// either, when given, is one more filter: a row matches when it matches any of them (see
// eitherIDs). Columns tx omits (tx.Omit) are not read: a list leaves out what only a detail
// shows.
func PageByIDs[T any](tx *gorm.DB, order string, offset, limit int, either ...clause.Expr) ([]T, error) {
	sch, err := schemaOf[T](tx)
	if err != nil {
		return nil, err
	}
	table := sch.Table
	keys := pageKeysOf(order)
	ids := eitherIDs(tx, either, order, keys, offset, limit)
	rows := []T{}
	// The outer order sorts the page's few rows again: a derived table keeps no order of its own.
	// It sorts them by the keys the derived table carries, so that the database sorts the page's
	// ids before the join rather than the joined rows after it (a temporary table of whole rows,
	// on disk when a row has a TEXT column: twice the database's time for a goods page).
	err = tx.Session(&gorm.Session{NewDB: true}).Table(table).Select(columnsBut(sch, tx.Statement.Omits)).
		Joins("JOIN (?) AS page_ids ON page_ids.page_id = "+table+".id", ids).
		Order(keys.outer(order)).Find(&rows).Error
	return rows, err
}

// orderColumn is a plain column of a page order ("create_time DESC").
var orderColumn = regexp.MustCompile(`^([a-z_][a-z0-9_]*)(?: (ASC|DESC))?$`)

// pageKeys are the plain columns of a page order with their directions; nil for an order that
// is not only plain columns ("(rank % 7) ASC").
type pageKeys []struct{ col, dir string }

func pageKeysOf(order string) pageKeys {
	var keys pageKeys
	for _, part := range strings.Split(order, ", ") {
		m := orderColumn.FindStringSubmatch(part)
		if m == nil {
			return nil
		}
		keys = append(keys, struct{ col, dir string }{m[1], m[2]})
	}
	return keys
}

// cols are the key columns, the id among them (last when the order lacks it).
func (k pageKeys) cols() []string {
	var cols []string
	for _, key := range k {
		cols = append(cols, key.col)
	}
	if !slices.Contains(cols, "id") {
		cols = append(cols, "id")
	}
	return cols
}

// inner selects a page's id and its keys, as page_id and page_k0, page_k1, …
func (k pageKeys) inner() string {
	sel := "id AS page_id"
	for i, key := range k {
		if key.col != "id" {
			sel += fmt.Sprintf(", %s AS page_k%d", key.col, i)
		}
	}
	return sel
}

// outer is the order again over the derived table's columns; order itself when it is not plain.
func (k pageKeys) outer(order string) string {
	if k == nil {
		return order
	}
	parts := make([]string, len(k))
	for i, key := range k {
		col := fmt.Sprintf("page_ids.page_k%d", i)
		if key.col == "id" {
			col = "page_ids.page_id"
		}
		parts[i] = strings.TrimSpace(col + " " + key.dir)
	}
	return strings.Join(parts, ", ")
}

// columnsBut lists the table's columns but omit, each with its table; the whole row when none is
// omitted.
func columnsBut(sch *schema.Schema, omit []string) string {
	if len(omit) == 0 {
		return sch.Table + ".*"
	}
	var cols []string
	for _, c := range sch.DBNames {
		if !slices.Contains(omit, c) {
			cols = append(cols, sch.Table+"."+c)
		}
	}
	return strings.Join(cols, ", ")
}

// eitherIDs selects the page's ids (with its keys) of the rows tx selects that match any of
// either. An OR of two indexed filters (a phone's first or last four digits) is an index merge:
// every match read and sorted for a page of 20. Instead each alternative reads its own first
// offset+limit ids in the page's order, from an index that starts with its filter and goes on
// with the order's columns, and the page is cut from their union (UNION drops a row both
// alternatives found). Only an order of plain columns can be merged so; another is read with the
// plain OR. The order must end with the id, as every list's does: without it, each side could
// cut its ties differently.
func eitherIDs(tx *gorm.DB, either []clause.Expr, order string, keys pageKeys, offset, limit int) *gorm.DB {
	page := func(q *gorm.DB) *gorm.DB {
		sel := "id AS page_id"
		if keys != nil {
			sel = keys.inner()
		}
		return q.Select(sel).Order(order).Offset(offset).Limit(limit)
	}
	if len(either) == 0 {
		return page(tx)
	}
	if keys == nil {
		return page(tx.Where(AnyOf(either)))
	}
	cols := keys.cols()
	parts := make([]string, len(either))
	vars := make([]any, len(either))
	for i, e := range either {
		branch := tx.Session(&gorm.Session{}).Where(e).Select(cols).Order(order)
		if limit > 0 {
			branch = branch.Limit(offset + limit)
		}
		parts[i], vars[i] = fmt.Sprintf("SELECT * FROM (?) AS either_%d", i), branch
	}
	union := tx.Session(&gorm.Session{NewDB: true}).Table("("+strings.Join(parts, " UNION ")+") AS either_rows", vars...)
	return page(union)
}

// AnyOf is either as one filter: a row matches when it matches any of them (what a count of the
// rows a paged either selects asks).
func AnyOf(either []clause.Expr) clause.Expression {
	out := make([]clause.Expression, len(either))
	for i, e := range either {
		out[i] = e
	}
	return clause.Or(out...)
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
// the same kind: a money.Fen into an int64) and tells false for a NULL, and whether the column
// may hold NULLs (its field is a pointer).
func columnOf[T any](tx *gorm.DB, col string) (func(row *T, dst any) bool, bool, error) {
	sch, err := schemaOf[T](tx)
	if err != nil {
		return nil, false, err
	}
	f := sch.LookUpField(col)
	if f == nil {
		return nil, false, fmt.Errorf("page rows: %s has no column %s", sch.Table, col)
	}
	return func(row *T, dst any) bool {
		v := f.ReflectValueOf(tx.Statement.Context, reflect.ValueOf(row).Elem())
		if v.Kind() == reflect.Pointer && v.IsNil() {
			return false
		}
		d := reflect.ValueOf(dst).Elem()
		d.Set(reflect.Indirect(v).Convert(d.Type()))
		return true
	}, f.FieldType.Kind() == reflect.Pointer, nil
}
