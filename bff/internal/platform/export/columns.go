package export

import (
	"maps"
	"slices"
)

// Columns says how a Source over rows of T writes each exportable field.
type Columns[T any] map[string]func(T) any

// Keys lists a whitelist's names in order (a Resource's Fields from its Columns, Sortable from
// a sort map).
func Keys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// Emitter turns each row into the values of the query's fields and hands them to emit.
func (c Columns[T]) Emitter(q Query, emit Emit) func(T) error {
	row := make([]any, len(q.Fields))
	return func(v T) error {
		for i, f := range q.Fields {
			row[i] = c[f](v)
		}
		return emit(row)
	}
}
