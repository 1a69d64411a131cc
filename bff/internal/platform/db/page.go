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
// eitherIDs).
func PageByIDs[T any](tx *gorm.DB, order string, offset, limit int, either ...clause.Expr) ([]T, error) {
	sch, err := schemaOf[T](tx)
	if err != nil {
		return nil, err
	}
	table := sch.Table
	ids := eitherIDs(tx, either, order, offset, limit)
	rows := []T{}
	// The outer order sorts the page's few rows again: a derived table keeps no order of its own.
	err = tx.Session(&gorm.Session{NewDB: true}).Table(table).Select(table+".*").
		Joins("JOIN (?) AS page_ids ON page_ids.page_id = "+table+".id", ids).
		Order(order).Find(&rows).Error
	return rows, err
}

// orderColumn is a plain column of a page order ("create_time DESC").
var orderColumn = regexp.MustCompile(`^([a-z_][a-z0-9_]*)(?: (?:ASC|DESC))?$`)

// eitherIDs selects the page's ids of the rows tx selects that match any of either. An OR of two
// indexed filters (a phone's first or last four digits) is an index merge: every match read and
// sorted for a page of 20. Instead each alternative reads its own first offset+limit ids in the
// page's order, from an index that starts with its filter and goes on with the order's columns,
// and the page is cut from their union (UNION drops a row both alternatives found). Only an order
// of plain columns can be merged so; another is read with the plain OR. The order must end with
// the id, as every list's does: without it, each side could cut its ties differently.
func eitherIDs(tx *gorm.DB, either []clause.Expr, order string, offset, limit int) *gorm.DB {
	page := func(q *gorm.DB) *gorm.DB {
		return q.Select("id AS page_id").Order(order).Offset(offset).Limit(limit)
	}
	if len(either) == 0 {
		return page(tx)
	}
	var cols []string
	for _, part := range strings.Split(order, ", ") {
		m := orderColumn.FindStringSubmatch(part)
		if m == nil {
			return page(tx.Where(AnyOf(either)))
		}
		cols = append(cols, m[1])
	}
	if !slices.Contains(cols, "id") {
		cols = append(cols, "id")
	}
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
