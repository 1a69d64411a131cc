package db

import (
	"fmt"
	"reflect"
	"strings"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"mallconsole/bff/internal/platform/cache"
)

// SeekKeys are the columns a list may start a page from a mark on, each with a new scan
// destination for its value (a *time.Time for a nullable time column too: a NULL is marked as no
// key, seekPast).
type SeekKeys map[string]func() any

// seekable reads an order of one column and the id in the same direction ("price ASC, id ASC").
func seekable(order string, keys SeekKeys) (col string, desc bool, ok bool) {
	first, tie, found := strings.Cut(order, ", ")
	if !found {
		return "", false, false
	}
	col, dir, _ := strings.Cut(first, " ")
	if _, ok := keys[col]; !ok || tie != "id "+dir || (dir != "ASC" && dir != "DESC") {
		return "", false, false
	}
	return col, dir == "DESC", true
}

// PageByIDsMarked is PageByIDs for a list whose pages are remembered: a page starts from the
// nearest mark before it (WHERE (col, id) past the mark, then only the rest of the offset), and
// the page read leaves a mark where the next one begins. Paging on, or back, through a million
// rows then costs what the first page costs; a jump far past every mark walks from the nearest
// once, and marks where it begins for the next time.
// list names the filters and the order (marks of one list are meaningless for another); an
// order keys cannot serve is read as PageByIDs reads it.
func PageByIDsMarked[T any](tx *gorm.DB, order string, offset, limit int, id func(T) int64,
	marks *cache.Marks, list string, keys SeekKeys, either ...clause.Expr) ([]T, error) {
	col, desc, ok := seekable(order, keys)
	if !ok {
		return PageByIDs[T](tx, order, offset, limit, either...)
	}
	keyOf, nullable, err := columnOf[T](tx, col)
	if err != nil {
		return nil, err
	}
	q, skip := tx, offset
	if m, found := marks.Nearest(list, offset); found {
		q = seekPast(q, col, desc, nullable, m)
		skip = offset - m.Offset
	}
	// A page not at a mark is read with the row before it, which marks where it begins: the
	// same page asked again (a reload, another user) then starts right there.
	before := 0
	if skip > 0 {
		before = 1
	}
	rows, err := PageByIDs[T](q, order, skip-before, limit+before, either...)
	if err != nil {
		return nil, err
	}
	mark := func(at int, row *T) {
		m := cache.Mark{Offset: at, ID: id(*row)}
		if key := keys[col](); keyOf(row, key) {
			m.Key = reflect.ValueOf(key).Elem().Interface()
		}
		marks.Put(list, m)
	}
	if before > 0 && len(rows) > 0 {
		mark(offset, &rows[0])
		rows = rows[1:]
	}
	if limit > 0 && len(rows) == limit {
		mark(offset+limit, &rows[len(rows)-1])
	}
	return rows, nil
}

// seekPast narrows q to the rows after mark m in the order col (ASC or DESC), id. Both databases
// sort NULLs before every value: first going up, last going down. A mark on a NULL (Key nil)
// goes on among the NULLs by id; a nullable column's NULLs come after every value going down.
func seekPast(q *gorm.DB, col string, desc, nullable bool, m cache.Mark) *gorm.DB {
	op := ">"
	if desc {
		op = "<"
	}
	switch {
	case m.Key == nil && desc:
		return q.Where(fmt.Sprintf("(%s IS NULL AND id < ?)", col), m.ID)
	case m.Key == nil:
		return q.Where(fmt.Sprintf("((%s IS NULL AND id > ?) OR %s IS NOT NULL)", col, col), m.ID)
	case desc && nullable:
		return q.Where(fmt.Sprintf("(%s < ? OR (%s = ? AND id < ?) OR %s IS NULL)", col, col, col), m.Key, m.Key, m.ID)
	}
	return q.Where(fmt.Sprintf("(%s %s ? OR (%s = ? AND id %s ?))", col, op, col, op), m.Key, m.Key, m.ID)
}
