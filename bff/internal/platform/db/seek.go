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
// destination for its value. Only non-null columns qualify: NULLs have no place in a > b.
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
	keyOf, err := columnOf[T](tx, col)
	if err != nil {
		return nil, err
	}
	q, skip := tx, offset
	if m, found := marks.Nearest(list, offset); found {
		op := ">"
		if desc {
			op = "<"
		}
		q = q.Where(fmt.Sprintf("(%s %s ? OR (%s = ? AND id %s ?))", col, op, col, op), m.Key, m.Key, m.ID)
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
		key := keys[col]()
		keyOf(row, key)
		marks.Put(list, cache.Mark{Offset: at, Key: reflect.ValueOf(key).Elem().Interface(), ID: id(*row)})
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
