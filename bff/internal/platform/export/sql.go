package export

import (
	"fmt"

	"github.com/labstack/echo/v4"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"mallconsole/bff/internal/platform/db"
)

// Op is how a filter compares.
type Op int

// Filter operators.
const (
	Eq   Op = iota // column = value
	Like           // column LIKE %value% (wildcards in value escaped)
	From           // column >= value (start of a range)
	To             // column <= value (end of a range)
)

// Filter maps a filter name to a column.
type Filter struct {
	Column string
	Op     Op
}

// Table is a Source over one SQL table (or view): the columns behind each exportable field, the
// filters, the key that ids select. Rows are read through one cursor, fetched by the driver in
// network-sized batches, and handed on one at a time.
type Table struct {
	DB      *gorm.DB
	Name    string
	Key     string            // column the ids match
	Columns map[string]string // field → column (also the sortable fields' columns)
	Filters map[string]Filter
	// Scope narrows the rows to what the caller may see (data scope); nil = everything.
	Scope func(c echo.Context, tx *gorm.DB) *gorm.DB
}

// Resource declares t as an export resource.
func (t *Table) Resource(title string, fields, sortable []string) Resource {
	for _, f := range append(append([]string{}, fields...), sortable...) {
		if _, ok := t.Columns[f]; !ok {
			panic(fmt.Sprintf("export %s: field %s has no column", t.Name, f)) // programming error
		}
	}
	filters := make([]string, 0, len(t.Filters))
	for f := range t.Filters {
		filters = append(filters, f)
	}
	return Resource{Title: title, Fields: fields, Filters: filters, Sortable: sortable, Rows: t.Rows}
}

// Rows streams the query's rows.
func (t *Table) Rows(c echo.Context, q Query, emit Emit) error {
	tx := t.DB.WithContext(c.Request().Context()).Table(t.Name)
	cols := make([]clause.Column, len(q.Fields))
	for i, f := range q.Fields {
		cols[i] = clause.Column{Name: t.Columns[f]}
	}
	tx = tx.Clauses(clause.Select{Columns: cols})
	if len(q.IDs) > 0 {
		tx = tx.Where(clause.IN{Column: clause.Column{Name: t.Key}, Values: anys(q.IDs)})
	}
	for name, v := range q.Filters {
		f := t.Filters[name]
		col := clause.Column{Name: f.Column}
		switch f.Op {
		case Like:
			tx = tx.Where(clause.Expr{SQL: db.LikeSQL("?"), Vars: []any{col, db.Contains(v)}})
		case From:
			tx = tx.Where(clause.Gte{Column: col, Value: v})
		case To:
			tx = tx.Where(clause.Lte{Column: col, Value: v})
		default:
			tx = tx.Where(clause.Eq{Column: col, Value: v})
		}
	}
	if t.Scope != nil {
		tx = t.Scope(c, tx)
	}
	for _, s := range q.Sort {
		tx = tx.Order(clause.OrderByColumn{Column: clause.Column{Name: t.Columns[s.Field]}, Desc: s.Desc})
	}
	tx = tx.Order(clause.OrderByColumn{Column: clause.Column{Name: t.Key}})
	rows, err := db.Stream(tx).Rows()
	if err != nil {
		return err
	}
	defer rows.Close()
	vals := make([]any, len(q.Fields))
	ptrs := make([]any, len(q.Fields))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		if err := emit(vals); err != nil {
			return err
		}
	}
	return rows.Err()
}

func anys(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
