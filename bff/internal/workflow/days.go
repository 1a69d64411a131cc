package workflow

import (
	"strconv"
	"time"
)

// dayMS is the length of a leave day: a leave lasts (end - start) / 86,400,000 ms days, rounded
// to two decimals (docs/decisions.md "Leave request (first workflow slice)") — the same rule as
// the form's LeaveDateRange.
const dayMS = 86_400_000

// hundredths is the length of [start, end) in hundredths of a day, rounded half up.
func hundredths(start, end time.Time) int64 {
	ms := end.Sub(start).Milliseconds()
	if ms <= 0 {
		return 0
	}
	return (ms*100 + dayMS/2) / dayMS
}

// daysOf turns hundredths into the number the API shows (3.5, not 350).
func daysOf(h int64) float64 { return float64(h) / 100 }

// daysText writes hundredths as a plain number of days for messages: 3, 3.5, 0.25.
func daysText(h int64) string { return strconv.FormatFloat(daysOf(h), 'f', -1, 64) }
