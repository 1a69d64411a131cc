package db

import (
	"slices"
	"strings"

	"gorm.io/gorm"
)

// PageIndex is an index a list page's ids can be read from in the page's order: its columns are
// the Equal filters (in any order among themselves), then the order's column, then the id, which
// InnoDB adds to every secondary index when it is not named.
type PageIndex struct {
	Name  string
	Equal []string
	Order string
}

// PageShape is what a list page asks of its table: the columns it filters by equality, the
// column it is ordered by before the id, and whether anything else narrows it (a text search, a
// range on another column, ids): then no index serves it exactly.
type PageShape struct {
	Equal []string
	Order string
	Other bool
}

// Equals adds col to the columns filtered by equality when the filter is set.
func (s *PageShape) Equals(col string, set bool) {
	if set {
		s.Equal = append(s.Equal, col)
	}
}

// OrderColumn is the order column of a page order "col DIR, id DIR" (both one way); "" for any
// other order.
func OrderColumn(order string) string {
	keys := pageKeysOf(order)
	if len(keys) != 2 || keys[1].col != "id" || keys[0].dir != keys[1].dir {
		return ""
	}
	return keys[0].col
}

// IndexFor is the index of indexes that serves shape exactly; "" when none does.
func IndexFor(indexes []PageIndex, shape PageShape) string {
	if shape.Other || shape.Order == "" {
		return ""
	}
	want := slices.Sorted(slices.Values(shape.Equal))
	for _, ix := range indexes {
		if ix.Order == shape.Order && slices.Equal(slices.Sorted(slices.Values(ix.Equal)), want) {
			return ix.Name
		}
	}
	return ""
}

// ReadFrom has MySQL read tx's rows of table through index (FORCE INDEX) when index is set. For a
// page whose shape an index serves exactly, the plan is known: the index walked from the page's
// start, no sort. Naming it spares the optimizer weighing every other index of the table for
// each page, which cost MariaDB more than reading the page (docs/figures.md, "Tenth pass").
// SQLite chooses well without, and has no such hint.
func ReadFrom(tx *gorm.DB, table, index string) *gorm.DB {
	if index == "" || Dialect(tx) != MySQL || strings.ContainsAny(index+table, " `()") {
		return tx
	}
	return tx.Table(table + " FORCE INDEX (" + index + ")")
}
