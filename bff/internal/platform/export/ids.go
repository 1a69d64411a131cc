package export

import (
	"strconv"
	"strings"
)

// Filter returns the named filter's value, "" when absent: a filter.Get, so that an export reads
// its filters through the list's own parsing.
func (q Query) Filter(name string) string { return q.Filters[name] }

// Int64IDs is the selection as integer IDs for a Source over a table with integer keys: nil
// when nothing is selected (downloadAll), and when no selected ID is a positive integer,
// []int64{0}, which selects no row rather than every row.
func (q Query) Int64IDs() []int64 {
	if len(q.IDs) == 0 {
		return nil
	}
	out := make([]int64, 0, len(q.IDs))
	for _, id := range q.IDs {
		if n, err := strconv.ParseInt(id, 10, 64); err == nil && n > 0 {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		return []int64{0}
	}
	return out
}

// OrderBy is an ORDER BY clause for the query's sorts (fields the resource declared Sortable,
// mapped to columns), ties broken by id in the direction of the last one (as the lists do:
// httpx.ParseSort); "" when the query has none.
func (q Query) OrderBy(columns map[string]string) string {
	if len(q.Sort) == 0 {
		return ""
	}
	parts := make([]string, 0, len(q.Sort)+1)
	for _, s := range q.Sort {
		dir := " ASC"
		if s.Desc {
			dir = " DESC"
		}
		parts = append(parts, columns[s.Field]+dir)
	}
	tie := "id ASC"
	if q.Sort[len(q.Sort)-1].Desc {
		tie = "id DESC"
	}
	return strings.Join(append(parts, tie), ", ")
}
