package export

import (
	"context"

	"mallconsole/bff/internal/platform/money"
)

// Column kinds beyond plain values: a column function may return these, and the sheet writes
// what a person reads and a spreadsheet computes with.
//
//   - money.Fen: a number cell in yuan with the "0.00" number format, so that SUM works on the
//     column (text "12.50" would not add up); see Write.
//   - Coded (through Label): a dictionary value written as its label (家居, not home), looked up
//     through the Resource's Labels once per dictionary and export.

// Coded is a dictionary value the sheet writes as its label in the dictionary Dict.
type Coded struct{ Dict, Value string }

// Label is the column kind of a dictionary value: value(row) read in the dictionary dict.
func Label[T any](dict string, value func(T) string) func(T) any {
	return func(v T) any { return Coded{Dict: dict, Value: value(v)} }
}

// Money is the column kind of an amount in fen.
func Money[T any](amount func(T) money.Fen) func(T) any {
	return func(v T) any { return amount(v) }
}

// Labels reads a dictionary's labels by value (dict.LabelsOf). The labels are the Chinese ones,
// as the sheet's statuses are: an export is not told the reader's language.
type Labels func(ctx context.Context, dict string) (map[string]string, error)

// labelled hands emit the rows with their Coded values replaced by labels, each dictionary read
// once. A value the dictionary does not know (an entry deleted since) is written as it is, so the
// sheet still says something; empty stays empty.
func labelled(ctx context.Context, labels Labels, emit Emit) Emit {
	read := map[string]map[string]string{}
	return func(row []any) error {
		for i, v := range row {
			c, ok := v.(Coded)
			if !ok {
				continue
			}
			if c.Value == "" {
				row[i] = nil
				continue
			}
			m, done := read[c.Dict]
			if !done && labels != nil {
				var err error
				if m, err = labels(ctx, c.Dict); err != nil {
					return err
				}
				read[c.Dict] = m
			}
			if l, ok := m[c.Value]; ok && l != "" {
				row[i] = l
			} else {
				row[i] = c.Value
			}
		}
		return emit(row)
	}
}
