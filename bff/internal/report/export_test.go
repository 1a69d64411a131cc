package report

import "gorm.io/gorm"

// RollDay lets the property test rewrite one day's rollups after writing its daily rows.
func RollDay(tx *gorm.DB, day string) error { return rollDay(tx, day) }

// Pieces lets the tests see how a range is cut.
func Pieces(start, end string) ([][2]any, error) {
	ps, err := pieces(start, end)
	out := make([][2]any, len(ps))
	for i, p := range ps {
		out[i] = [2]any{p.size, p.start}
	}
	return out, err
}
